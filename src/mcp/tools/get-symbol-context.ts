// get_symbol_context: source, callers, callees and constants of one symbol in one call.
import { z } from 'zod';
import { getSymbolContext } from '../../query/symbol-context.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Everything about one symbol of one build in a single call, for understanding a function before changing it: its source (as get_source returns it: read from disk now, definition preferred, file/line pick among several), its callers and callees from the build's call graph, its pointer wiring, the constants it uses with their values in THIS build, and the globals, statics and fields it touches.

Fields besides the get_source ones (name, qualified_name, kind, file, line, end_line, is_definition, signature, source, truncated, other_matches, warning when the file changed):
- callers {total, shown, rows: [{caller, file, line, column, ref_kind, via_macro?, expr?, via_slot?}]}: as find_callers answers — direct calls first (ref_kind call; macro_call when a macro's expansion makes the call, via_macro naming it; vector for an interrupt-vector slot), then calls through a pointer this function is stored into (ref_kind indirect, expr the pointer expression, via_slot the slot). At most max_callers rows (default 30, up to 200); page the rest with find_callers. For a symbol that is not a function: its references (ref_kind reference).
- callees {total, rows: [{name, lines, ref_kinds, via_macro?, defined_at}]}: each function or function-like macro the body calls, once, with the lines of the calls and the kinds of those calls (call, macro_call); defined_at is where the build defines it (or the #define of a function-like macro), null when the build has neither (e.g. a library function). At most 100 rows; find_callees pages every call row.
- pointer_wiring (null for non-functions) {indirect_calls, stored_into}. indirect_calls {total, rows: [{expr, slot, lines, via_macro?, targets: {total, rows: [{target, match, file, line, stored_by?, defined_in?, unresolved?}]}}]}: each call the body makes through a pointer (api->poll_out(...)), grouped by the pointer slot it reads (uart_driver_api.poll_out, .field, var:x, arg:f#i), with the functions the build stores into that slot as find_indirect_targets resolves them (match: type, member_name or exact; target null with unresolved when nothing in the build stores there). stored_into {total, rows: [{slot, file, line, stored_by?, in_function}]}: where this function is stored into a pointer — a designated initialiser of a driver-API struct (.poll_in = uarte_poll_in gives slot uart_driver_api.poll_in), an assignment or a callback argument; in_function is null at file scope. At most 20 call sites, 20 targets per slot and 20 stores; totals say how many there are.
- constants [{name, kind, enum_value | _macro_value and _macro_expanded_value, file, line}]: enum constants with their integer enum_value; object-like #defines with their text (_macro_value) and, when constant, the integer (_macro_expanded_value) — a board-specific LED_PIN shows this board's value. Field names as in search_code.
- variables [{name, kind, qualified_name, access, file, line}]: globals, statics and fields, access read/write/address. Constants and variables together at most 100.

Calls and uses in inactive #if branches of the build are not counted. Pointer targets are what this build's code stores into the slot; a pointer set outside the build or computed at run time is not seen.

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
