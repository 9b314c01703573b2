// The versions of the index's tables (SCHEMA_VERSION) and of what their rows mean (ROW_FORMAT_VERSION), apart
// from the schema's SQL so that a reader checks them without loading it.

// 4: line_sets + build_file_lines (per build and file: the lines it compiles and its conditional decisions).
// 5: the content index tables (content-schema.ts).
// 6: variable_refs, class_bases, template_uses, build_include_dirs (reading code: variable accesses, C++ class structure, include folders).
// 7: unit_results + build_units replace unit_files (per-unit results stored once, shared by builds);
//    macros belong to shared macro_groups (one per file and reached-define set) instead of to a build;
//    parses keyed by (file, mask, language) without the content hash; build_files.activity.
// 8: builds.linked_units_json, builds.linking_json (the units an image links, and how that was determined).
// 9: file_views + unit_result_views: unit results name shared per-file views instead of holding them.
// 10: refs.caller/via_macro/slot/detail, symbols.alias/via_macro (the call graph, macro-made symbols).
// 11: content_trigrams keeps positions, so literal runs are matched as phrases.
// 12: parsed_files.diagnostics_json: what a parse reported (skipped nameless declarations, macro expansions
//     left out) is kept with it, so a run that reuses the parse reports it again.
// 13: macros.name_tokens and macros.docstring, both in macros_fts (API-wrapper macros answer concept searches).
// 14: file_views.uses (how many unit results name the view) replaces unit_result_views, a row per file of every
//     result that the writer paid for on each insert and the collector scanned on every run.
// 15: builds.record_inputs_json: the files a build's memory, linker-script symbols and Kconfig summary were read
//     from, so that a relink refreshes them without taking the build's units down the full path.
// 16: skeletons is a rowid table (its key in a separate index), so a lookup no longer reads the bytes of the rows
//     its key b-tree passes through (a vendor device header's skeleton is tens of MB).
// 17: parsed_files.content_hash dropped: nothing read it, and it kept the content of the first parse when a later
//     content masked to the same text (a file's content hash is files.content_hash, which freshness reads).
// 18: tested_lists holds each distinct `tested` list once; unit_results.tested_id names it (was the list's JSON in
//     unit_results.tested, ~7.5 KB a row, the same for most units of a build).
// 19: value_lists + list_items replace tested_lists: a list names its items by id (each distinct item stored once),
//     and a unit result's diagnostics, #undef marks and files are such lists (unit_results.diagnostics_id, undone_id,
//     files_id) instead of JSON in its data and files columns: a PlatformIO env's ~1 500-pair tested lists, repeated
//     missing-header warnings, marks and [file, content hash] pairs cost a few bytes an item.
// 20: unit_results.views names a result's file views by id (varint differences; file_views ids never reused): its
//     data no longer ends with their 20-byte sha1s.
// 21: bodies holds each distinct definition body once; symbols.body_id names it (was the text in symbols.body, the same
//     in each parse of a file whose masks differ elsewhere: a PlatformIO project's 10 MB of bodies, 3.7 MB distinct).
// 22: builds.diagnostics_id and units_id name value lists of a build's diagnostics (all of them) and units, replacing
//     file_diagnostics (a row per diagnostic per build) and the row's diagnostics_json and units_json.
// 23: value_lists.base_id: a list may be stored as the edits of a plain list stored before it.
// 24: variable_refs.access and via are small integers (variable-ref-codes.ts), not words.
// 25: a parse's rows in shared chunks (parse-chunks.ts): symbols, refs, variable_refs, class_bases, template_uses
//     name a chunk_id (chunks, parse_chunks), not a parsed_id.
// 26: build_files.activity holds a key's sha1 as 20 bytes and names its scope (past the ':', ~100 characters, shared by
//     files and builds that see alike) by the id of an activity_scopes row; it was the whole ~146-character key.
// 27: build_units names a unit by the id of a unit_paths row holding its path once (WITHOUT ROWID), not by the path
//     (~40 characters in each of ~74 000 rows and again in their primary key's index).
// 28: unit_results.key and hash, value_lists.hash and file_views.hash hold a sha1 as its 20 bytes, not its 40 hex digits
//     (hash-columns.ts): half their bytes in the rows and in the indexes on them.
// 29: content_trigrams keeps no positions (detail=none): a run of text is matched as the AND of its trigrams, not as a
//     phrase. The positions were ~90 % of the table (a 246-env PlatformIO project: 16.8 -> 1.9 MB); find verifies
//     ~9 % more candidate files there.
// 30: variable_refs is a WITHOUT ROWID table keyed by (chunk_id, line, col, name, access, via): it is its own chunk
//     index (variable_refs_chunk dropped), and variable_refs_name holds every column.
// 31: symbols_name_exact and symbols_qname_exact dropped: exact matches of a name go through the NOCASE indexes
//     (name-match.ts).
// 32: macros.file may be NULL: the file of the macro's group (see row format 113).
// 33: symbols.stable_id and parent_id declared BLOB: 16 hex digits stored as their 8 bytes (see row format 114).
// 34: unit_results_tested, _diagnostics, _undone, _files and value_lists_base dropped: the collection of unused lists
//     reads the ids in one scan of the rows (a 246-env PlatformIO project: 4.3 of 153 MB).
// 35: build_files is a WITHOUT ROWID table keyed by (build_id, parsed_id): its primary key's index is gone.
// 36: unit_results.key and hash and value_lists.hash found through indexes of their first 6 bytes (byHashPrefix in
//     hash-columns.ts), not of the whole 20 (no UNIQUE on the hashes: the writer looks for one before storing it).
// 37: names holds each name of a call row or variable access once; ref_rows and variable_ref_rows name them by id
//     (their callee, caller, variable), and the views refs and variable_refs read them as the tables of those names did.
// 38: view_lists (plain lists of view ids that unit_results.views may be the edits of, see view-lists.ts);
//     build_macro_groups and build_include_dirs are WITHOUT ROWID tables (their keys' indexes gone).
// 39: scope_heads (an activity scope's head stored once, see scope-heads.ts); ref_rows.kind holds a code (INTEGER,
//     see ref-kind-codes.ts) and the view refs reads it as the word (kind) and as stored (kind_code).
// 40: the indexes finding unit_results.key and hash and value_lists.hash hold their first 3 bytes (were 6: 0.8 of a
//     246-env PlatformIO project's 108 MB; a few hundred of its 124 000 lists share a prefix with another).
// 41: variable_ref_names (each variable's chunks, once) replaces variable_ref_rows_name: a name's uses are read from its
//     chunks' rows through variable_ref_rows's key (the index repeated every row's columns).
// 42: bodies.base_id (a body stored as DEFLATE bytes on the text of an earlier body of its symbol, see row format 122)
//     and its partial index bodies_base.
// 43: build_file_lines is a view of build_line_pairs (per build, a JSON array of file_line_pairs ids) and
//     file_line_pairs (each distinct (file, line set) pair once), no longer a row per build and file with an index.
// 44: symbols_fts and macros_fts keep no column sizes (columnsize=0; their _docsize tables were 1.4 of a 246-env
//     PlatformIO project's 108 MB): bm25 tokenizes a matched row's columns for their sizes, the same ranks.
export const SCHEMA_VERSION = 44;
/**
 * Bumped when rows of the same tables start meaning something else.
 * 1: every line of a file indexed. 2: only the lines the build compiles (masked parsing), macros as the build sees them.
 * 3: uses of macros that expand to nothing (or only attributes) blanked before parsing.
 * 4: inactive lines blanked to empty lines (not spaces), so an edit there changes no parse (bodies show them empty).
 * 5: call rows from the macro-expanded text (kinds call/macro_call/indirect/vector/fn_pointer, with caller,
 *    via_macro, slot, detail); macro-made and renamed symbols (alias, via_macro); assembler files read as such.
 * 6: a function-like macro whose replacement expands to a call of a function (an API wrapper) keeps that
 *    expansion in expanded_value (with its parameters as written) and its doc comment in docstring.
 * 7: a macro-made function after a storage class (`static portTASK_FUNCTION(f, p)`) is one symbol, no longer
 *    also the parser's reading of the invocation.
 * 8: a function address passed as an argument (`f(&task)`) is an fn_pointer row into the parameter, like `f(task)`.
 * 9: attribute syntax is not a call (`alias("f")` wrote a call to alias); weak aliases of C declarations are
 *    fn_pointer rows into `alias:NAME` like `.thumb_set`; a declaration whose attributes a macro writes is a
 *    macro-made symbol with the expanded signature; `portYIELD_WITHIN_API()` (object-like → function-like) expands.
 * 10: unit_results.data is the result's JSON followed by its file views' sha1 as 20 bytes each (was deflated JSON
 *     naming the views in hex).
 * 11: parsed_files.diagnostics_json leaves out the syntax errors and nameless declarations at lines where a macro
 *     writes a declaration the expanded reading found (stored parses are keyed by masked text, which that
 *     change left the same, so they would keep reporting them); build_files.activity keys the build's macro table by
 *     each file's definitions in order, not by their lines.
 * 12: a parse's key (parsed_files mask hash) holds the values of the integer macros its enums name: parses made
 *     before shared one enum value between builds whose masked text was the same but whose macros differed.
 * 13: where a macro invocation broke the masked parse (`struct s { FIELD_LIST };` in a row dropped the aggregates
 *     and read the declaration after them as a field), the region's symbols are the expanded reading's, the fields
 *     the macro writes among them (stored parses are keyed by the same masked text and invocations).
 * 14: parsed_files.diagnostics_json leaves out the syntax errors the macro-expanded reading does not have (macros
 *     writing asm statements, strings among asm strings, statements, whole functions, initializers); uses of
 *     macros writing string literals or asm are expanded (stored parses keyed by an unchanged masked text
 *     would keep reporting them).
 * 15: `__FILE__`, `__LINE__`, `__COUNTER__`, `__INCLUDE_LEVEL__` and `__BASE_FILE__` in a macro's replacement stay as
 *     written in its expanded_value (they answer where the macro is used; the definition's file and line were
 *     given), and valuing such a macro no longer makes a unit's result depend on `__LINE__` (which kept it from
 *     being carried over after an edit).
 * 16: parsed_files.diagnostics_json leaves out the syntax errors that type names written as macro arguments make
 *     (`va_arg(ap, unsigned int)`, `container_of(p, struct node, v)`, `CAST(char *, p)`; stored parses keyed by an
 *     unchanged masked text would keep reporting them).
 * 17: in a build parsing both C and C++ files, each file is masked with the macros the units of its language reached
 *     (glibc `__BEGIN_DECLS`, `extern "C" {` for C++ and empty for C, is blanked in C readings), and
 *     build_files.activity keys it by them: a patched run would keep the files whose stored activity was keyed by
 *     all the build's macros, with their parses.
 * 18: a function-like macro writing one identifier before a parameter list (`int PREFIX(printf)(...)` with
 *     `#define PREFIX(x) __wrap_##x`) is expanded: the function is `__wrap_printf`, no longer one named `PREFIX`
 *     (units carried over unchanged would keep the old parses).
 * 19: a GNU asm label after a declarator (glibc `__REDIRECT`: `f (...) __asm__ ("f_v2")`) is no variable named
 *     `__asm__ (...)`; parsed_files.diagnostics_json leaves out the syntax errors that type names with abstract
 *     declarators written as macro arguments make (`va_arg(ap, void (*)(int))`, C++ `SIZE_OF(int[4])`), and keeps
 *     those whose construct swallowed its neighbours (stored parses keyed by an unchanged masked text would keep both).
 * 20: C++ conversion operators are methods named `operator T` (`operator int`, `operator const char *`): in-class
 *     ones were not indexed, out-of-class ones were named `operator int()` / `operator float() const`, and call
 *     rows in them had the caller `A::operatorint()` (stored parses are keyed by an unchanged masked text).
 * 21: where a macro invocation broke both the masked and the expanded parse (CMSIS-RTX `SVC0_1(MutexNew, ...)`
 *     writing explicit register variables), the declarations written after it that the expanded reading reads
 *     cleanly are taken from it: the masked parse had lost them (stored parses are keyed by an unchanged text).
 * 22: global labels of assembler files in data sections (`.data`, `.bss`, `.section ".rodata"`, flags without `x`,
 *     Keil `AREA ..., DATA`) or declared `.type X, %object` are variables, no longer functions (stored parses are
 *     keyed by an unchanged text).
 * 23: asm labels and attributes between a declarator's name and its `=`, `;` or `,` are left out of the parse
 *     (`register uint32_t __r0 __asm("r0") = a1;`, `T x __attribute__((section(".bss.os")));`), and type keywords a
 *     header defines for its own #if arithmetic (newlib's `#define char +0`) no longer expand elsewhere; expansions
 *     write `()` and `[]` unspaced (`operator()`), and a method the recovered reading has is not made again as a
 *     function (stored parses are keyed by an unchanged masked text).
 * 24: a #define written in a unit's source file masks another file's text only where some unit read that text
 *     after it (a header included before `#define printf ...` keeps its `printf`); unit results keep per file the
 *     line of the unit's #include that read it (`tops`), which stored results lack.
 * 25: a #define of a unit's source file that the unit #undefs or defines again before it includes a header no longer
 *     masks that header (`#define X ...`, `#undef X`, `#include "x.h"`); unit results keep the #defines files read
 *     below them did not see (`unseen`), which stored results lack.
 * 26: macro expansions in code use the compiler's implicit macros no #define of the build overrides (glibc's
 *     `__ASMNAME2 (__USER_LABEL_PREFIX__, cname)` wrote `"__USER_LABEL_PREFIX__"` into signatures, gcc reads `""`):
 *     an unchanged build is not masked again otherwise.
 * 27: a function or namespace-scope variable with C language linkage declared in a namespace
 *     (`namespace std { extern "C" int remove(const char *); }`) is named by its C name (`remove`), its namespace
 *     spelling kept as its alias (stored parses are keyed by an unchanged masked text).
 * 28: a function whose empty body a `;` follows (`void f() {};`, in a class or not) is a definition whose signature
 *     ends before the body: tree-sitter-cpp reads that `{}` as an initializer list, and it was a declaration
 *     (stored parses are keyed by an unchanged masked text).
 * 29: a class defined with a qualified name (`namespace tvg { struct Paint::Impl { ... }; }`, `class Outer::Inner`) is
 *     named through the classes its name writes (`tvg::Paint::Impl`, its members `tvg::Paint::Impl::ref`; they were
 *     `tvg::Impl`), and a qualified specialization without its arguments (`ns::Foo`, was `Foo<int>`) (stored parses
 *     are keyed by an unchanged masked text).
 * 30: class and struct members whose name a macro expansion writes (thorvg's `INLIST_ITEM(LoadModule);` writing
 *     `LoadModule* prev; LoadModule* next`) are fields, methods or constructors of that class, parented to it, in C
 *     and C++ (they were a method or function named after the macro); macro-made functions in a class body are
 *     methods and constructors (were functions), and call rows name a caller in a specialization or a typedef'd
 *     struct as its symbol is named (`std::hash::operator()`, was `std::hash<bool>::operator()`) (stored parses are
 *     keyed by an unchanged masked text).
 * 31: pragma macros built on a `_Pragma` of a macro-written operand (rapidjson's `RAPIDJSON_DIAG_OFF(effc++)`,
 *     `RAPIDJSON_DIAG_PUSH`) are blanked before parsing, as `_Pragma("...")` ones were: they broke the declaration
 *     after them (an unchanged build is not masked again otherwise).
 * 32: macros that expand to `noexcept` (libstdc++ `_GLIBCXX_NOEXCEPT`, `_GLIBCXX_NOTHROW`, rapidjson
 *     `RAPIDJSON_NOEXCEPT`) are replaced by it before parsing: a method declared `f() _GLIBCXX_NOEXCEPT` was named
 *     after the macro (an unchanged build is not masked again otherwise).
 * 33: macros that expand to `constexpr` (libstdc++ `_GLIBCXX17_CONSTEXPR`, `_GLIBCXX_USE_CONSTEXPR`) are replaced by
 *     it, and a macro wrapping its argument in `noexcept(...)` (`_GLIBCXX_NOEXCEPT_IF(...)`) has its name replaced by
 *     `noexcept`: a method whose return type followed such a macro was a field named after the type, one declared
 *     `f() _GLIBCXX_NOEXCEPT_IF(...)` a function named after the macro (an unchanged build is not masked again
 *     otherwise).
 * 34: a build's defines / defines_varying, and the defines its linker script is preprocessed with when the link
 *     command has none, are those of the units the image links when the link is known, not of every compiled
 *     unit (mbed CE's unlinked mbed-baremetal twins left MBED_CONF_RTOS_PRESENT out of the image's defines).
 * 35: invocations of macros that write a declaration of no name (`friend A`, `static_assert(...)`) are read expanded,
 *     and a declaration named after a function-like macro invoked in its lines is not a symbol (thorvg's
 *     `_TVG_DECLARE_ACCESSOR(Animation);` was a method of that name; rapidjson's `RAPIDJSON_STATIC_ASSERT(...)` broke
 *     its class into top-level functions) (stored parses are keyed by the unchanged masked text).
 * 36: a file's own executed `#undef` ends a macro for the lines after it when its uses are expanded: after
 *     `#undef putc`, `int putc(int c) { ... }` defines `putc`, not the expansion of a header's `putc` macro (an
 *     unchanged build is not masked again otherwise).
 * 37: `, ## __VA_ARGS__` keeps its comma when the variadic argument is given empty (`L(a, )`), as GCC does: Zephyr's
 *     FOR_EACH loops (LOG_ERR, DEVICE_DT_INST_DEFINE) expanded with an argument short and their calls were lost.
 * 38: inside a function body a statement macro followed by a block (`FOREACH_ITEM(entry) {`, `CHECKIF(x) {`) defines
 *     no function; GNU `__alignof__(expression)` parses (read as sizeof), so the function around a Zephyr LOG_* call
 *     no longer breaks; `__typeof__(x)` and `(__typeof__(x))(y)` are no calls (stored parses are keyed by the
 *     unchanged masked text).
 * 39: assembler files read the labels and symbol directives C preprocessor macros write (Zephyr's `GTEXT(sym)`,
 *     `SECTION_FUNC(TEXT, sym)`): their invocations are recorded and read expanded.
 * 40: `__COUNTER__` and `__LINE__` in an invocation's expansion answer numbers (Zephyr's SYS_INIT entry
 *     `__init_sys_init_f0`, was `__init_sys_init_f__COUNTER__`).
 * 41: a statement head a macro writes (`CHECKIF(x == NULL) {` → `if (...)`, `LOCKED(&l) {` → `for (...)`) is read
 *     expanded; GNU `__builtin_offsetof(type, a.b)` parses (read as 0); `_Pragma(...)` operators are left out of
 *     expansions: 13 of a Zephyr hello_world's 100 units had syntax errors there, which also kept an edit of them
 *     off the incremental path. A function-like macro expanding to an empty block (`__ASSERT(t, m)` → `{ }`) is
 *     blanked, and `_Static_assert(...)` in a block is no call.
 * 42: GNU `typeof` of an expression parses as one type name (`(__typeof__(*(cn)) *)p` in Zephyr's list CONTAINER
 *     loops broke the function around it), and is no call or function value.
 * 43: of a file assembler units read too, only the lines its C/C++ units compile are parsed as C/C++ (Zephyr's
 *     exc.h `#ifdef _ASMLANGUAGE GTEXT(z_arm_exc_exit)` was a variable z_arm_exc_exit and one named `function`);
 *     the lines it compiles are still all of them.
 * 44: a declaration with GNU's alias attribute (`extern int __attribute__((alias("x"))) y;`, `void f(void)
 *     __alias(g);`) is a definition, as nm lists it (Zephyr's thread_info.c _kernel_openocd_* were declarations).
 * 45: a blanked macro use standing alone as a member or statement (after `;`, `{` or `}`) is blanked with its `;`
 *     (Zephyr's kernel.h `_POLL_EVENT;` left an empty member declaration, a syntax error in three structs).
 * 46: the #undefs a unit's walk executes end a macro for every line read after them, in any file, and a macro defined
 *     again after its #undef expands that definition (a header's `#undef putc` reaches the unit's `int putc(...)`;
 *     an #undef in a branch holding no compiled line counts when the walk took it); unit results keep where the
 *     names an #undef touched are undefined or defined again (`undone`), which stored results lack.
 * 47: assembler files read the labels and symbol directives the assembler's own macros write (`.macro regular_func x`
 *     ... `\x:` defined in an included file, the Pico SDK's way of writing its assembler functions), and an
 *     assembler-with-cpp `##` that gives no valid C token no longer drops the expansion holding it (stored parses
 *     are keyed by an unchanged masked text).
 * 48: a declaration whose alias attribute names its target through a macro (`alias(__XSTRING(WRAPPER_FUNC(getchar)))`)
 *     is a definition, as one with a string literal (stored parses are keyed by an unchanged masked text).
 * 49: an assembler label after `.thumb_func` is a function symbol also when it is local (the Pico SDK's
 *     `.thumb_func` `__aeabi_bits_init:`, `t` in nm) (stored parses are keyed by an unchanged masked text).
 * 50: assembler files read what repeat blocks (`.rept`, `.irp`, `.irpc`) write and `\@` labels (`l\@_1:` in the Pico
 *     SDK's dneg), the lines of a multi-line expansion once, and their C macros expanded inside assembler macro
 *     arguments (stored parses of a file with none are keyed by an unchanged masked text).
 * 51: assembler files read macro invocations after labels (`lbl: MACRO a`) and `;`-separated statements (GNU as; a
 *     Keil armasm `;` still starts a comment), a macro's definition where it stands and `.purgem` (names case-blind),
 *     `.altmacro` mode (`%expr`, `<text>`, bare parameter names, `LOCAL`), symbols `.set` to numbers in `%expr` and
 *     `.rept` counts, `\@` counting the macros the assembler files an `#include` reads execute; the lines of a `.macro`
 *     definition are no code of the file (a `.thumb_func` there made the next plain label a function) (stored parses
 *     are keyed by an unchanged masked text).
 * 52: the `\@` of an assembler file an `#include` reads starts where the first unit reading it includes it, past the
 *     macros executed before (it started from 0).
 * 53: assembler macro arguments given by name (`fn two, suffix=_b`) go to that parameter (they were positional text).
 * 54: a blank next to an operator separates no assembler macro arguments (`fn 3 -1 p` gives `3-1`, `p`), and `&name&`
 *     marks a parameter outside `.altmacro` mode as inside it.
 * 55: an assembler file's own `.if` ... `.endif` decide which of its macro invocations and repeat blocks are read
 *     (those in a branch not read wrote their symbols), and conditionals read symbols `.set` to numbers.
 * 56: an assembler macro defined in a conditional's branch not read (`.if 1` ... `.else` `.macro pick`) is no
 *     definition other files see (the last definition of the name won).
 * 57: an assembler file sees only the macros of the files its unit reads, an included file's from its `#include` on
 *     (every file saw the definitions of all the build's assembler files from its first line).
 * 58: assembler files read the macros of the files GNU as `.include` reads (found in the compile's directory, its
 *     `-I` and `-Wa,-I` folders) from the `.include` on, and count in `\@` the macros those files execute.
 * 59: the labels a file GNU as `.include` reads writes are the build's symbols in that file (stored in language
 *     `asm`: no C preprocessor reads it), as the assembler writes them into the object of the unit including it.
 * 60: an included assembler file (`.include` or `#include`) sees only the macros known where it is included: a macro
 *     its readers define after the inclusion is not expanded in it (it was).
 * 61: a file GNU as `.include` reads is read at each `.include`: its executions count each time, and its `\@` labels
 *     are written from each count reaching it (read twice, or by two units: `m1_mark` and `m2_mark` at one line).
 * 62: an assembler file two units `#include` from different `\@` counts writes the labels of each unit's reading (each
 *     unit assembles its own object; the first unit's only were read).
 * 63: `__COUNTER__` is counted through names pasting makes, in code lines naming it before any macro uses it, and where
 *     a header's code names a macro one unit leaves undefined and another defines to use it; a unit counts as using
 *     it once its own code expands it (stored results of the same inputs held other counts and keys).
 * 64: a file an assembler file `.include`s, read again by a second unit's `.include` of that file, writes the labels
 *     of that unit's reading too (the first unit's only were read).
 * 65: an empty macro used inside parentheses after a `;` (FreeRTOS `for( ; configCONTROL_INFINITE_LOOP(); )`) is blanked
 *     without the `;` after it, which belongs to the `for` header (the loop was a syntax error).
 * 66: a macro of string literals next to a string literal or another such macro is read as an empty literal (lwIP's
 *     `fprintf(f, "%d" NEWLINE, n)`, glibc's `"%" PRIu64`: a name next to a literal was a syntax error).
 * 67: a function-like macro that hands its one argument on (`PACK_STRUCT_FIELD(x) x`, `ARG(x) , x`, chains of them) is
 *     read as its argument (lwIP's packed protocol headers: every wrapped member was a syntax error), and the `;` after
 *     a blanked decoration following a `}` stays (`struct eth_hdr { ... } PACK_STRUCT_STRUCT;` lost it).
 * 68: a function-like macro whose body is decorations, then its parameter (glibc's `__NTH(fct)`), is read as its
 *     argument: `struct cmsghdr * __NTH (__cmsg_nxthdr (...))` declared a function named `__attribute__`.
 * 69: a unit result's `tested` list is stored once in tested_lists and named by its id (unit_results.tested_id); the
 *     row's hash covers the sha1 of the list's JSON instead of the JSON.
 * 70: a header's #define expands in a file's text only where some unit read the header before that text (lwIP's
 *     `#define recv(s,mem,len,flags) lwip_recv(...)` of sockets.h wrote `pcb->lwip_recv(...)` into raw.c, which never
 *     reads it); unit results keep the line of the unit's #include that first read a file read again later
 *     (`firstTops`), and activity keys the digest of the headers a file sees.
 * 71: a function-like macro that writes a declaration of its arguments (qualifiers, `*`, `&`, commas around them, each
 *     once and in order: lwIP's `API_MSG_M_DEF_C(t, m) const t * m`, `API_MSG_M_DEF(m) *m`) is read as it: uses were
 *     syntax errors, or members named `API_MSG_M_DEF`.
 * 72: an object-like macro writing a piece of an argument or parameter list (a comma first or last: lwIP's
 *     `WRITE_DELAYED` → `, 1`, `LOOPIF_ADDRINIT` → `&a, &b, &c,`) is read as those arguments (each `0` where they do
 *     not fit the name): `f(conn WRITE_DELAYED)` was a syntax error.
 * 73: an object-like macro writing an array declarator's brackets (glibc's `__flexarr` → `[]`) is read as them:
 *     `unsigned char __cmsg_data __flexarr;` in bits/socket.h was a syntax error.
 * 74: a #define applies only where a view that reached it compiles the text: in its own file, not in the `#else` of
 *     its `#ifdef` that other units read (ThreadX's `VOID _tx_block_pool_initialize(VOID);` read as a use of the
 *     macro the `#ifdef TX_INVOKE_INLINE_INITIALIZATION` branch defines), nor, in another file, where the units reading
 *     it read the header without reaching it; such a name's uses there are not blanked either.
 * 75: GCC's `__signed__`/`__signed` is read as `signed` (Linux UAPI's `typedef __signed__ char __s8;` indexed a typedef
 *     named `char`), and an unnamed bit-field (`int :32;`) is no syntax error (stored parses are keyed by the text).
 * 76: an object-like macro that expands to statements (ThreadX `TX_DISABLE` → `interrupt_save = ...;`), used at the
 *     start of a statement, is read as `;` (its expansion still read for calls): `TX_DISABLE if (p) {` was a nested
 *     function `if`, `FX_UNPROTECT return(s);` a declaration of `return`, `TX_RESTORE x = 1;` a local `x`; so is a
 *     declaration macro inside braces, and a local a macro declares is a symbol made from its expansion.
 * 77: a call of a name alone in parentheses (`(UCHAR)(x)`, `(_tx_thread_mutex_release)(p)`) keeps that text as its
 *     detail, and the call graph leaves it out where the build declares the name as a typedef: a cast (NetX Duo's
 *     UCHAR and ULONG were its most-called "functions").
 * 78: a macro use in code several define classes of its file compile (views that reached different #defines of the
 *     file's own) is read with each class's expansion: `#ifdef X / #define CALL f1 / #else / #define CALL f2 / #endif`
 *     above a shared `CALL();` refs both f1 and f2 (was f2 alone); a use is blanked only where every class reads the
 *     same blank macro.
 * 79: a file view records whether it reached every #define of the file (`allDefines`), and such a define class is
 *     named by its path alone in what other files see (activity keys): a header #define every reader reaches no
 *     longer re-masks every file read after the header.
 * 80: a parameter declaration an object-like macro writes as a list piece longer than its name (NetX Duo's
 *     `NX_CLEANUP_PARAMETER` → `, ULONG suspension_sequence`) is recorded and read expanded: the function has the
 *     parameters the compiler sees and no syntax error; a recovered symbol is via the macro writing its name, not
 *     its return type (`VOID`) (an unchanged build keeps its invocations and parses otherwise).
 * 81: a declaration another define class's reading of its file makes a definition is one (ThreadX's
 *     `TX_THREAD_DECLARE ULONG _tx_thread_system_state;`, `extern` but in tx_thread_initialize.c): stored parses of
 *     such files were read from the build lookup's reading alone.
 * 82: a function pointer declared at file scope with a typedef name for its type (`VOID (*hook)(TX_THREAD *t);`),
 *     which tree-sitter reads as a call of the type name, is a variable defined there, with no call or use recorded.
 * 83: a function-like macro whose expansion is a plain declaration (`DEFINE_COUNTER(rx)` → `static unsigned int
 *     rx_counter = 0`; no `;`, brace or aggregate keyword) is recorded and read expanded: the variable is indexed (the
 *     use was read as a call at file scope); and such a declaration another define class's reading writes as a
 *     definition is one.
 * 84: a macro use in a file read several times with a name defined anew between the reads (a template header
 *     included once per variant, `#undef EXT / #define EXT _b` before each) is read with each read's expansion, and
 *     the symbols a macro writes in another reading only are the file's too: CMSIS-DSP's `FUNC(EXT)` defines all
 *     four arm_boolean_distance_* functions (was the first alone).
 * 85: the locals of a function whose name a macro writes (`ISR(TIMER0_OVF_vect) { unsigned step; }`) have that
 *     function as parent and scope (they named the symbol the parser read from the invocation, which the made one
 *     replaces, so find_variables found none of their uses).
 * 86: `__has_builtin(__builtin_arm_get_fpscr)` / `__builtin_arm_set_fpscr` is 1 for an Arm target with a
 *     floating-point unit, as GCC answers (CMSIS's cmsis_gcc.h took the inline-assembler `#else` of __get_FPSCR).
 * 87: the built-in arm-none-eabi-gcc tables (no compiler installed) are GCC 12.2's own: Cortex-M55 (and M85) is
 *     ARMv8.1-M with MVE and its FPU (it was read as arm7tdmi), `__STDC_VERSION__`, `__FP_FAST_FMA*`,
 *     `__THUMB_INTERWORK__` and the fixed-point limits are defined, ARMv8-A's `__ARM_FEATURE_NUMERIC_MAXMIN` is not.
 * 88: a -std the built-in gcc tables are read with sets what GCC ties to it: C++ feature-test macros and `char8_t`
 *     per standard (they were C++17's whatever the standard), GNU inline semantics before C99 / C++11, no
 *     `__STDC_UTF_16__` before C11 (but gnu99), no `linux`/`unix` in a strict mode; the last -std counts.
 * 89: the built-in gcc tables follow code-generation flags as GCC does: -ffast-math and its parts (__FAST_MATH__,
 *     __NO_MATH_ERRNO__, IEEE conformance), -fpic/-fpie in order, -fno-inline, -fshort-wchar, -fstack-protector*,
 *     sanitizers, -pthread/-fopenmp, -fgnu89-inline, C++ switches, -g on ARM, -mbig-endian, -mno-unaligned-access,
 *     -mfp16-format; more of these flags are part of a unit's target flags (asked of a real compiler too).
 * 90: a GCC cross compiler with no table of its own (riscv*, xtensa*, aarch64*), when it is not installed, gets GCC
 *     12's target-independent macros (`__GNUC__` among them) and its architecture's (`__riscv_xlen`, `__XTENSA__`),
 *     not the generic table without `__GNUC__`.
 * 91: __has_builtin / __has_attribute / __has_cpp_attribute answer as GCC 12 does (names taken from the host gcc's
 *     and arm-none-eabi-gcc's own answers): ~630 builtins where ~230 were known (`__builtin_strchr`, `isinf`, the Arm
 *     ACLE ones), `alias` and C2x's standard attributes in C, Arm-only and x86-only attributes by target, GNU
 *     attributes unscoped in __has_cpp_attribute; `constructor` no longer found on a table's prototype. The header
 *     walk cache key holds the target's architecture.
 * 92: (taken back by 93) a header read once saw the #defines of a header first read through its own #include only
 *     below that #include; unit results held the include sites and rereads.
 * 93: unit results as at 91 again: 92's visibility rule cost header edits ~55 % and a full index ~8 % on the
 *     benchmark corpus, and is left for a cheaper form.
 * 94: the built-in ARM table reads `-mcpu=cortex-m0plus.small-multiply` (and M0's, M1's) as its core (it fell back to
 *     arm7tdmi), and an -mcpu naming no core it knows as GCC's default whatever the name.
 * 95: -mgeneral-regs-only in the built-in tables: ARM claims no fast FMA, IEEE arithmetic, half-precision arithmetic
 *     or MVE; x86 no SSE/MMX, no `_Float16`, `_SOFT_FLOAT`.
 * 96: a function-like macro's use whose expansion calls nothing while its written arguments call a function
 *     (STM32Cube's `assert_param(IS_RTC_HOUR12(RTC_Bcd2ToByte(h)))` → `((void)0U)`) is recorded and parsed
 *     expanded: the dropped call is no call row.
 * 97: 92's rule again, in a form that costs nothing where it does not apply: a header read once sees a file first read
 *     through its own #include only below that #include where the header names one of the file's #defines above it
 *     (glibc's stdio.h declares fread_unlocked above the #include of bits/stdio.h that defines it as a macro: read
 *     expanded, as variables `__ptr`, `__stream`, `__cnt` and `__c` and a function `__extension__`). Unit results
 *     hold those files (UnitResult.through) and the headers with code above an #include that first read files (heads);
 *     skeletons hold where a file's code starts above an #include.
 * 98: a file-scope function pointer with a typedef-named type and an initializer (`mbedtls_time_t (*mbedtls_time)(...)
 *     = f;`) is a variable defined holding f; a run of object-like macros writing one statement together (Mbed TLS's
 *     `MULADDC_X1_INIT MULADDC_X1_CORE MULADDC_X1_STOP`) is parsed as `;`; function-like macros writing a piece of a
 *     list of expressions (`MBEDTLS_SSL_SIG_ALG(hash)` → `..., (0x800 | hash),`) are blanked with their arguments.
 * 99: value_lists.items holds the differences between successive item ids (zigzag varints), not the ids.
 * 100: a unit result's #undef marks list holds its marks and runs as its first item and each state as an item of its
 *      own (states repeat across units and envs in other sets), not the whole marks as one item.
 * 101: a unit result's file views are named by id in unit_results.views (see schema 20).
 * 102: a symbol's body is a bodies row its body_id names (one row per distinct text), no longer text in its own row.
 * 103: a build's diagnostics and units are value lists its row names (see schema 22).
 * 104: a value list may be stored as edits of its base (see schema 23).
 * 105: a unit result's #undef states after the first are stored as the names they drop and add to the state before.
 * 106: a parse's rows stored in chunks of 16 lines, each distinct chunk once (parse-chunks.ts).
 * 107: build_files.activity is stored packed (see schema 26).
 * 108: build_units names units by unit_paths id (see schema 27).
 * 109: result, list and view hashes stored as bytes (see schema 28).
 * 110: unit_results.data holds a result's body as varints (result-body.ts): `tops` as runs, the unit's path as the
 *      index of its file (was the body's JSON); an #undef marks list's first item is its marks and runs as base64
 *      varints grouped by file (marks-item.ts; was their JSON).
 * 111: bodies of 1 KB or more stored deflated (body-compression.ts).
 * 112: content_trigrams rows without positions (see schema 29).
 * 113: a macro row's file is NULL when it is its group's (every row the indexer writes): the path was stored once per
 *      #define (a PlatformIO project's 50 000 macros, 1.3 MB of paths).
 * 114: a symbol's stable_id and parent_id hold a 16-hex-digit id as its 8 bytes (hash-columns.ts), half their bytes.
 * 115: items of 256 characters or more of tested and #undef marks lists stored deflated (value-lists.ts).
 * 116: no call rows for C++ operators the grammar reads as calls (`static_cast<T>(x)`, `typeid(x)`, `noexcept(e)`).
 * 117: a tested or #undef marks list may be stored as the edits of an edited list (chains of up to 16 edits), its base
 *      the one of the storer's last 16 lists a sample of its ids says it shares most with (value-lists.ts listStorer).
 * 118: a unit result's tested list names each #include, #include_next or __has_include that found no file (the header's
 *      name and the folders searched), undefined: a result holds while the header is still missing, so a header that
 *      appears in a searched folder re-walks the units that looked for it (see absent-lookups.ts).
 * 119: an item of a tested list standing for a lookup that found no file is stored as its head (`["` and the header's
 *      name) and the id of an item holding the rest (the folders searched, which every missing header of a unit
 *      repeats; see lookup-items.ts), not deflated whole.
 * 120: a unit result's views column may be the edits of a view_lists row (view-lists.ts); file_views.data from 256
 *      characters on and skeletons.data are stored deflated; an activity scope's hex run leaves out its longest stretch
 *      of 4 or more zero bytes (activity-keys.ts packScope).
 * 121: an activity scope with a head (what precedes its last \`h\` run) names it by its scope_heads id (see schema 39);
 *      definition bodies are stored deflated from 256 characters on (was 1 024; body-compression.ts); a call row's kind
 *      is its code (see schema 39); line_sets' ranges texts are stored as varints (line-set-ranges.ts).
 * 122: a definition body may be stored as raw DEFLATE bytes with the text of an earlier body of its symbol (bodies.base_id)
 *      as the preset dictionary (body-compression.ts storedBodyOn), when that takes fewer bytes than on its own.
 * 123: avr-gcc, when it is not installed, gets a table of its own (implicit-macro-tables-avr.ts): `__AVR__`, its 16-bit
 *      data model and, from -mmcu, the device's and its architecture's macros. It had the generic table, without
 *      `__AVR__` or `__GNUC__`, so an AVR env's `#ifdef __AVR__` code (Marlin's and Arduino's AVR HAL) was inactive.
 * 124: a function-like macro's use that expands to nothing and that no `;` or operator follows is recorded
 *      (recorded-expansions.ts), so the parse reads it expanded: Mbed TLS's `MBEDTLS_STATIC_ASSERT(e, msg)` at file
 *      scope under C99 gave syntax errors and lost what followed it where tree-sitter's recovery did.
 * 125: a function stored or passed through a conditional expression (`cb ? uarte_evt_handler : NULL`) is a
 *      fn_pointer reference of either branch: the nRF5 SDK's UART driver's handlers were found by no reference and
 *      called dead.
 * 126: Keil armasm labels at the start of a line without a colon (`__Vectors       DCD     __initial_sp`) are labels:
 *      the vector table's first word (the stack's top) was lost and every slot read one place early.
 * 127: a `.asm` unit (armasm's or another assembler's own syntax; no GCC suffix) is read without preprocessing, as a
 *      plain `.s` is: it was walked as C, with its assembler's implicit macros in the build's agreed built-ins.
 */
export const ROW_FORMAT_VERSION = 127;
