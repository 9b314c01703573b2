// The descriptions agents read for each MCP tool: what it searches, what it leaves out, how to page,
// and what each field and status means. Kept as data so tests and docs can check them.

const BUILD_ARGS = `Build scoping: every answer comes from exactly ONE build (a variant — a board, a PlatformIO env, an mbed target, a build folder — and an image — the application, a bootloader, a second slot). A project with one build needs neither argument. With several, pass variant (and image when that variant has more than one) or the tool refuses and lists the valid choices; [build] default_variant/default_image in .fw-context/config.ini stand in when set. "*" is refused: ask once per build.`;

const PAGING = `Paging: the answer is a JSON array. An optional {warning} comes first when a file the answer names changed on disk since indexing (line numbers may be off; run fw-context index). Then the page notice {total, offset, shown, more, next_offset, variant, image}: total counts every match of the step that answered; when more is true, call again with offset = next_offset. Find the notice by its keys, not its position.`;

export const DESCRIPTIONS = {
  get_active_build: `State of the fw-context index of this project and of the build queries answer from. Call it first, and again when answers look stale.

status:
- ready: the index matches the build; every query works.
- reindex_needed: the index no longer matches the build; queries still answer from the old index. reindex_reasons says why, and each reason names the command that fixes it: \`fw-context index\` (the index is older than the compile database, or of another schema/row format) or \`fw-context index --build\` (source files were added that no compile database knows yet, so the build itself must be regenerated first).
- reindexing: an index run is in progress (reindex_progress holds its last step); queries answer from the previous index until it commits.
- no_index: the project is initialized but nothing is indexed: run \`fw-context index\`.
- not_initialized: no .fw-context/ folder here or above: run \`fw-context init\` then \`fw-context index\`. Only status, project_root and index_message are returned.
A failure returns {error} alone, without status.

Fields: indexed_at / first_indexed_at (UTC, "YYYY-MM-DD HH:MM:SS"; file times on disk are local, never compare them directly), symbol_count, file_count, reference_count (call sites), modified_files_count (indexed files whose content differs from the index, checked by content hash, so a touched but unchanged file does not count; modified_files lists up to 20), header_affected_tus (compile units that include a changed header), schema_version vs current_schema and row_format_version vs current_row_format, stale (reindex_needed or header_affected_tus > 0), compile_commands (the compile database of the build), build_system, provenance ("read": from files the build wrote; "derived": reconstructed because the build system left none), vendor_paths / project_paths (config), multi (more than one build), variants [{name, description, board}], images [{name, description, dir, type}] of the active variant, variant_images (variant → image names), active_variant / active_image, defines (the -D names EVERY unit of the build carries with the same value) and defines_varying (names left out because some units differ), implicit_macros (per compiler: whether its predefined macros came from the real compiler or from fw-context's built-in table), kconfig (Zephyr builds: {dot_config, autoconf_h, symbols} — where the build's Kconfig output is and how many CONFIG_ symbols it sets; a Zephyr build keeps its configuration there rather than in -D flags, and lookup_symbol with kind macro reads each CONFIG_ value; null for builds without Kconfig), entry_point and memory (the ENTRY and MEMORY regions of that build's linker script, read as GNU ld reads it: each region {name, attributes, origin and length as the script writes them, origin_value and length_value as numbers or null when a name in them cannot be resolved, file_path, line, used: bytes placed in it according to the map file, present only when the build has one}; the end of a region is origin_value + length_value; an empty list means "not recorded", never "no memory", and memory_note says why), index_message (a one-paragraph summary for people).

Fields that describe one build (counts, defines, memory) follow the build the arguments or the config name; with several builds and none named, counts cover all builds and memory is empty.

Args: project_root (optional; defaults to the project of the server's working directory), variant, image.`,

  search_code: `Find C/C++ symbols of one build by concept: searches symbol NAMES, qualified names (ns::Class::method, struct_tag::field, enum::CONSTANT), signatures, docstrings (the comment block before a declaration) and name tokens (CamelCase and snake_case split: BuildType is also "build type", modem_parser_oob_init is "modem parser oob init"). It does NOT search function bodies, comments inside code, or string literals, and it only knows code the build really compiles: a function in an inactive #if branch is not a symbol of that build. Linker-script symbols (_estack, __bss_start__, PROVIDEd names) are symbols of the build too: kind varglobal, file the script, signature the assignment as written.

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

Each result: name, qualified_name, kind, file (project-relative), line, end_line, column, is_definition (false for a prototype or extern declaration), signature, docstring, is_template, is_virtual, is_pure_virtual, enum_value (enum constants: the integer value when it could be computed), id and parent_id (stable ids), is_vendor. Results are metadata, not code: read the code with get_source.

${PAGING} limit: 1-100, default 20.

${BUILD_ARGS}`,

  lookup_symbol: `Look up symbols of one build by exact name or qualified name (uart_init, app::SensorManager::poll), or by prefix (prefix=true, or a name ending in *: HAL_UART_*). Macros (#define) of the build with that name follow the symbols in the same list (kind "macro", with _macro_value and _macro_expanded_value). Definitions come before declarations, project code before vendor code. Use search_code instead when you only know the concept.

Optional kind narrows to one kind (same values as search_code). Each result has the fields search_code returns.

${PAGING} limit: 1-100, default 20.

${BUILD_ARGS}`,

  get_source: `Return the source text of one symbol of one build, read from disk now: a whole function or method definition, a struct/enum/class body, a declaration, or a #define with its continuation lines. The definition is preferred over prototypes; give file (a path or its ending, e.g. drivers/uart.c) and/or line to pick among several symbols of that name (line picks the symbol whose range holds it). other_matches lists the others.

Result: {name, qualified_name, kind, file, line, end_line, is_definition, signature, source, truncated (true when the text was cut at max_lines), variant, image, other_matches}. A warning field is present when the file changed on disk since indexing: the text is current, but line numbers from other answers may be off.

It reads only files the index knows. To find names, use search_code or lookup_symbol first.

${BUILD_ARGS}`,

  find_references: `List the call sites of a function in one build: every place the build compiles that calls name (a plain call, a call through a struct member of that name such as dev->api->init(...), or a qualified call ns::f()), each with file, line, column and in_symbol — the qualified name of the function that makes the call (null at file scope). Calls inside inactive #if branches are not listed: they are not part of that build. Matching is by name, not by type, so two functions of the same name in different files share their callers, and a call through a function pointer variable is listed under the variable's name. It does not list uses that are not calls (taking the address, assignments).

Use it to answer "who calls X?" before changing X. Project code comes first; project_only=true leaves vendor code out.

${PAGING} limit: 1-500, default 50.

${BUILD_ARGS}`,

  list_variants: `List every build of the project: each variant (a board, a PlatformIO env, an mbed target, a build folder) with its images (the application, a bootloader such as mcuboot, a second slot), and for each image its type, board, build_system (zephyr, cmake, ninja, platformio, mbed, compile_commands), provenance ("read": from files the build wrote; "derived": reconstructed from project files because the build left no compile database), build_dir, compile_commands, number of compile units, whether it is indexed (indexed, indexed_at) and whether its build folder still exists (declared). default_variant/default_image echo the config.

Use it to learn the variant and image names every other tool takes. A build that is declared but not indexed answers no query until \`fw-context index --variant NAME\` runs. It reads build folders on disk, not source code; diagnostics lists problems found in build files (file, line, message, fix).

Args: project_root (optional).`,
} as const;

