// search_bodies: literal text inside the function definitions one build compiles.
import { z } from 'zod';
import { searchBodies } from '../../query/search-bodies.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Search the BODIES of the function, method, constructor and destructor definitions one build compiles for literal text. Every word of query must appear somewhere in the same definition (space = AND; "HAL_GPIO_WritePin LED_PIN" finds definitions holding both). Matching is case-insensitive and literal: no wildcards, no regular expressions, no phrases — * and quotes are ordinary characters. Only the lines the build compiles are searched: code in an inactive #if branch of that build is invisible, so the same query can answer differently per build. Comments and strings inside a body are searched; declarations, struct bodies, macros and code outside functions are not (use search_code for names, find for any text in any file).

Each result: name, qualified_name, kind, file, line, end_line, signature, is_vendor; match_lines — up to 20 {line, text} lines holding a query word, with their line numbers in the file (match_lines_total counts them all); source — up to 30 lines of the definition around the first match as the build parsed it (inactive lines blank), with source_start_line, source_end_line and source_truncated. Project code comes before vendor code; project_only=true leaves vendor code out. Read the whole definition with get_source or read_file.

${PAGING} limit: 1-100, default 20.

Errors: an empty query, or more than 8 words.

${BUILD_ARGS}`;

export const SEARCH_BODIES_TOOL = defineTool({
  name: 'search_bodies',
  title: 'Search text inside function bodies',
  description: DESCRIPTION,
  inputSchema: {
    query: z.string().min(1).describe('Words that must all appear in the definition (space = AND), matched literally and case-insensitively.'),
    limit: z.number().int().min(1).max(100).optional().describe(ARG.limit),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_only: z.boolean().optional().describe(ARG.project_only),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => searchBodies(ctx, { ...args, projectOnly: args.project_only })),
});
