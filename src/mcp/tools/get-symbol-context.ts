// get_symbol_context: source, callers, callees and constants of one symbol in one call.
import { z } from 'zod';
import { getSymbolContext } from '../../query/symbol-context.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Everything about one symbol of one build in a single call, for understanding a function before changing it: its source (as get_source returns it: read from disk now, definition preferred, file/line pick among several), its callers (call sites with the function making each call), its callees (each function or function-like macro its body calls, with the lines of the calls, ref_kinds — the kinds of call reference the index recorded — and defined_at: where the build defines the function, or the #define of a function-like macro; null when the build has neither, e.g. a library function), the constants it uses with their values in THIS build (enum constants with their integer value; object-like #defines with their text and, when constant, expanded_value — a board-specific LED_PIN shows this board's value), and the globals, statics and fields it touches with how (access: read, write, address).

Calls and uses in inactive #if branches of the build are not counted. Matching is by name: a call through a function pointer is listed under the pointer's name. pointer_wiring (which functions a pointer or vector table may hold) is not recorded by this index and is null; the notes field says so.

Result: the get_source fields (name, qualified_name, kind, file, line, end_line, is_definition, signature, source, truncated, other_matches, warning when the file changed) plus callers {total, shown, rows: [{file, line, column, in_symbol}]}, callees [{name, lines, ref_kinds, defined_at}], constants [{name, kind, value, expanded_value?, file, line}], variables [{name, kind, qualified_name, access, file, line}], pointer_wiring, notes. max_callers caps the callers listed (default 30); use find_references to page through all of them.

${BUILD_ARGS}`;

export const GET_SYMBOL_CONTEXT_TOOL = defineTool({
  name: 'get_symbol_context',
  title: 'Source, callers, callees and constants of a symbol',
  description: DESCRIPTION,
  inputSchema: {
    name: z.string().min(1).describe('Exact symbol name or qualified name (ns::Class::method).'),
    file: z.string().optional().describe(ARG.file),
    line: z.number().int().min(1).optional().describe(ARG.line),
    max_lines: z.number().int().min(1).max(5000).optional().describe(ARG.max_lines),
    max_callers: z.number().int().min(1).max(200).optional().describe('Callers listed, 1-200 (default 30).'),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => getSymbolContext(ctx, { ...args, maxLines: args.max_lines, maxCallers: args.max_callers })),
});
