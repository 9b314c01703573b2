// Indirect calls through a member chain written over several lines: GCC's call graph places them where the callee
// expression starts, the index at the member called; check-callgraph counts them found, as they are the same call.
import { beforeAll, describe, expect, it } from 'vitest';
import { findIndirectCallSites } from '../../src/query/call-graph/call-sites.js';
import { checkCallGraph } from '../../src/query/call-graph/compiler-call-graph.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('indirect calls through a member chain over several lines', () => {
  let root: string;

  beforeAll(async () => {
    ({ root } = await indexedFixture(['callgraph', 'member-chain-calls']));
  });

  it('are indexed at the member called', () => {
    const sites = answerRows(withProject(root, (ctx) => findIndirectCallSites(ctx, { name: '*' })));
    expect(sites.map((s) => `${s.caller}:${s.line}`)).toEqual(['reader_abort:19', 'reader_reset:27', 'reader_reset:29']);
  });

  it.skipIf(!hasTool('gcc'))('match the indirect call sites GCC reports where their expressions start', () => {
    const r = withProject(root, (ctx) => checkCallGraph(ctx, {}));
    expect(r.missing).toEqual([]);
    expect([r.indirectFound, r.indirect]).toEqual([3, 3]);
  });
});
