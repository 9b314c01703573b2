// Global labels of an assembler file are functions in code sections and variables in data sections (CMSIS-RTX's
// `.section ".rodata"` + `irqRtxLib:`) or when declared `.type X, %object`.
import { beforeAll, describe, expect, it } from 'vitest';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('an assembler unit with data and code labels', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-data-labels'])).root;
  });

  it('files each label by its section', () => {
    const rows = withProject(root, (ctx) => listSymbols(ctx, { file: 'src/irq.S' }).symbols).map((s) => `${s.kind} ${s.name} ${s.line}`);
    expect(rows).toEqual([
      'varglobal irqRtxLib 6',
      'varglobal irq_count 11',
      'varglobal irq_stack 16',
      'varglobal irq_scratch 21',
      'function SVC_Handler 30',
      'function irq_helper 35',
      'function irq_fast 40',
      'varglobal irq_table 46',
    ]);
  });
});
