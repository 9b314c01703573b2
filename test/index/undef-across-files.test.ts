// An #undef the walk executes ends a macro for every line read after it, in any file: a header's #undef reaches the
// unit's file (and a second unit replaying that header's walk), an #undef in a nested branch holding no compiled line
// counts when the branch is taken, and a macro defined again after its #undef expands that definition, not the
// first one the build's macro table holds. The fixture was checked with gcc and nm (see its README).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { findCallees } from '../../src/query/call-graph/call-sites.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { replaceInFile } from '../helpers/edit-file.js';

const definitionsIn = (root: string, file: string) =>
  withProject(root, (ctx) => listSymbols(ctx, { file }).symbols)
    .filter((s) => s.kind === 'function' && s.is_definition)
    .map((s) => `${s.name} ${s.line}`)
    .sort();

const calleesIn = (root: string, name: string) =>
  (withProject(root, (ctx) => findCallees(ctx, { name })) as unknown as Record<string, unknown>[]).filter((r) => 'callee' in r).map((r) => r.callee);

const edit = replaceInFile;

describe('#undefs executed in a header and in nested branches', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'undef-across-files'])).root;
  });

  const definitions = (file: string) => definitionsIn(root, file);
  const callees = (name: string) => calleesIn(root, name);

  it('defines in retarget.c what nm shows: my_putc, my_getc, flush_all, other_out, weak_hook (an empty macro ended: not blanked)', () => {
    expect(definitions('src/retarget.c')).toEqual(['flush_all 28', 'my_getc 17', 'my_putc 6', 'other_out 34', 'weak_hook 40']);
  });

  it("defines in logger.c what nm shows: my_log (ended by the header it replays), read_twice, clamp_value (ended in the unit's file, defined only by a header another unit reads), use_clamp", () => {
    expect(definitions('src/logger.c')).toEqual(['clamp_value 18', 'my_log 5', 'read_twice 11', 'use_clamp 23']);
  });

  it('expands a macro defined again after its #undef with the new definition', () => {
    expect(callees('my_log')).toEqual(['other_out']);
    expect(callees('read_twice')).toEqual(['read_char', 'read_char']);
  });
});

describe('#undefs edited: the index follows them on re-index', () => {
  it("a header's #undef removed: the unit's function is the macro's expansion again (nm: emit_char)", async () => {
    const { root } = await indexedFixture(['index', 'undef-across-files']);
    edit(path.join(root, 'include/retarget.h'), '#undef my_putc\n', '');
    await indexProject({ root, workers: 0 });
    expect(definitionsIn(root, 'src/retarget.c')).toEqual(['emit_char 6', 'flush_all 28', 'my_getc 17', 'other_out 34', 'weak_hook 40']);
  });

  it("an #undef added to a unit's file: what it calls after it is the function (nm: U my_getc)", async () => {
    const { root } = await indexedFixture(['index', 'undef-across-files']);
    edit(path.join(root, 'src/logger.c'), '/* This unit did not end my_getc. */\n', '#undef my_getc\n');
    await indexProject({ root, workers: 0 });
    expect(calleesIn(root, 'read_twice')).toEqual(['my_getc', 'my_getc']);
  });

  it('lines added between directives: the unit carried over, its #undefs moved with the lines', async () => {
    const { root } = await indexedFixture(['index', 'undef-across-files']);
    edit(path.join(root, 'src/retarget.c'), '/* my_putc was ended by retarget.h. */\n', '/* my_putc was ended\n   by retarget.h. */\n');
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds[0]).toMatchObject({ patched: true, carriedUnits: 1 });
    expect(definitionsIn(root, 'src/retarget.c')).toEqual(['flush_all 29', 'my_getc 18', 'my_putc 7', 'other_out 35', 'weak_hook 41']);
  });
});
