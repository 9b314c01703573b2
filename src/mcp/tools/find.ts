// find: files, content and declarations in one tool; exact strict modes, ranked fuzzy, build-aware lines.
import { z } from 'zod';
import { find } from '../../query/find.js';
import { FIND_MATCHES, FIND_MAX_LIMIT, FIND_TARGETS, FIND_DEFAULT_LIMIT } from '../../query/find-request.js';
import { ARG, defineTool, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Search the project's files: file paths, the text of every file, or the declarations of a build. Faster than grep through an index kept beside the symbol index, exact in strict modes, and build-aware: on a multi-board repo it says which matched lines the build really compiles.

WHAT IS SEARCHED: the project tree as ripgrep sees it by default — hidden files and folders, binary files (a NUL byte) and paths ignored by .gitignore (inside a git work tree), .ignore or .rgignore are left out, and so are the folders of the indexed builds (except the files a build reads there: generated headers such as autoconf.h, a generated linker script); a file some indexed build reads is searched even when hidden or ignored (a .gitignore'd build folder's generated headers, PlatformIO's .pio/libdeps sources); left out as well are the paths the config's [index] exclude_paths names, and object files, archives and linked images (.o, .obj, .a, .lib, .so, .dll, .elf, .axf); symbolic links are not followed; nothing outside the project root is ever read. Files changed since the last index run are read from disk, so answers match the files as they are now.

QUERY SYNTAX: /pattern/ (optionally /pattern/i) is a regex; "some phrase" in double quotes is a literal phrase; otherwise the text as written.
target (default auto): files (paths), content (lines of text), symbols (declarations of the build: functions, types, fields, enum constants, macros...), auto: a /regex/ or "phrase" searches content, a path-like query (holds a / or ends in a file extension: drivers/uart.c, main.cpp) searches files, an identifier (uart_init, Sensor.read, app::Sensor) lists the declarations of that exact name in the build and then every content line holding it as a whole word — and when neither exists, ranked fuzzy matches of declaration names and file paths; anything else searches content.
match: literal (substring, case-sensitive), word (the text not inside a longer identifier: init does not match uart_init), regex (JavaScript syntax, matched line by line), fuzzy (the query's characters in order, case-insensitive, ranked: uartdrvinit finds uart_drv_init first). Defaults: files → fuzzy, content/symbols → literal. ignore_case=true makes literal, word and regex case-insensitive.
scope.globs: gitignore-style globs over project-relative paths: a glob without / matches a name at any depth (*.c), one with / is anchored at the root (src/**), ** crosses folders, a folder covers what is under it, "!" excludes (!**/tests/**). The last glob matching a path decides; with any including glob, paths no glob matches are out.

BUILD-AWARE: with a build (variant/image, or the project's only or default build), each content line of a C/C++ file that build reads carries active: true when the build compiles it and false when an #if of that build leaves it out (preprocessor lines count when their branch is live); lines of files the build does not read carry no active. build_only=true keeps only active lines of files the build reads (and, for files, only files it reads). Declarations always come from one build. With several builds and none named, content answers carry no active field.

RESPONSE: {root, complete, matches: [{path, line, text, column?}], next?, total, route, page_identity, build?, reason?, note?, unindexed_files?}. path is project-relative; line is 1-based; text is the line (long lines cut around the match); column (1-based) is the first match on the line; one match per line. A file match has kind "file", line 1 and text the path; a declaration has kind "symbol", symbol {name, qualifiedName, kind} and text its signature. complete: true means the strict search covered every file in scope (the answer is exhaustive); false means it stopped early (reason says why: a regex past its time budget, or the fuzzy content scan past its 3 s budget). Fuzzy results are ranked (reason "ranked"). route says which target and match ran and how auto routing or the query syntax decided. note explains an empty complete answer. unindexed_files (strict content searches, when not 0): files the search read whole because the trigram index holds no current text of them — changed since the last index run, over 8 MB, or deferred (text no build reads; an index run leaves their trigrams to this server, which fills them in the background): the answer is exact and complete all the same, only slower.

PAGING: limit (1-${FIND_MAX_LIMIT}, default ${FIND_DEFAULT_LIMIT}) matches per page; total is the exact number of matches of the whole search on every page (strict modes are exhaustive; for fuzzy, the ranked candidates kept). The server keeps the match list of a strict content search for 2 minutes (the 32 most recent searches), so the next pages of a search with tens of thousands of matches cost only their own rows; each such page still checks the size and mtime of every file the search read. When more follow, next holds the arguments of the next page (the same query plus skip and page_identity): call find with exactly those. If a file the search covers changed in between, the page identity no longer fits and the call fails with PAGE_IDENTITY_CHANGED: start again without skip/page_identity. Incomplete results have no next.

ERRORS: an invalid regex names the regex, the position where it fails and why; an unknown build lists the valid ones; symbols or build_only without a resolvable build ask for variant.`;

export const FIND_TOOL = defineTool({
  name: 'find',
  title: 'Find files, text and declarations',
  description: DESCRIPTION,
  inputSchema: {
    query: z.string().describe('Text, identifier, path, /regex/ or "literal phrase".'),
    target: z.enum(FIND_TARGETS).optional().describe('files, content, symbols, or auto (default).'),
    match: z.enum(FIND_MATCHES).optional().describe('literal, word, regex or fuzzy (default: fuzzy for files, literal otherwise).'),
    scope: z.object({ globs: z.array(z.string()).optional().describe('gitignore-style globs; "!" excludes, "**" crosses folders.') }).optional().describe('Which paths to search.'),
    limit: z.number().optional().describe(`Matches per page, 1-${FIND_MAX_LIMIT} (default ${FIND_DEFAULT_LIMIT}).`),
    skip: z.number().optional().describe('Set by next: matches already returned.'),
    page_identity: z.string().optional().describe('Set by next: the identity of the page sequence being continued.'),
    build_only: z.boolean().optional().describe('Only lines the build compiles, in files the build reads.'),
    ignore_case: z.boolean().optional().describe('Case-insensitive literal, word and regex matching.'),
    project_root: z.string().optional().describe(ARG.project_root),
    variant: z.string().optional().describe(`${ARG.variant} Optional here: without it, content answers carry no active field when the project has several builds.`),
    image: z.string().optional().describe(ARG.image),
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => find(ctx, args, { keepTreeState: true })),
});
