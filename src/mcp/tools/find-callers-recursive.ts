// find_callers_recursive: every call edge within a depth of a function in one build, breadth first.
import { z } from 'zod';
import { findCallTree } from '../../query/call-graph/call-tree.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';
import { CALL_ROWS, DEPTH_NOTE } from './call-graph-text.js';

const DESCRIPTION = `Who reaches a function, level by level: the callers of name (depth 1), their callers (depth 2), and so on up to depth (default 3, at most 10). Each row is one call edge {depth, caller, callee, file, line, column, ref_kind, via_macro, via_slot?}; each function is expanded once, so a function reached twice shows its edges at the first depth only. ${DEPTH_NOTE} When the walk is cut (20000 edges, or a very-called function read in part) a {note, cut: true} comes first.

${CALL_ROWS}

${PAGING} limit: 1-1000, default 100.

${BUILD_ARGS}`;

export const FIND_CALLERS_RECURSIVE_TOOL = defineTool({
  name: 'find_callers_recursive',
  title: 'Transitive callers of a function',
  description: DESCRIPTION,
  inputSchema: {
    name: z.string().min(1).describe('Function name (uart_init).'),
    depth: z.number().int().min(1).max(10).optional().describe('Levels of calls to follow (1-10, default 3).'),
    limit: z.number().int().min(1).max(1000).optional().describe('Edges per page, 1-1000 (default 100).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_only: z.boolean().optional().describe(ARG.project_only),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => findCallTree(ctx, { ...args, projectOnly: args.project_only }, 'callers')),
});
