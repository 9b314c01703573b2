// read_file: a file as one build reads it (lines the build never sees blank, numbering kept), paged.
import { z } from 'zod';
import { readFile } from '../../query/read-file.js';
import { BUILD_ARGS, buildArgs, defineTool, fileArgOf, fileArgs, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Read a file the way one build compiles it: every line the build does not see — the other board's #if branch, a feature compiled out by Kconfig — is returned blank, and line numbers stay those of the file on disk, so they match every other answer. The build's live directives (#include, #define, and the #if/#else/#endif of each conditional it evaluates) are shown. Project sources, vendor/SDK headers the build reads (also outside the project root, through its include folders) and generated files (autoconf.h, app_config.h in a build folder) are all readable; so are text files the build does not preprocess (CMakeLists.txt, linker scripts: view "read_as_is").

file: a project-relative path (src/main.c), an absolute path, or an ending of one (main.c, drivers/uart.c) when exactly one file of the build ends that way — an ambiguous ending is refused with the matches listed. Paths holding "..", and paths that lead (also through a symlink) outside the project root and the build's include folders, are refused.

Pages: at most 2000 lines per call. start_line (default 1) and end_line pick the lines; when more is true, call again with start_line = next_start_line. line_numbers (default true) prefixes each line with its number and a tab; with false the text is returned bare, one line per file line.

Result: {file, variant, image, view, is_vendor, total_lines, visible_lines (lines of the whole file the build reads), all_lines_inactive, stale, start_line, end_line, more, next_start_line, content, read_by_builds}. view: "preprocessed" (lines masked for this build), "read_as_is" (a file the build uses but does not preprocess, or a non-C file), "not_read" (a C/C++ file this build never compiles or includes). all_lines_inactive: the build reads none of the file; content is then empty and read_by_builds names the builds that do. stale: the file changed on disk since indexing — the blanking may be off by the edit; a warning says so and \`fw-context index\` refreshes it.

${BUILD_ARGS}`;

export const READ_FILE_TOOL = defineTool({
  name: 'read_file',
  title: 'Read a file as one build compiles it',
  description: DESCRIPTION,
  inputSchema: {
    ...fileArgs('Project-relative path, absolute path, or an unambiguous ending of one (main.c).'),
    start_line: z.number().int().min(1).optional().describe('First line to return (default 1).'),
    end_line: z.number().int().min(1).optional().describe('Last line to return (default start_line + 1999; at most 2000 lines per call).'),
    line_numbers: z.boolean().optional().describe('Prefix each line with its number and a tab (default true).'),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) =>
    env.answer(args.project_root, (ctx) => readFile(ctx, { ...args, filePath: fileArgOf(args), startLine: args.start_line, endLine: args.end_line, lineNumbers: args.line_numbers })),
});