export const ARG_DESCRIPTIONS = {
  project_root: 'Project root (a folder with .fw-context/, or any folder inside it). Defaults to the project of the server\'s working directory.',
  variant: 'Variant of the build: a board, a PlatformIO env, an mbed target or a build folder, as get_active_build lists them. Needed when the project has several builds and the config names no default.',
  image: 'Image within the variant: a separate program such as the application or the bootloader (mcuboot). Needed when the variant has several images.',
  query: 'FTS5 search terms: 1-3 plain words work best (uart init). Phrases in double quotes and FTS5 operators pass through.',
  kind: 'Only symbols of this kind: function, method, constructor, destructor, class, struct, union, enum, enum_constant, typedef, varglobal, varlocal, variable, field, namespace, macro.',
  limit: 'Results per page, 1-100 (default 20).',
  offset: 'Skip this many results: pass next_offset from the page notice to read the next page.',
  project_only: 'When true, leave out vendor code (SDK/HAL folders) and return only the application\'s own symbols. Default false.',
  name: 'Exact symbol name or qualified name (ns::Class::method). End it with * for a prefix match.',
  prefix: 'When true, match every name that starts with name.',
  file: 'Path of the file holding the symbol, project-relative or just its ending (drivers/uart.c), to pick one of several symbols of that name.',
  line: 'A line inside the wanted symbol, to pick one of several symbols of that name.',
  max_lines: 'Most lines of source to return (default 400).',
} as const;
