// __has_builtin of the Arm floating-point builtins GCC has only where the target has a floating-point unit
// (CMSIS's cmsis_gcc.h reads FPSCR through __builtin_arm_get_fpscr when __has_builtin says so): answered from the
// unit's target as the compiler answers it.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { hasBuiltin } from '../../src/preprocessor/compiler-features.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { setUpUnit } from '../../src/preprocessor/unit-environment.js';
import { hasTool } from '../helpers/fixture-project.js';

const TARGETS: [flags: string[], fp: boolean][] = [
  [['-mcpu=cortex-m4', '-mfpu=fpv4-sp-d16', '-mfloat-abi=hard', '-mthumb'], true],
  [['-mcpu=cortex-m55', '-mfloat-abi=hard', '-mthumb'], true],
  [['-mcpu=cortex-m4', '-mfloat-abi=soft', '-mthumb'], false],
  [['-mcpu=cortex-m0', '-mthumb'], false],
];
const BUILTINS = ['__builtin_arm_get_fpscr', '__builtin_arm_set_fpscr'];

function answers(flags: string[], useRealCompiler: boolean): number[] {
  const unit: CompileUnit = { file: '/p/u.c', directory: '/p', arguments: ['arm-none-eabi-gcc', ...flags, '-c', 'u.c'] };
  const { features } = setUpUnit(unit, new ImplicitMacroProvider({ useRealCompiler }));
  return BUILTINS.map((b) => hasBuiltin(b, features));
}

describe('__has_builtin of the Arm floating-point builtins', () => {
  it('is 1 for targets with a floating-point unit, 0 for the others (known targets table)', () => {
    expect(TARGETS.map(([flags]) => answers(flags, false))).toEqual(TARGETS.map(([, fp]) => BUILTINS.map(() => (fp ? 1 : 0))));
  });

  it('is 0 on a host compiler', () => {
    const unit: CompileUnit = { file: '/p/u.c', directory: '/p', arguments: ['gcc', '-c', 'u.c'] };
    const { features } = setUpUnit(unit, new ImplicitMacroProvider({ useRealCompiler: false }));
    expect(BUILTINS.map((b) => hasBuiltin(b, features))).toEqual([0, 0]);
  });

  it.runIf(hasTool('arm-none-eabi-gcc'))('agrees with arm-none-eabi-gcc', () => {
    for (const [flags] of TARGETS) {
      const compiler = BUILTINS.map((b) => {
        const out = execFileSync('arm-none-eabi-gcc', [...flags, '-E', '-P', '-x', 'c', '-'], { input: `#if __has_builtin(${b})\nyes\n#else\nno\n#endif\n`, encoding: 'utf8' });
        return out.includes('yes') ? 1 : 0;
      });
      expect(answers(flags, true), flags.join(' ')).toEqual(compiler);
    }
  });
});
