// What find_callers_recursive and find_callees_recursive share: the input schema, the row and cut
// description, and the handler over findCallTree; each tool module gives its direction, name and lead sentence.
import { z } from 'zod';
import { findCallTree } from '../../query/call-graph/call-tree.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';
import { CALL_ROWS, DEPTH_NOTE } from './call-graph-text.js';

export interface CallTreeToolText {
  name: string;
  title: string;
  /** What the walk answers, ending before the shared description of rows. */
  lead: string;
}

const callTreeShape = {
  name: z.string().min(1).describe('Function name (uart_init) or qualified name (ns::f).'),
  depth: z.number().int().min(1).max(10).optional().describe('Levels of calls to follow (1-10, default 3).'),
  limit: z.number().int().min(1).max(1000).optional().describe('Edges per page, 1-1000 (default 100).'),
  offset: z.number().int().min(0).optional().describe(ARG.offset),
  project_only: z.boolean().optional().describe(ARG.project_only),
  ...buildArgs,
};

export function defineCallTreeTool(direction: 'callers' | 'callees', text: CallTreeToolText) {
  const description = `${text.lead} Each row is one call edge {depth, caller, callee, file, line, column, ref_kind, via_macro, via_slot?}, breadth first: depth-1 edges first, then depth 2, and so on; each function is expanded once, so a function reached twice shows its edges at the first depth only, and a cycle ends where it closes. ${DEPTH_NOTE} The walk stops at 20000 edges and reads at most 2000 call rows of any one function: then a {note, cut: true} comes first and deeper levels are incomplete — lower depth or ask find_${direction} of the function named in the last level.

${CALL_ROWS}

${PAGING} limit: 1-1000, default 100 (total counts the edges of the whole walk).

${BUILD_ARGS}`;
  return defineTool({
    name: text.name,
    title: text.title,
    description,
    inputSchema: callTreeShape,
    annotations: READ_ONLY,
    handler: (args, env) => env.answer(args.project_root, (ctx) => findCallTree(ctx, { ...args, projectOnly: args.project_only }, direction)),
  });
}
