// An asm statement three object-like macros write together (Mbed TLS's `MULADDC_X1_INIT MULADDC_X1_CORE
// MULADDC_X1_STOP`): the file reads without syntax errors, defines what nm lists, keeps the locals the first macro
// declares in its function, and the statements after the run are read as they are written.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { findCallees } from '../../src/query/call-graph/call-sites.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { writeStatementUses } from '../../src/indexer/statement-macros.js';
import type { MacroInvocation } from '../../src/preprocessor/macro-invocations.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('an asm statement written by a run of macros', () => {
  let root: string;
  let diagnostics: Diagnostic[];

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'split-asm-macros']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  const symbols = () => withProject(root, (ctx) => listSymbols(ctx, { file: 'src/bignum.c' }).symbols);

  it('reads the file without syntax errors', () => {
    expect(diagnostics.filter((d) => /syntax/.test(d.message))).toEqual([]);
  });

  it('defines the functions nm lists, the locals the first macro declares in their loop and those after the run', () => {
    const all = symbols();
    expect(all.filter((s) => s.kind === 'function' && s.is_definition).map((s) => s.name).sort()).toEqual(['carry_out', 'mla_block', 'mla_plain']);
    expect(all.filter((s) => s.kind === 'varglobal')).toEqual([]);
    const locals = all.filter((s) => s.kind === 'varlocal' && s.name !== 'c').map((s) => `${s.qualified_name}:${s.line}`);
    expect(locals.sort()).toEqual(['mla_block::last:17', 'mla_block::tmp_a:13', 'mla_block::tmp_b:13', 'mla_plain::last:30']);
  });

  it('keeps the calls after the run in their function', () => {
    const callees = (fn: string) => answerRows(withProject(root, (ctx) => findCallees(ctx, { name: fn }))).map((c) => `${c.callee}:${c.line}`);
    expect(callees('mla_block')).toEqual(['carry_out:17']);
    expect(callees('mla_plain')).toEqual(['carry_out:30']);
  });
});

describe('which runs of invocations are one statement', () => {
  const use = (text: string, name: string, expansion: string): MacroInvocation => {
    const start = text.indexOf(name);
    return { name, start, end: start + name.length, line: 1, column: start, objectLike: true, expansion };
  };

  it('writes a run that opens and closes one statement as `;`, lines kept, and joins its invocations into one', () => {
    const text = '{\n  INIT\n  CORE\n    STOP\n  next();\n}';
    const runs = [use(text, 'INIT', '__asm__ ( "nop"'), use(text, 'STOP', ': "+r" ( c ) ) ;'), use(text, 'next', 'other')];
    const written = writeStatementUses(text, runs);
    expect(written.text).toBe('{\n  ;   \n      \n        \n  next();\n}');
    // The expanded reading reads the statement, the name between standing for the strings it writes.
    expect(written.invocations.map((i) => `${i.name} ${i.start}-${i.end}: ${i.expansion}`)).toEqual([`INIT 4-24: __asm__ ( "nop" "" : "+r" ( c ) ) ;`, 'next 27-31: other']);
  });

  it('leaves a run whose joined expansions are no statement, or with code between its uses', () => {
    const text = '{\n  INIT\n  CORE\n    STOP\n}';
    expect(writeStatementUses(text, [use(text, 'INIT', 'f ( a'), use(text, 'STOP', ', b )')]).text).toBe(text);
    const between = '{\n  INIT\n  x + 1\n    STOP\n}';
    expect(writeStatementUses(between, [use(between, 'INIT', '__asm__ ( "nop"'), use(between, 'STOP', ') ;')]).text).toBe(between);
    const opened = 'x = INIT\n  STOP;';
    expect(writeStatementUses(opened, [use(opened, 'INIT', '__asm__ ( "nop"'), use(opened, 'STOP', ') ;')]).text).toBe(opened);
  });
});
