// find_hotspots: the most-called functions of one build.
import { z } from 'zod';
import { findHotspots } from '../../query/call-graph/hotspots.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';
import { CALL_ROWS } from './call-graph-text.js';

const DESCRIPTION = `The most-called names of one build, most calls first: {name, calls (call sites), callers (distinct calling functions), file, line (its definition in this build, "<undefined>" for library or compiler built-ins)}. Counts every call row — written, macro-made, indirect (by pointer or member name) and vector slots (not uses of function-like macros whose expansion calls nothing); direct_only=true counts only call and macro_call. Use it to find the functions whose change touches the most code, or the helpers a codebase leans on.

${CALL_ROWS}

${PAGING} limit: 1-200, default 20.

${BUILD_ARGS}`;

export const FIND_HOTSPOTS_TOOL = defineTool({
  name: 'find_hotspots',
  title: 'Most-called functions',
  description: DESCRIPTION,
  inputSchema: {
    direct_only: z.boolean().optional().describe('Count only direct calls (call, macro_call). Default false.'),
    limit: z.number().int().min(1).max(200).optional().describe('Results per page, 1-200 (default 20).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_only: z.boolean().optional().describe(ARG.project_only),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => findHotspots(ctx, { ...args, projectOnly: args.project_only, directOnly: args.direct_only })),
});
