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

Relaxation: when a step finds nothing the next runs; results of steps after the first carry _fallback naming the step:
1. FTS5 with the kind filter (no _fallback key).
2. FTS5 without the kind filter — "fts5".
3. Substring match on name tokens, needing all but one of the query words — "name_tokens_like".
4. Substring match on docstrings, for a one-word query — "docstring_like".
5. FTS5 once per word, results merged — "individual_terms".
6. Macro names and values (#define), kind "macro" — "macros_fts"; such results carry _macro_value (replacement text) and _macro_expanded_value (its integer, when it is a constant).
Steps 3-6 ignore kind. If nothing can run, the answer is one {warning, hint} item.

kind filters: function, method, constructor, destructor, class, struct, union, enum, enum_constant, typedef, varglobal, varlocal, variable (globals and locals), field, namespace, macro. Local variables (varlocal) are left out unless kind is varlocal or variable: a local is never the answer to "which symbol is about X". project_only=true leaves out vendor code (SDK/HAL folders).

Each result: name, qualified_name, kind, file (project-relative), line, end_line, column, is_definition (false for a prototype or extern declaration), signature, docstring, is_template, is_virtual, is_pure_virtual, enum_value (enum constants: the integer value as a JSON number; a value beyond ±(2^53 - 1), such as a 64-bit mask, is given as its exact decimal string; null when it cannot be computed, e.g. sizeof or an unknown macro), id and parent_id (stable ids), is_vendor. Results are metadata, not code: read the code with get_source.

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
