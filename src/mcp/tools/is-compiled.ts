// is_compiled: does each indexed build compile one line of a file, and if not, which #if keeps it out.
import { z } from 'zod';
import { isCompiled } from '../../query/is-compiled.js';
import { ARG, CROSS_BUILD, defineTool, READ_ONLY, buildArgs } from '../tool-kit.js';

const DESCRIPTION = `For EVERY indexed build, does it compile this line of this file? "Is my edit at drivers/uart.c:120 reachable on board X?" in one call. ${CROSS_BUILD}

file is a project-relative path or its unambiguous ending (src/main.c); line is 1-based.

Answer: {file, line, line_text (the line as it is on disk now), warning? (the file changed since indexing: lines may have moved; run fw-context index), compiled_in, not_compiled_in (build labels "variant:image"), total, offset, shown, more, next_offset?, builds: [{variant, image, board, compiled, status, deciding?, directive?, note?}]}. status:
- "compiled": the build compiles the line.
- "inactive_branch": a conditional keeps it out; deciding = {file, line, text (e.g. "#ifdef CONFIG_BOOTLOADER_MCUBOOT"), condition, taken_instead? (the branch of the same group the build took), macros: [{name, defined, definitions: [{_macro_value, _macro_expanded_value, file, line}], note}]} — the values the build has for the names the condition tests (a compiler built-in's file is "<built-in>").
- "unit_not_in_build": the build does not compile this source file at all; "file_not_included": no unit of the build includes this header.
- "not_reached": read, but nothing around the line explains it (the file was read only for its macros, or the line follows an unterminated #if).
For a preprocessor directive line, compiled means the preprocessor processed it, and directive = {text, branch_taken} (for #if/#elif/#else: whether the build took that branch).
A line in a file no build reads answers every build with unit_not_in_build / file_not_included. An unknown or ambiguous file is an error that lists the candidates.

Paging is over builds: limit 1-1000 (default 50), offset; compiled_in/not_compiled_in always cover every build.

Args: file, line, limit, offset, project_root. No variant/image: this tool answers for all builds.`;

export const IS_COMPILED_TOOL = defineTool({
  name: 'is_compiled',
  title: 'Which builds compile a line',
  description: DESCRIPTION,
  inputSchema: {
    file: z.string().min(1).describe('Path of the file, project-relative or its unambiguous ending (drivers/uart.c).'),
    line: z.number().int().min(1).describe('1-based line number.'),
    limit: z.number().int().min(1).max(1000).optional().describe('Builds per page, 1-1000 (default 50).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_root: buildArgs.project_root,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => isCompiled(ctx, args)),
});
