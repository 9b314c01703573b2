// Units whose command lines differ only in their own files (source, -o, -MF, -MT, -MQ) share one set-up: the same
// starting macros and whether preprocessed, and each the key a whole set-up gives it. Any other difference (a flag,
// a forced include, the directory, the source's extension) is a set-up of its own.
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { commandWithoutOwnFiles, parseCompileArgs } from '../../src/model/compile-args.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { setUpUnit } from '../../src/preprocessor/unit-environment.js';
import { unitKey } from '../../src/preprocessor/unit-result.js';
import { UnitSetUps } from '../../src/preprocessor/unit-set-ups.js';

const provider = new ImplicitMacroProvider({ useRealCompiler: false });

const unit = (file: string, flags: string[] = ['-DBOARD=1'], directory = '/p/build'): CompileUnit => ({
  file,
  directory,
  arguments: ['ccache', 'arm-none-eabi-gcc', ...flags, '-I/p/inc', '-MD', '-MF', `${file}.d`, '-o', `${file}.o`, '-c', file],
});

describe('unit set-ups shared by command lines without their own files', () => {
  it('one set-up for a build compiled alike, each unit keyed as a whole set-up keys it', () => {
    const setUps = new UnitSetUps(provider, { EXTRA: '1' });
    const units = ['/p/a.c', '/p/b.c', '/p/sub/c.c'].map((f) => unit(f));
    const got = units.map((u) => setUps.of(u));
    expect(setUps.made).toBe(1);
    expect(new Set(got.map((g) => g.env)).size).toBe(1);
    units.forEach((u, k) => {
      const whole = setUpUnit(u, provider, { EXTRA: '1' });
      expect(got[k].key).toBe(unitKey(u, whole));
      expect(got[k].preprocessed).toBe(whole.preprocessed);
      expect([...got[k].env]).toEqual([...whole.env]);
    });
    expect(new Set(got.map((g) => g.key)).size).toBe(3);
  });

  it('another flag, directory, extension or forced include sets up again', () => {
    const setUps = new UnitSetUps(provider);
    const units = [
      unit('/p/a.c'),
      unit('/p/b.c', ['-DBOARD=2']),
      unit('/p/c.c', ['-DBOARD=1'], '/p/other'),
      unit('/p/d.S'),
      unit('/p/e.s'),
      unit('/p/f.c', ['-DBOARD=1', '-include', '/p/f.c']),
      unit('/p/g.c', ['-DBOARD=1', '-include', '/p/g.c']),
    ];
    const got = units.map((u) => setUps.of(u));
    expect(setUps.made).toBe(7);
    units.forEach((u, k) => expect(got[k].key).toBe(unitKey(u, setUpUnit(u, provider))));
    expect(got.map((g) => g.preprocessed)).toEqual([true, true, true, true, false, true, true]);
  });

  it('command lines of one form parse alike but for the source', () => {
    const a = ['gcc', '-I', 'inc', '-include', 'pre.h', '-o', 'a.o', '-MT', 'a.o', '-c', 'a.c'];
    const b = ['gcc', '-I', 'inc', '-include', 'pre.h', '-o', 'b.o', '-MT', 'b.o', '-c', 'b.c'];
    expect(commandWithoutOwnFiles(a)).toBe(commandWithoutOwnFiles(b));
    const { source: sa, ...pa } = parseCompileArgs(a, '/p', '/p/a.c');
    const { source: sb, ...pb } = parseCompileArgs(b, '/p', '/p/b.c');
    expect([sa, sb]).toEqual(['/p/a.c', '/p/b.c']);
    expect(pa).toEqual(pb);
    // A file a flag takes as its value is not the source: it stays.
    expect(commandWithoutOwnFiles(['gcc', '-include', 'x.c', '-c', 'a.c'])).not.toBe(commandWithoutOwnFiles(['gcc', '-include', 'y.c', '-c', 'a.c']));
    expect(commandWithoutOwnFiles(['gcc', '-x', 'c', 'a.h'])).not.toBe(commandWithoutOwnFiles(['gcc', '-x', 'c++', 'a.h']));
  });
});
