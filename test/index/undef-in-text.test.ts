// A file's own #undef ends a header's macro for the lines after it, as the compiler reads them: the retarget
// pattern (`#undef putc`, then `int putc(int c) { ... }`) defines the function, not the macro's expansion. An #undef
// the compiler does not read (an inactive branch) leaves the macro in force; a #define after the #undef applies.
import { beforeAll, describe, expect, it } from 'vitest';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { executedUndefs } from '../../src/indexer/executed-undefs.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('a unit that #undefs a macro before defining a function of its name', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'undef-in-text'])).root;
  });

  const definitions = () =>
    withProject(root, (ctx) => listSymbols(ctx, { file: 'src/retarget.c' }).symbols)
      .filter((s) => s.kind === 'function' && s.is_definition)
      .map((s) => `${s.name} ${s.line}`);

  it('defines the functions the compiler defines (nm: my_getc, my_putc, other_put, wrapped_fn)', () => {
    expect(definitions().sort()).toEqual(['my_getc 14', 'my_putc 5', 'other_put 31', 'wrapped_fn 23']);
  });
});

describe('executedUndefs', () => {
  const text = ['#undef A', '#ifdef B', '#undef B', '#endif', '#if X', '#undef C', '#endif', '#if Y', '#undef D', 'int y;', '#else', '#undef E', '#endif', '/*', '#undef F', '*/', 'int z;'].join('\n');
  it('counts top-level ones, those in a branch with a compiled line, and #ifdef NAME around #undef NAME', () => {
    // Compiled lines: 10 (`int y;` of the #if Y branch), 14-17 (the comment and `int z;`).
    expect(executedUndefs(text, [10, 10, 14, 17])).toEqual(new Map([['A', [1]], ['B', [3]], ['D', [9]]]));
  });

  it('leaves out a file without #undef', () => {
    expect(executedUndefs('#define A 1\nint a;\n', [2, 2])).toBeUndefined();
  });
});
