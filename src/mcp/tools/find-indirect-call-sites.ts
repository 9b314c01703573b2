// find_indirect_call_sites: calls through function pointers and struct members in one build.
import { z } from 'zod';
import { findIndirectCallSites } from '../../query/call-graph/call-sites.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Every call through a pointer in one build — cb(x) where cb is a parameter or variable, dev->api->send(...), (*fp)(), handlers[i](...) — each {callee, caller, file, line, column, ref_kind: "indirect", expr, via_slot, via_macro?}: callee is the pointer or member name, expr the callee expression as written (after macro expansion), caller the function making the call, via_slot the pointer slot ("uart_driver_api.poll_out" when the struct type of the object is known, ".poll_out" when not, "var:x", "arg:f#i", "local:f.x"). name "*" lists every one; a name lists the calls through pointers or members of that name. Pass a callee (and file/line) to find_indirect_targets to see which functions can run there.

In C++ sources a call through obj.method() is a method call, not listed here.

${PAGING} limit: 1-500, default 50.

${BUILD_ARGS}`;

export const FIND_INDIRECT_CALL_SITES_TOOL = defineTool({
  name: 'find_indirect_call_sites',
  title: 'Calls through function pointers',
  description: DESCRIPTION,
  inputSchema: {
    name: z.string().min(1).describe('Pointer or member name (poll_out, cb), or "*" for every indirect call.'),
    limit: z.number().int().min(1).max(500).optional().describe('Results per page, 1-500 (default 50).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_only: z.boolean().optional().describe(ARG.project_only),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => findIndirectCallSites(ctx, { ...args, projectOnly: args.project_only })),
});
