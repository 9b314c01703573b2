// get_source: the source text of one symbol of one build, read from disk now.
import { z } from 'zod';
import { getSource } from '../../query/get-source.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Return the source text of one symbol of one build, read from disk now: a whole function or method definition, a struct/enum/class body, a declaration, or a #define with its continuation lines. The definition is preferred over prototypes; give file (a path or its ending, e.g. drivers/uart.c) and/or line to pick among several symbols of that name (line picks the symbol whose range holds it). other_matches lists the others.

Result: {name, qualified_name, kind, file, line, end_line, is_definition, signature, source, truncated (true when the text was cut at max_lines), variant, image, other_matches}. A warning field is present when the file changed on disk since indexing: the text is current, but line numbers from other answers may be off.

It reads only files the index knows. To find names, use search_code or lookup_symbol first.

${BUILD_ARGS}`;

export const GET_SOURCE_TOOL = defineTool({
  name: 'get_source',
  title: 'Source text of a symbol',
  description: DESCRIPTION,
  inputSchema: {
    name: z.string().min(1).describe(ARG.name),
    file: z.string().optional().describe(ARG.file),
    line: z.number().int().min(1).optional().describe(ARG.line),
    max_lines: z.number().int().min(1).max(5000).optional().describe(ARG.max_lines),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => getSource(ctx, { ...args, maxLines: args.max_lines })),
});
