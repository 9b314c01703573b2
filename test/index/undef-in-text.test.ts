// A file's own #undef ends a header's macro for the lines after it, as the compiler reads them: the retarget
// pattern (`#undef putc`, then `int putc(int c) { ... }`) defines the function, not the macro's expansion. An #undef
// the compiler does not read (an inactive branch) leaves the macro in force; a #define after the #undef applies.
import { beforeAll, describe, expect, it } from 'vitest';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
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
