// An assembler-with-cpp unit whose macros paste tokens that give no valid C token (`.text.##name`, `name,.S`): GCC
// accepts them there, so the labels the expansion writes are the file's symbols and the paste is no error.
import { beforeAll, describe, expect, it } from 'vitest';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import type { IndexResult } from '../../src/indexer/index-project.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('an assembler unit with pastes that are invalid in C', () => {
  let root: string;
  let result: IndexResult;

  beforeAll(async () => {
    ({ root, result } = await indexedFixture(['index', 'asm-invalid-paste']));
  });

  it('defines what nm lists: fast_copy from the macro expansion, boot_fast_entry from the file a pasted name includes', () => {
    const names = (file: string) => withProject(root, (ctx) => listSymbols(ctx, { file }).symbols).map((s) => `${s.kind} ${s.name}`);
    expect(names('src/boot.S')).toEqual(['function fast_copy']);
    expect(names('asminclude/boot_fast.S')).toEqual(['function boot_fast_entry']);
  });

  it('reports no paste error', () => {
    const messages = result.builds.flatMap((b) => b.diagnostics.map((d) => d.message));
    expect(messages.filter((m) => /pasting/.test(m))).toEqual([]);
  });
});
