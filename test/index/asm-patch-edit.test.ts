// An edit of an assembler file that leaves the build's assembler macros as they were takes the patch path (one unit
// preprocessed, one file parsed) with the macros kept beside the index; an edit of the definitions takes the full path.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { indexProject, type IndexResult } from '../../src/indexer/index-project.js';
import { readChecksummed, writeChecksummed } from '../../src/indexer/build-state-files.js';
import { STATE_DIR } from '../../src/project/config.js';
import { findCallees } from '../../src/query/call-graph/call-sites.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { answerRows } from '../helpers/answer-rows.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const UNIT = 'src/repeat.S';
const HELPER = 'include/repeat_helper.S';

describe('an edit of an assembler file in a build with assembler macros', () => {
  let root: string;
  const edit = (rel: string, from: string, to: string) => replaceInFile(path.join(root, rel), from, to);
  const work = (r: IndexResult) => r.builds.map((b) => ({ patched: b.patched ?? false, preprocessed: b.preprocessed, parsed: b.parsed }));
  const names = () => withProject(root, (ctx) => listSymbols(ctx, { file: UNIT }).symbols).map((s) => `${s.name} ${s.line}`);
  const callees = (fn: string) => answerRows(withProject(root, (ctx) => findCallees(ctx, { name: fn }))).map((c) => c.callee);

  beforeEach(async () => {
    root = (await indexedFixture(['index', 'asm-repeat-blocks'])).root;
  });

  it('re-reads only the edited unit when its macro definitions are unchanged, with the expansions a full index gives', async () => {
    edit(UNIT, '    bl negate64\n', '    bl negate64\n    bl port_a\n');
    edit(UNIT, '    dneg r2, r3\n', '    dneg r2, r3\n    nop\n');
    expect(work(await indexProject({ root }))).toEqual([{ patched: true, preprocessed: 1, parsed: 1 }]);
    expect(callees('timer1_isr')).toEqual(['negate64', 'port_a', 'trace_exit']);
    expect(names()).toEqual([
      'negate64 7', 'l1_1 8', 'l2_1 9', 'uart_rx 13', 'uart_tx 13', 'timer0_isr 15', 'timer1_isr 15', 'port_a 22', 'port_b 22',
      'empty_list 27', 'kept_func 35', 'default_handler 38', 'l19_1 39', 'l20_1 39', 'vector_table 46',
    ]);
  });

  it('takes the full path when the kept macros were read by other code (then patches the next edit again)', async () => {
    // As an older fw-context kept them: another code stamp (its modules' size and mtime differ), the same files.
    const folder = path.join(root, STATE_DIR, 'assembler-macros');
    const [file] = fs.readdirSync(folder).map((name) => path.join(folder, name));
    const data = readChecksummed(file) as { code: string; files: unknown[] };
    expect(typeof data.code).toBe('string');
    expect(data.files.length).toBeGreaterThan(0);
    writeChecksummed(file, { ...data, code: 'older code' });
    edit(UNIT, '    dneg r2, r3\n', '    dneg r2, r3\n    nop\n');
    expect(work(await indexProject({ root }))[0].patched).toBe(false);
    edit(UNIT, '    bl negate64\n', '    bl negate64\n    bl port_a\n');
    expect(work(await indexProject({ root }))).toEqual([{ patched: true, preprocessed: 1, parsed: 1 }]);
    expect(callees('timer1_isr')).toEqual(['negate64', 'port_a', 'trace_exit']);
  });

  it('takes the full path when the definitions change (and patches the next edit again)', async () => {
    edit(HELPER, 'bne l\\@_1\n adds \\hi,#1\nl\\@_1:', 'bne m\\@_1\n adds \\hi,#1\nm\\@_1:');
    expect(work(await indexProject({ root }))[0].patched).toBe(false);
    expect(names().filter((n) => /^[lm]\d/.test(n))).toEqual(['m1_1 8', 'm2_1 9', 'm19_1 37', 'm20_1 37']);
    edit(UNIT, '    dneg r2, r3\n', '    dneg r2, r3\n    nop\n');
    expect(work(await indexProject({ root }))).toEqual([{ patched: true, preprocessed: 1, parsed: 1 }]);
    expect(names().filter((n) => /^[lm]\d/.test(n))).toEqual(['m1_1 8', 'm2_1 9', 'm19_1 38', 'm20_1 38']);
  });

  it('takes the full path when the edited file defines a macro it did not', async () => {
    edit(UNIT, 'regular_func negate64\n', '.macro local_func x\nregular_func \\x\\()_local\n.endm\nregular_func negate64\n');
    edit(UNIT, 'maybe_func kept_func, 1\n', 'local_func kept\nmaybe_func kept_func, 1\n');
    expect(work(await indexProject({ root }))[0].patched).toBe(false);
    // Two more macros executed before the .rept (local_func, its regular_func): the \@ labels after it move on.
    expect(names().filter((n) => /kept|l2\d_/.test(n))).toEqual(['kept_local 36', 'kept_func 37', 'l21_1 41', 'l22_1 41']);
  });
});
