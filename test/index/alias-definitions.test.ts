// A declaration with GNU's alias attribute defines its name (nm lists it defined): written out or by a macro, for a
// variable or a function, weak or not; a plain extern or prototype stays a declaration.
import { beforeAll, describe, expect, it } from 'vitest';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('alias declarations', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'alias-definitions'])).root;
  });

  it('are definitions, as nm lists them (D count_alias, T fn_alias, W weak_fn, T macro_alias, T string_macro_alias); plain externs are not', () => {
    const rows = withProject(root, (ctx) => listSymbols(ctx, { file: 'src/aliases.c' }).symbols);
    const defined = (name: string) => rows.filter((s) => s.name === name).map((s) => s.is_definition);
    for (const name of ['real_count', 'count_alias', 'real_fn', 'fn_alias', 'weak_fn', 'macro_alias', 'string_macro_alias', 'use']) expect(defined(name)).toEqual([true]);
    for (const name of ['plain_extern', 'plain_decl']) expect(defined(name)).toEqual([false]);
  });
});
