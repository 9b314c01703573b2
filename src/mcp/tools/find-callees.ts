// find_callees: the calls a function makes in one build, written, macro-made and through pointers.
import { z } from 'zod';
import { findCallees } from '../../query/call-graph/call-sites.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';
import { CALL_ROWS } from './call-graph-text.js';

const DESCRIPTION = `What a function calls in one build: every call site inside the body of name, each {callee, file, line, column, ref_kind, via_macro?, expr?, via_slot?}, in source order per file (a function defined in several files of the build, e.g. two statics of one name, lists the calls of each). ref_kind is "call", "macro_call" (via_macro names the macro whose expansion makes the call, e.g. a FOR_EACH or LOG macro) or "indirect"; an indirect call is listed once with its pointer, not resolved: callee is the pointer or member name, expr the callee expression, via_slot the pointer slot it reads (the field find_callers, the call trees and find_indirect_call_sites use) — ask find_indirect_targets with that callee (or via_slot) for the functions it can reach, or use find_callees_recursive / find_call_path, which follow them.

${CALL_ROWS}

Calls written inside a function-like macro's definition count where the macro is used, in the function that uses it; a use of a macro whose expansion calls nothing (UNUSED(x) → ((void)(x))) is no call and not listed. A name the build does not define as a function is an error with a hint; a function that calls nothing answers total 0. For the whole subtree use find_callees_recursive.

${PAGING} limit: 1-500, default 50.

${BUILD_ARGS}`;

export const FIND_CALLEES_TOOL = defineTool({
  name: 'find_callees',
  title: 'Calls a function makes',
  description: DESCRIPTION,
  inputSchema: {
    name: z.string().min(1).describe('Function name (uart_init) or qualified name (ns::Class::method).'),
    limit: z.number().int().min(1).max(500).optional().describe('Results per page, 1-500 (default 50).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_only: z.boolean().optional().describe(ARG.project_only),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => findCallees(ctx, { ...args, projectOnly: args.project_only })),
});
