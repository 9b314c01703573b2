// get_file_map: the symbols one file defines in one build, grouped by kind.
import { z } from 'zod';
import { FILTER_KINDS } from '../../model/symbol.js';
import { getFileMap } from '../../query/get-file-map.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, fileArgOf, fileArgs, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `List what one file defines and declares in one build, grouped by kind, with line numbers: functions, methods, classes, structs, unions, enums (their constants nested under each enum as constants: [{name, line, enum_value}]), typedefs, global variables, fields, namespaces, and the #defines the build reads in that file (kind macro, with _macro_value = its replacement text and _macro_expanded_value = the integer it evaluates to when constant; search_code's names). Symbols in inactive #if branches of this build are absent. Local variables are left out unless kind is varlocal (or variable). Use it to see a file's shape before reading it with read_file or get_source.

file: project-relative, absolute, or an unambiguous ending (uart.c); the same path rules as read_file (no "..", nothing outside the project root and the build's include folders). A file the build does not compile or include is refused with a hint.

kind: only that group (the kinds search_code accepts; enum_constant lists constants flat). signatures=true adds each symbol's signature (default false: names and lines only).

Result: {file, variant, image, is_vendor, total_symbols (what the groups list over all their pages, nested enum constants and macros included), counts (total_symbols per kind), locals_left_out (local variables of the file not listed; ask with kind varlocal), groups: [{kind, total, offset, shown, more, next_offset, items: [{name, qualified_name, line, end_line, is_definition, signature?, enum_value? (flat enum constants), _macro_value? and _macro_expanded_value? (macros), constants?}]}]}. Each group shows at most limit items (default 100, 1-500); to page one group, call again with kind set and offset = its next_offset (offset without kind is refused). A warning field appears when the file changed since indexing.

${BUILD_ARGS}`;

export const GET_FILE_MAP_TOOL = defineTool({
  name: 'get_file_map',
  title: 'Symbols of a file by kind',
  description: DESCRIPTION,
  inputSchema: {
    ...fileArgs('Project-relative path, absolute path, or an unambiguous ending of one (uart.c).'),
    kind: z.enum(FILTER_KINDS).optional().describe(ARG.kind),
    signatures: z.boolean().optional().describe('Include each symbol\'s signature (default false).'),
    limit: z.number().int().min(1).max(500).optional().describe('Items per kind group, 1-500 (default 100).'),
    offset: z.number().int().min(0).optional().describe('With kind: skip this many items of that group (next_offset of the group).'),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => getFileMap(ctx, { ...args, filePath: fileArgOf(args) })),
});
