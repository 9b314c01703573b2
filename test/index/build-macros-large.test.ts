// The macro stage of a build holding a generated register header: more #defines than one spread call takes
// arguments must not overflow the stack (it failed the whole build with "Maximum call stack size exceeded").
import { describe, expect, it } from 'vitest';
import type { IndexWriter } from '../../src/index/index-writer.js';
import { buildMacros } from '../../src/indexer/build-macros.js';
import type { FileStates } from '../../src/indexer/file-states.js';
import type { MacroRecord } from '../../src/preprocessor/api.js';
import type { MergedBuild } from '../../src/preprocessor/merge-unit-results.js';

describe('buildMacros', () => {
  it('collects a group of 300 000 #defines read back from the index', () => {
    const records = Array.from({ length: 300_000 }, (_, i) => ({ name: `REG_${i}`, file: 'include/regs.h', line: i + 2 }) as unknown as MacroRecord);
    const merged = { files: new Map(), unitFiles: new Map(), defineSites: new Map([['/p/include/regs.h', new Map([[2, null]])]]), diagnostics: [] } as MergedBuild;
    const writer = { macroGroupId: () => 1, macroGroupRecords: () => records } as unknown as IndexWriter;
    const states = { hash: () => 'h' } as unknown as FileStates;
    const out = buildMacros(merged, [], { root: '/p', writer, states, skeleton: () => undefined });
    expect(out.records).toHaveLength(300_000);
    expect(out.reusedGroups).toBe(1);
  });
});
