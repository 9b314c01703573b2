// Edits that make a header name, above its #include, a name the file it reads through that #include #defines (the
// header's text above it edited, or the #define added to that file) walk the units again rather than carrying their
// results over: the rows are a from-scratch index's, with the declaration read as written.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { againFromScratch } from '../helpers/build-record-rows.js';

const HEADER = 'include/fileio.h';
const FAST = 'include/fileio-fast.h';
const DECLARATION = 'extern unsigned long read_unlocked(void *ptr, unsigned long size, FILE_T *stream);\n';
const PEEK = 'static inline int peek(FILE_T *f) { char c; return read_unlocked(&c, 1, f) ? c : -1; }\n';
const MACRO = '#define read_unlocked(ptr, size, stream) \\\n';

const declared = (root: string) =>
  withProject(root, (ctx) => listSymbols(ctx, { file: HEADER }).symbols)
    .filter((s) => s.kind !== 'field' && s.kind !== 'struct' && s.kind !== 'typedef')
    .map((s) => `${s.kind} ${s.name} ${s.line}`);

const EXPECTED = ['function read_unlocked 4', 'function peek 5', 'varlocal c 5'];

describe('edits that start a header naming a #define of the file its #include reads', () => {
  it('walks the units when the header gains the declaration above its #include', async () => {
    const root = copyFixtureToTemp('index', 'header-define-below-include');
    // Code above the #include naming nothing fileio-fast.h defines (the header is read as it was; no use of peek).
    replaceInFile(path.join(root, HEADER), `${DECLARATION}${PEEK}`, 'extern int other_call(void);\n');
    replaceInFile(path.join(root, 'src/load.c'), ' + (unsigned long)peek(f)', '');
    replaceInFile(path.join(root, 'src/save.c'), 'return peek(f);', 'return f->fd;');
    await indexProject({ root, workers: 0 });
    replaceInFile(path.join(root, HEADER), 'extern int other_call(void);\n', `${DECLARATION}${PEEK}`);
    const r = await indexProject({ root, workers: 0 });
    // Walked (two units: the full path), not carried over.
    expect(r.builds[0].carriedUnits ?? 0).toBe(0);
    expect(declared(root)).toEqual(EXPECTED);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('walks the units when the file read through the #include gains the #define', async () => {
    const root = copyFixtureToTemp('index', 'header-define-below-include');
    // Guarded, so that a #define changed in it can be carried over (the view says where the walk was live).
    replaceInFile(path.join(root, FAST), 'int fast_getc', '#ifndef FILEIO_FAST_H\n#define FILEIO_FAST_H\nint fast_getc');
    fs.appendFileSync(path.join(root, FAST), '#endif\n');
    replaceInFile(path.join(root, FAST), MACRO, '#define read_unused(ptr, size, stream) \\\n');
    await indexProject({ root, workers: 0 });
    replaceInFile(path.join(root, FAST), '#define read_unused(ptr, size, stream) \\\n', MACRO);
    const r = await indexProject({ root, workers: 0 });
    // Walked (two units: the full path), not carried over.
    expect(r.builds[0].carriedUnits ?? 0).toBe(0);
    expect(declared(root)).toEqual(EXPECTED);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('carries a declaration added below the #include over', async () => {
    const root = copyFixtureToTemp('index', 'header-define-below-include');
    await indexProject({ root, workers: 0 });
    replaceInFile(path.join(root, HEADER), '#endif', 'extern int added_below(void);\n#endif');
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds[0]).toMatchObject({ patched: true, carriedUnits: 2 });
    expect(declared(root)).toEqual([...EXPECTED, 'function added_below 7']);
  });
});
