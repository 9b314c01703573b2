// Which units go through the preprocessor: `.S`/`.sx` and `-x assembler-with-cpp` do; a plain `.s` and a `.asm` (no
// suffix of GCC's: armasm's own syntax, as a µVision startup file is) do not, and have no implicit macros, so no say
// in the built-ins every unit of a build agrees on.
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { unitBuiltins } from '../../src/indexer/builtin-macros.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { preprocessedImplicitMacros, setUpUnit } from '../../src/preprocessor/unit-environment.js';

const provider = new ImplicitMacroProvider({ useRealCompiler: false });
const unit = (file: string, compiler = 'armcc', flags: string[] = ['--cpu=Cortex-M3']): CompileUnit => ({ file, directory: '/p', arguments: [compiler, ...flags, '-c', '-o', `${file}.o`, file] });

describe('assembler units and preprocessing', () => {
  it('preprocesses .S, .sx and -x assembler-with-cpp; not .s, .asm or .ASM', () => {
    const cases: [CompileUnit, boolean][] = [
      [unit('/p/main.c'), true],
      [unit('/p/start.S', 'arm-none-eabi-gcc', []), true],
      [unit('/p/start.sx', 'arm-none-eabi-gcc', []), true],
      [unit('/p/start.s', 'arm-none-eabi-gcc', ['-x', 'assembler-with-cpp']), true],
      [unit('/p/start.s', 'arm-none-eabi-gcc', []), false],
      [unit('/p/startup.asm', 'armasm'), false],
      [unit('/p/STARTUP.ASM', 'armasm'), false],
    ];
    for (const [u, preprocessed] of cases) {
      expect(setUpUnit(u, provider).preprocessed, u.file).toBe(preprocessed);
      expect(preprocessedImplicitMacros(u, provider) !== undefined, u.file).toBe(preprocessed);
    }
  });

  it("leaves armasm's files out of the build's agreed built-ins: armcc's __CC_ARM stays", () => {
    const c = unit('/p/main.c');
    expect(unitBuiltins([c], provider).has('__CC_ARM')).toBe(true);
    for (const asm of ['/p/startup.s', '/p/startup.asm']) expect(unitBuiltins([unit(asm, 'armasm'), c], provider).has('__CC_ARM'), asm).toBe(true);
  });
});
