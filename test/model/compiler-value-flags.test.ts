// Every flag of the value table has its value taken as a value by both readers of a command line: parseCompileArgs
// takes no source, target flag or other flag from it, and commandWithoutOwnFiles keeps it (an output's left out) where
// it would leave a source out; two command lines whose key is the same parse alike but for the source.
import { describe, expect, it } from 'vitest';
import { commandWithoutOwnFiles, parseCompileArgs } from '../../src/model/compile-args.js';
import { VALUE_FLAGS } from '../../src/model/compiler-value-flags.js';

const parsed = (argv: string[]) => {
  const { source, ...rest } = parseCompileArgs(argv, '/p');
  return { source, rest };
};

describe('flags taking a separate value', () => {
  for (const [spelling, { use }] of VALUE_FLAGS) {
    it(`${spelling} (${use})`, () => {
      const a = ['gcc', '-c', spelling, 'a.c', 'u.c'];
      const b = ['gcc', '-c', spelling, 'b.c', 'u.c'];
      expect(parsed(a).source).toBe('/p/u.c');
      expect(JSON.parse(commandWithoutOwnFiles(a))).toEqual(['gcc', '-c', spelling, use === 'output' ? null : 'a.c', null]);
      // The same key for two command lines means the same set-up: their parses differ in the source only.
      if (commandWithoutOwnFiles(a) === commandWithoutOwnFiles(b)) expect(parsed(a).rest).toEqual(parsed(b).rest);
      else expect(use).not.toBe('output');
      // A value that looks like a flag is no flag: not a target flag of its own (armcc's --cpu/--fpu make theirs of it), not a -D.
      const flagLike = parsed(['gcc', spelling, '-mthumb', '-c', 'u.c']);
      expect(flagLike.rest.targetFlags).toEqual(spelling === '--cpu' || spelling === '--fpu' ? [`${spelling}=-mthumb`] : []);
      expect(parsed(['gcc', spelling, '-DX', 'u.c']).rest.macroOps.map((m) => m.name)).not.toContain('X');
    });
  }

  it('reads the values it uses, joined or apart, in long spellings too', () => {
    const r = parseCompileArgs(['gcc', '--include-directory', 'inc', '--define-macro=A=2', '-Ub', '-include', 'pre.h', '--sysroot=/s', '-xc++', 'u.c'], '/p');
    expect([r.includeDirs, r.macroOps, r.includes, r.sysroot, r.explicitLanguage]).toEqual([
      ['/p/inc'],
      [{ op: 'define', name: 'A', value: '2' }, { op: 'undef', name: 'b' }],
      ['/p/pre.h'],
      '/s',
      'c++',
    ]);
    // A joined value of a flag whose value is not used is an argument as any other: --specs= changes implicit macros.
    expect(parseCompileArgs(['gcc', '--specs=nano.specs', 'u.c'], '/p').targetFlags).toEqual(['--specs=nano.specs']);
    // armcc's --cpu and --fpu, apart or joined, are target flags in one spelling; --preinclude is its -include.
    const armcc = parseCompileArgs(['armcc', '--cpu', 'Cortex-M4.fp', '--fpu=FPv4-SP', '--preinclude', 'cfg.h', '--c99', 'u.c'], '/p');
    expect([armcc.targetFlags, armcc.includes]).toEqual([['--cpu=Cortex-M4.fp', '--fpu=FPv4-SP', '--c99'], ['/p/cfg.h']]);
  });

  it('reads an option passed through as written, its value passed the same way', () => {
    const r = parseCompileArgs(['clang', '-Xclang', '-include', '-Xclang', 'pch.h', '-Xpreprocessor', '-DX=1', '-c', 'u.c'], '/p');
    expect([r.includes, r.macroOps, r.source]).toEqual([['/p/pch.h'], [{ op: 'define', name: 'X', value: '1' }], '/p/u.c']);
    const key = (h: string) => commandWithoutOwnFiles(['clang', '-Xclang', '-include', '-Xclang', h, '-c', 'u.c']);
    expect(key('a.h')).not.toBe(key('b.h'));
  });
});
