// Calls through global function pointers declared in a header (NetX Duo's `NX_CRYPTO_MEMCPY` →
// `_nx_crypto_memcpy_ptr(...)`) are indirect call sites through the variable's slot, as GCC's call graph has them, not
// direct calls of a function named like the pointer; the function stored there is called through them.
import { beforeAll, describe, expect, it } from 'vitest';
import { findCallees, findCallers, findIndirectCallSites } from '../../src/query/call-graph/call-sites.js';
import { findHotspots } from '../../src/query/call-graph/hotspots.js';
import { checkCallGraph } from '../../src/query/call-graph/compiler-call-graph.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('calls through a pointer a header declares', () => {
  let root: string;

  beforeAll(async () => {
    ({ root } = await indexedFixture(['callgraph', 'header-pointer-calls']));
  });

  it('are indirect callees through the variable, the function call beside them direct', () => {
    const callees = answerRows(withProject(root, (ctx) => findCallees(ctx, { name: 'cbc_encrypt' })));
    expect(callees.map((c) => `${c.callee}:${c.line}:${c.ref_kind}:${c.via_slot ?? ''}:${c.via_macro ?? ''}`)).toEqual([
      'crypto_memcpy_ptr:11:indirect:var:crypto_memcpy_ptr:CRYPTO_MEMCPY',
      'block_xor:12:call::',
      'crypto_memcpy_ptr:13:indirect:var:crypto_memcpy_ptr:',
      'release_hook:14:indirect:var:release_hook:',
    ]);
  });

  it('are no direct callers of the pointer, but callers of the function stored in it', () => {
    expect(answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'crypto_memcpy_ptr' })))).toEqual([]);
    const callers = answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'copy_bytes' })));
    expect(callers.map((c) => `${c.caller}:${c.line}:${c.ref_kind}`)).toEqual(['cbc_encrypt:11:indirect', 'cbc_encrypt:13:indirect']);
    const sites = answerRows(withProject(root, (ctx) => findIndirectCallSites(ctx, { name: '*' })));
    expect(sites.map((s) => s.line)).toEqual([11, 13, 14]);
    const direct = answerRows(withProject(root, (ctx) => findHotspots(ctx, { directOnly: true }))) as { name?: string }[];
    expect(direct.map((h) => h.name)).toEqual(['block_xor']);
  });

  it.skipIf(!hasTool('gcc'))('match the call graph GCC reports', () => {
    const r = withProject(root, (ctx) => checkCallGraph(ctx, {}));
    expect(r.missing).toEqual([]);
    expect([r.indirectFound, r.indirect]).toEqual([3, 3]);
  });
});
