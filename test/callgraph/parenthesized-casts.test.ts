// Casts to a typedef'd type before a parenthesized operand (`(UCHAR)(x)`, also written by a macro) are no calls in the
// call graph (NetX Duo's hotspots listed UCHAR and ULONG as the most-called functions after one); calls of a name in
// parentheses that is no type stay: a function pointer a header declares and a function (gcc -fcallgraph-info).
import { beforeAll, describe, expect, it } from 'vitest';
import { findCallees, findCallers } from '../../src/query/call-graph/call-sites.js';
import { findHotspots } from '../../src/query/call-graph/hotspots.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('casts the grammar reads as calls', () => {
  let root: string;

  beforeAll(async () => {
    ({ root } = await indexedFixture(['callgraph', 'parenthesized-casts']));
  });

  it('are no callees; the parenthesized pointer and function are', () => {
    const callees = answerRows(withProject(root, (ctx) => findCallees(ctx, { name: 'thread_exit' })));
    expect(callees.map((c) => `${c.callee}:${c.line}:${c.via_macro ?? ''}`)).toEqual(['wake:10:WAKE_NEXT', 'mutex_release:11:', 'wake:12:']);
  });

  it('have no callers and are no hotspots', () => {
    expect(answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'UCHAR' })))).toEqual([]);
    const hot = answerRows(withProject(root, (ctx) => findHotspots(ctx, {}))) as { name?: string }[];
    expect(hot.map((h) => h.name).sort()).toEqual(['mutex_release', 'wake']);
  });
});
