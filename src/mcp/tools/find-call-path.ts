// find_call_path: up to five shortest call chains between two functions of one build.
import { z } from 'zod';
import { findCallPath } from '../../query/call-graph/call-path.js';
import { BUILD_ARGS, buildArgs, defineTool, READ_ONLY } from '../tool-kit.js';
import { CALL_ROWS, DEPTH_NOTE } from './call-graph-text.js';

const DESCRIPTION = `How does from_name reach to_name in one build? Searches the call graph from both ends at once (callees of from_name, callers of to_name) and returns up to 5 of the shortest chains. ${DEPTH_NOTE}

Answer: a JSON array. First {from, to, found, shortest, nodes_expanded, cut, cut_reason?, reason?}: cut is true when the node budget (functions expanded, default 3000) ran out or a very-called function was read in part — then a longer or different chain may exist; reason says when no chain of at most max_depth calls exists. Then the page notice {total, offset, shown, more, variant, image}, then one row per chain: {length, file, steps: [{caller, callee, file, line, column, ref_kind, via_macro, via_slot?}]}.

${CALL_ROWS}

${BUILD_ARGS}`;

export const FIND_CALL_PATH_TOOL = defineTool({
  name: 'find_call_path',
  title: 'Call chains between two functions',
  description: DESCRIPTION,
  inputSchema: {
    from_name: z.string().min(1).describe('Function the chains start at (e.g. main).'),
    to_name: z.string().min(1).describe('Function the chains end at (e.g. hal_uart_write).'),
    max_depth: z.number().int().min(1).max(20).optional().describe('Longest chain searched, in calls (1-20, default 8).'),
    node_budget: z.number().int().min(1).max(20000).optional().describe('Functions expanded at most, both directions together (default 3000).'),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => findCallPath(ctx, { ...args, from: args.from_name, to: args.to_name, maxDepth: args.max_depth, nodeBudget: args.node_budget })),
});
