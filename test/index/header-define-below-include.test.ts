// A header read once sees a #define of a header first read through its own #include only below that #include, as
// gcc -E has it (glibc's stdio.h declares fread_unlocked above `#include <bits/stdio.h>`, which defines it as a macro
// writing a statement expression: the declaration was read expanded, as variables and a function `__extension__`).
import { beforeAll, describe, expect, it } from 'vitest';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { usesInSymbols } from '../helpers/uses-in-symbols.js';

describe('a declaration above the #include of the header defining its name as a macro', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'header-define-below-include'])).root;
  });

  const uses = (name: string) => usesInSymbols(root, name);

  it('is the function declared, with no variable of the expansion', () => {
    const rows = withProject(root, (ctx) => listSymbols(ctx, { file: 'include/fileio.h' }).symbols);
    expect(rows.filter((s) => s.kind !== 'field' && s.kind !== 'struct' && s.kind !== 'typedef').map((s) => `${s.kind} ${s.name} ${s.line}`)).toEqual([
      'function read_unlocked 4',
      'function peek 5',
      'varlocal c 5',
    ]);
  });

  it('is called above the #include and expanded below it, in both units', () => {
    expect(uses('read_unlocked')).toEqual(['peek include/fileio.h:5 call']);
    expect(uses('fast_getc')).toEqual(['load src/load.c:3 macro_call']);
  });
});
