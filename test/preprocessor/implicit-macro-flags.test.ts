// The flags a unit's compiler is asked its implicit macros with are parseCompileArgs' target flags, one list, in
// command-line order: the value of another flag (`-Xassembler -fgnu89-inline`) is none of them.
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { setUpUnit } from '../../src/preprocessor/unit-environment.js';

const provider = new ImplicitMacroProvider({ useRealCompiler: false });

describe('the flags implicit macros are asked with', () => {
  it('are the target flags in order, none taken from another flag', () => {
    const unit: CompileUnit = {
      file: '/p/u.c',
      directory: '/p',
      arguments: ['arm-none-eabi-gcc', '-mcpu=cortex-m4', '-Xassembler', '-fgnu89-inline', '-ffreestanding', '-fchar8_t', '-trigraphs', '--specs=nano.specs', '-c', 'u.c'],
    };
    const { implicit, args } = setUpUnit(unit, provider);
    const asked = ['-mcpu=cortex-m4', '-ffreestanding', '-fchar8_t', '-trigraphs', '--specs=nano.specs'];
    expect(args.targetFlags).toEqual(asked);
    expect(implicit.source.targetFlags).toEqual(asked);
  });
});
