// find_indirect_targets: the functions that can run when a pointer is called, in one build.
import { z } from 'zod';
import { findIndirectTargets } from '../../query/call-graph/indirect-targets.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Which functions can run at a pointer call in one build. name is a callee from find_indirect_call_sites (a member such as poll_out, a variable or parameter such as cb; add file and line to pick one call site) or a slot written out ("uart_driver_api.poll_out", "var:handler", "arg:timer_init#1"). The answer follows what the build stores into that slot: designated initialisers of ops/driver-API structs (static const struct uart_driver_api api = { .poll_out = uarte_poll_out }, Zephyr DEVICE_API(uart, ...) = {...} after macro expansion), assignments (dev->cb = f, t->expiry = cb), call arguments (timer_init(&t, on_blink) reaching a parameter that is stored or called), positional array initialisers; a parameter copied into a struct member is followed.

Rows {target, slot, match, file, line, stored_by, defined_in}: match "type" (same struct type and member), "member_name" (same member, the struct type unknown on one side — check it), "exact" (the same variable or parameter). A slot nothing stores a function into gives one row with target null and unresolved saying so (set outside the build, through an unrelated cast, or computed at run time).

${PAGING} limit: 1-500, default 50.

${BUILD_ARGS}`;

export const FIND_INDIRECT_TARGETS_TOOL = defineTool({
  name: 'find_indirect_targets',
  title: 'Functions a pointer call can reach',
  description: DESCRIPTION,
  inputSchema: {
    name: z.string().min(1).describe('Pointer or member name from find_indirect_call_sites (poll_out), or a slot (uart_driver_api.poll_out).'),
    file: z.string().optional().describe('Only the call sites in this file (project-relative path or its ending).'),
    line: z.number().int().min(1).optional().describe('Only the call site on this line.'),
    limit: z.number().int().min(1).max(500).optional().describe('Results per page, 1-500 (default 50).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => findIndirectTargets(ctx, args)),
});
