// A change of a C macro an assembler file names (`.rept NUM_SLOTS`, a C macro in a macro argument) re-reads that
// file as it does a C file naming it: the index holds the rows a from-scratch index of the edited tree holds. An
// assembler file whose text sees headers' #defines (see header-define-scope.ts) is merged again from its units when
// a macro it names changes, which a patch does not do for assembler files yet: the build takes the full path.
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { indexProject, type IndexResult } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const UNIT = 'src/vectors.S';
const CONFIG = 'include/config.h';

describe('a C macro an assembler file names changes value in a header', () => {
  let root: string;
  const edit = (rel: string, from: string, to: string) => replaceInFile(path.join(root, rel), from, to);
  const work = (r: IndexResult) => r.builds.map((b) => ({ patched: b.patched ?? false, preprocessed: b.preprocessed, parsed: b.parsed }));
  /** The assembler file's symbols and references as stored (names, kinds, lines). */
  const unitRows = () => {
    const db = new Database(indexPath(root), { readonly: true });
    const of = (table: string, cols: string) =>
      (db.prepare(`SELECT ${cols} FROM ${table} t JOIN parse_chunks tc ON tc.chunk_id = t.chunk_id JOIN build_files bf ON bf.parsed_id = tc.parsed_id JOIN parsed_files p ON p.id = tc.parsed_id JOIN files f ON f.id = p.file_id WHERE f.path = ?`).raw().all(UNIT) as unknown[][])
        .map((r) => r.join(' '))
        .sort();
    const out = { symbols: of('symbols', 't.name, t.kind, t.line'), refs: of('refs', 't.name, t.kind, t.line, t.col') };
    db.close();
    return out;
  };

  beforeEach(async () => {
    root = (await indexedFixture(['index', 'asm-c-macro-change'])).root;
  });

  it('a .rept count: the repeated calls are read again, the rows equal a from-scratch index', async () => {
    const before = unitRows().refs.filter((r) => r.startsWith('trace_slot ')).length;
    edit(CONFIG, '#define NUM_SLOTS 2', '#define NUM_SLOTS 3');
    expect(work(await indexProject({ root }))).toEqual([{ patched: false, preprocessed: 1, parsed: 1 }]);
    const { incremental, scratch, answers } = await againFromScratch(root, unitRows);
    expect(answers.scratch!.refs.filter((r) => r.startsWith('trace_slot ')).length).toBeGreaterThan(before);
    expect(answers.incremental).toEqual(answers.scratch);
    expect(incremental).toEqual(scratch);
  });

  it('a #define the file does not name: the file only takes the new key, the rows equal a from-scratch index', async () => {
    edit(CONFIG, '#define SPARE_SLOTS 0', '#define SPARE_SLOTS 4');
    expect(work(await indexProject({ root }))).toEqual([{ patched: true, preprocessed: 1, parsed: 0 }]);
    const { incremental, scratch, answers } = await againFromScratch(root, unitRows);
    expect(answers.incremental).toEqual(answers.scratch);
    expect(incremental).toEqual(scratch);
  });

  it('a name in a function-like macro\'s argument: the function it names is read again, the rows equal a from-scratch index', async () => {
    edit(CONFIG, '#define RX_NAME uart_rx', '#define RX_NAME uart_recv');
    expect(work(await indexProject({ root }))).toEqual([{ patched: false, preprocessed: 1, parsed: 1 }]);
    const { incremental, scratch, answers } = await againFromScratch(root, unitRows);
    expect(answers.scratch!.symbols.filter((s) => s.startsWith('uart_'))).toEqual(['uart_recv function 8']);
    expect(answers.incremental).toEqual(answers.scratch);
    expect(incremental).toEqual(scratch);
  });

  it('in a build whose assembler files define .macro: the file naming the macro is read again, rows as from scratch', async () => {
    // A new .macro: the full path (see asm-patch-edit).
    edit(UNIT, '.section .text\n', '.macro slot_pad\n    nop\n.endm\n\n.section .text\n');
    expect(work(await indexProject({ root }))[0].patched).toBe(false);
    edit(CONFIG, '#define NUM_SLOTS 2', '#define NUM_SLOTS 3');
    // The file sees headers' #defines: merged again, which takes the full path (see above).
    expect(work(await indexProject({ root }))).toEqual([{ patched: false, preprocessed: 1, parsed: 1 }]);
    const { incremental, scratch, answers } = await againFromScratch(root, unitRows);
    expect(answers.scratch!.refs.filter((r) => r.startsWith('trace_slot '))).toHaveLength(3);
    expect(answers.incremental).toEqual(answers.scratch);
    expect(incremental).toEqual(scratch);
  });

  it('in a build whose assembler files define .macro, a #define no file names: the assembler file only takes the new key', async () => {
    edit(UNIT, '.section .text\n', '.macro slot_pad\n    nop\n.endm\n\n.section .text\n');
    expect(work(await indexProject({ root }))[0].patched).toBe(false);
    edit(CONFIG, '#define SPARE_SLOTS 0', '#define SPARE_SLOTS 4');
    expect(work(await indexProject({ root }))).toEqual([{ patched: true, preprocessed: 1, parsed: 0 }]);
    const { incremental, scratch, answers } = await againFromScratch(root, unitRows);
    expect(answers.incremental).toEqual(answers.scratch);
    expect(incremental).toEqual(scratch);
  });

  it('a C macro a .macro body names: the assembler macros change, the full path, rows as from scratch', async () => {
    edit(UNIT, '.section .text\n', '.macro slot_pad\n.rept NUM_SLOTS\n    nop\n.endr\n.endm\n\n.section .text\n');
    expect(work(await indexProject({ root }))[0].patched).toBe(false);
    edit(CONFIG, '#define NUM_SLOTS 2', '#define NUM_SLOTS 3');
    expect(work(await indexProject({ root }))[0].patched).toBe(false);
    const { incremental, scratch, answers } = await againFromScratch(root, unitRows);
    expect(answers.incremental).toEqual(answers.scratch);
    expect(incremental).toEqual(scratch);
  });
});
