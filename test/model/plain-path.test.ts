// The path and command-line fast paths answer exactly what their general forms answer.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitCommand } from '../../src/model/compile-args.js';
import { normalizePath, resolvePath } from '../../src/model/plain-path.js';

const BASES = ['/', '/a', '/a/b', '/a/b/', '/a//b', '/a/./b', '/a/../b', 'rel', 'rel/x', ''];
const PATHS = ['', '.', '..', 'x.c', 'src/x.c', 'src/../x.c', './x.c', 'src//x.c', 'src/', '/abs/x.c', '/abs/./x.c', '/abs/../x.c', '/abs//x.c', '/', '//x', '.hidden/x.c', '..x/y', 'a/..b'];

describe('plain paths', () => {
  it('resolvePath equals path.resolve for every pair', () => {
    for (const base of BASES) for (const p of PATHS) expect([base, p, resolvePath(base, p)]).toEqual([base, p, path.resolve(base, p)]);
  });

  it('normalizePath equals path.normalize', () => {
    for (const p of [...PATHS, ...BASES]) expect([p, normalizePath(p)]).toEqual([p, path.normalize(p)]);
  });
});

describe('splitCommand', () => {
  it('splits plain words on any whitespace', () => {
    expect(splitCommand('  gcc -DA=1\t-Iinc\n-c  x.c ')).toEqual(['gcc', '-DA=1', '-Iinc', '-c', 'x.c']);
    expect(splitCommand('')).toEqual([]);
    expect(splitCommand('   ')).toEqual([]);
  });

  it('unquotes single and double quotes and backslashes inside a word', () => {
    expect(splitCommand(`gcc -DS='"a b"' "-DT=x y" -DU=a\\ b -I"dir with space"/inc`)).toEqual(['gcc', '-DS="a b"', '-DT=x y', '-DU=a b', '-Idir with space/inc']);
    expect(splitCommand(`cc "-DQ=\\"q\\"" -DD="\\$HOME" "a\\b"`)).toEqual(['cc', '-DQ="q"', '-DD=$HOME', 'a\\b']);
    expect(splitCommand(`cc '' ""`)).toEqual(['cc', '', '']);
  });

  it('keeps an unterminated quote to the end of the line and a trailing backslash as itself', () => {
    expect(splitCommand(`cc "-DX=a b`)).toEqual(['cc', '-DX=a b']);
    expect(splitCommand('cc x\\')).toEqual(['cc', 'x\\']);
  });

  it('treats Unicode whitespace as a separator, as /\\s/ does', () => {
    expect(splitCommand('cc\u00a0-DA\u2003x.c')).toEqual(['cc', '-DA', 'x.c']);
  });
});
