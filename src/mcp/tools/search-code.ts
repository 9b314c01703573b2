// search_code: find symbols of one build by concept (FTS5 over names, signatures, docstrings, name tokens)
// with the relaxation steps of the contract.
import { z } from 'zod';
import { FILTER_KINDS } from '../../model/symbol.js';
import { searchCode } from '../../query/search-code.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Find C/C++ symbols of one build by concept: searches symbol NAMES, qualified names (ns::Class::method, struct_tag::field, enum::CONSTANT), signatures, docstrings (the comment block before a declaration) and name tokens (CamelCase and snake_case split: BuildType is also "build type", modem_parser_oob_init is "modem parser oob init"). It does NOT search function bodies, comments inside code, or string literals, and it only knows code the build really compiles: a function in an inactive #if branch is not a symbol of that build. Linker-script symbols (_estack, __bss_start__, PROVIDEd names) are symbols of the build too: kind varglobal, file the script, signature the assignment as written.

Use it when you know the idea but not the name ("uart init", "interrupt handler"). When you know the exact name or its start, lookup_symbol is cheaper and exact.

Query syntax (SQLite FTS5):
- Bare words get a trailing * and are OR-joined: \`uart init\` runs as uart* OR init* and ranks symbols holding both words first.
- Do not join words with underscores: \`modem_init\` is split by the tokenizer into a phrase that needs the two words side by side and misses modem_parser_oob_init; write \`modem init\`. A query with underscores or punctuation is repaired into separate words (serial_write → serial* OR write*, the exact name serial_write ranked first), never rejected.
- A query holding a double quote, AND, OR, NOT, NEAR or a column filter (name:, docstring:) goes to FTS5 as written: "spi init" matches that exact phrase. If FTS5 cannot read it (a stray quote or parenthesis), it is repaired into bare words.

Results: one row per symbol. A declaration (prototype, extern, in-class method) and the definition of the same symbol in this build (same qualified name and kind; C++ functions also the same parameter types) are ONE row at the definition, with the other places in declarations: [{file, line}]. A symbol the build declares but never defines is one row with is_definition false (its other declarations, if any, in declarations). lookup_symbol lists every place separately. API-wrapper macros — function-like #defines whose replacement expands to one call of a function, e.g. FreeRTOS \`xSemaphoreTake(x, t)\` → xQueueSemaphoreTake — are results beside functions (kind "macro"), and the function they call is listed right after them when it ranks lower.

Ranking within a step: names that equal the query, then names holding the query words in sequence (\`task create\` → xTaskCreate, xTaskCreateStatic), then names holding every word, then rows holding every word in name, signature or docstring; for a verb-like query (init, take, toggle, erase...) names holding the verb and functions/macros before types, fields and locals; definitions before declarations; closer names (fewer words beyond the query's) first; then BM25 over name tokens, then over signature and docstring; project code before vendor code at equal scores. Plural query words also match their singular (tasks → task).

Relaxation: when a step finds nothing the next runs; results of steps after the first carry _fallback naming the step:
1. FTS5 with the kind filter (no _fallback key); API-wrapper macros join when no kind is given.
2. FTS5 without the kind filter — "fts5".
3. Substring match on name tokens, needing all but one of the query words — "name_tokens_like".
4. Substring match on docstrings, for a one-word query — "docstring_like".
5. FTS5 once per word, results merged — "individual_terms".
6. Every macro's name, value, name tokens and doc comment (#define), kind "macro" — "macros_fts".
Steps 3-6 ignore kind. total counts merged rows (past 500 matches a step ranks the 500 best by FTS5 BM25, and total counts every match, declarations with their definition by qualified name and kind). No match at all is [] (or [ {warning} ] when indexed files changed since indexing: the code may be in them). A query with no searchable word, or one FTS5 cannot read and no step answers, gives one {warning, hint} item.

kind filters: function, method, constructor, destructor, class, struct, union, enum, enum_constant, typedef, varglobal, varlocal, variable (globals and locals), field, namespace, macro (every #define, searched by name, value and name tokens). Local variables (varlocal) are left out unless kind is varlocal or variable: a local is never the answer to "which symbol is about X". project_only=true leaves out vendor code (SDK/HAL folders).

A symbol row: name, qualified_name, kind, file (project-relative), line, end_line, column (of the definition, or of the first declaration when there is none), is_definition (false: the build only declares it), declarations [{file, line}] (the other places that declare it), signature, docstring (the definition's, else the first declaration's that has one), is_template, is_virtual, is_pure_virtual, enum_value (enum constants: the integer value as a JSON number; a value beyond ±(2^53 - 1), such as a 64-bit mask, is given as its exact decimal string; null when it cannot be computed, e.g. sizeof or an unknown macro), id and parent_id (stable ids), is_vendor.
A macro row: name, kind "macro", file, line, params (as written, null for an object-like macro), function_like, _macro_value (the replacement text as written), _macro_expanded_value (object-like: its integer value when it is a constant; an API wrapper: the replacement expanded with this build's macros, parameters kept), and for an API wrapper wraps (the function it calls), docstring (the comment above the #define) and is_vendor.
Results are metadata, not code: read the code with get_source.

${PAGING} limit: 1-100, default 20.

${BUILD_ARGS}`;

export const SEARCH_CODE_TOOL = defineTool({
  name: 'search_code',
  title: 'Search symbols by concept',
  description: DESCRIPTION,
  inputSchema: {
    query: z.string().min(1).describe(ARG.query),
    kind: z.enum(FILTER_KINDS).optional().describe(ARG.kind),
    limit: z.number().int().min(1).max(100).optional().describe(ARG.limit),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_only: z.boolean().optional().describe(ARG.project_only),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => searchCode(ctx, { ...args, projectOnly: args.project_only })),
});
