// A macro writing a parameter declaration as a piece of a parameter list, longer than its name (NetX Duo's
// NX_CLEANUP_PARAMETER → `, ULONG suspension_sequence`): the functions are read with the parameter list the compiler
// sees, without syntax errors, and the parameters are no function names stored.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { findCallees } from '../../src/query/call-graph/call-sites.js';
import { findReferences } from '../../src/query/find-references.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { worthRecording } from '../../src/preprocessor/recorded-expansions.js';
import { lexLine } from '../../src/preprocessor/tokens.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('a parameter declaration a list-piece macro writes', () => {
  let root: string;
  let diagnostics: Diagnostic[];

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'list-piece-declarations']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  it('reads the header and the file without syntax errors', () => {
    expect(diagnostics.filter((d) => /syntax/.test(d.message))).toEqual([]);
  });

  it('indexes the cleanup function with the parameters gcc -E shows, declared and defined', () => {
    const fns = withProject(root, (ctx) => listSymbols(ctx, { kind: 'function' }).symbols).filter((s) => s.name === 'pool_cleanup');
    expect(fns.map((s) => [s.file, s.line, s.is_definition, s.signature.replace(/\s+/g, ' ').replace(/ ,/, ',').replace(/ \)$/, ')')])).toEqual([
      ['include/api.h', 20, false, 'void pool_cleanup(THREAD *thread_ptr, ULONG suspension_sequence)'],
      ['src/pool.c', 5, true, 'void pool_cleanup(THREAD *thread_ptr, ULONG suspension_sequence)'],
    ]);
  });

  it('defines what nm lists and nothing named after a parameter', () => {
    const all = withProject(root, (ctx) => listSymbols(ctx, { file: 'src/pool.c' }).symbols);
    expect(all.map((s) => `${s.kind} ${s.qualified_name}`).sort()).toEqual(['function pool_cleanup', 'function pool_suspend', 'varglobal released', 'varlocal pool_cleanup::sequence']);
  });

  it('keeps the calls GCC reports and stores no parameter as a function name', () => {
    const callees = (fn: string) => answerRows(withProject(root, (ctx) => findCallees(ctx, { name: fn }))).map((c) => `${c.callee}:${c.line}:${c.ref_kind}`);
    expect(callees('pool_cleanup')).toEqual(['thread_resume:10:call']);
    expect(callees('pool_suspend')).toEqual(['suspend_cleanup:16:indirect', 'pool_cleanup:17:call']);
    const uses = (name: string) => answerRows(withProject(root, (ctx) => findReferences(ctx, { name })));
    expect([...uses('thread_ptr'), ...uses('suspension_sequence')]).toEqual([]);
  });
});

describe('which list pieces are recorded for the expanded reading', () => {
  const recorded = (value: string) => worthRecording(lexLine(value, false), true, 'other');
  it('takes a piece holding a declaration, not arguments', () => {
    expect([', ULONG suspension_sequence', 'unsigned char *buf, size_t len,', ', const struct netif *n'].filter((v) => !recorded(v))).toEqual([]);
    expect([', 0', ', x', '&a, &b,', ', (int)n'].filter((v) => recorded(v))).toEqual([]);
  });
});
