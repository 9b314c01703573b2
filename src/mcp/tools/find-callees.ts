// find_callees: the calls a function makes in one build, written, macro-made and through pointers.
import { z } from 'zod';
import { findCallees } from '../../query/call-graph/call-sites.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';
import { CALL_ROWS } from './call-graph-text.js';

const DESCRIPTION = `What a function calls in one build: every call site inside the body of name, each {callee, file, line, column, ref_kind}, in source order per file. An indirect call is listed once with its pointer (callee is the pointer or member name, expr the callee expression, slot the pointer slot): ask find_indirect_targets with that callee for the functions it can reach.

${CALL_ROWS}

An unknown function is an error with a hint; a function that calls nothing answers total 0. For the whole subtree use find_callees_recursive.

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
