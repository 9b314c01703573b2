// find_callers: the call sites of a function in one build, each with the calling function and its ref_kind.
import { z } from 'zod';
import { findCallers } from '../../query/call-graph/call-sites.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';
import { CALL_ROWS } from './call-graph-text.js';

const DESCRIPTION = `Who calls a function in one build: every call site of name, each {caller, file, line, column, ref_kind, via_macro?}, caller being the qualified name of the calling function (null at file scope, e.g. a vector-table entry). First the rows that name the function — written calls ("call"), calls a macro expansion writes ("macro_call", via_macro names the macro), interrupt vector slots ("vector") — in file order (project files before vendor files, then path, line, column). Then the indirect call sites that can reach it because the build stores it into the pointer they call through (ref_kind "indirect", with expr and via_slot), also in file order; the match is by struct type and member, or by member name alone when a type is unknown on one side, so a widely used member (api->send) can list call sites that in fact reach another driver — via_slot shows which slot linked them. total counts both parts.

${CALL_ROWS}

Only calls: taking the address, storing into a pointer, reading or passing the name are listed by find_references. A name nothing calls — or that the build does not define, or misspelt — answers total 0 (check the name with lookup_symbol). For callers of callers use find_callers_recursive; for a chain between two functions, find_call_path.

${PAGING} limit: 1-500, default 50.

${BUILD_ARGS}`;

export const FIND_CALLERS_TOOL = defineTool({
  name: 'find_callers',
  title: 'Callers of a function',
  description: DESCRIPTION,
  inputSchema: {
    name: z.string().min(1).describe('Function name (uart_init) or qualified name (ns::f).'),
    limit: z.number().int().min(1).max(500).optional().describe('Results per page, 1-500 (default 50).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_only: z.boolean().optional().describe(ARG.project_only),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => findCallers(ctx, { ...args, projectOnly: args.project_only })),
});
