// which_builds: for every indexed build, whether a symbol or macro is defined, only declared or absent, and why.
import { z } from 'zod';
import { FILTER_KINDS } from '../../model/symbol.js';
import { whichBuilds } from '../../query/which-builds.js';
import { ARG, CROSS_BUILD, defineTool, READ_ONLY, buildArgs } from '../tool-kit.js';

const DESCRIPTION = `For EVERY indexed build (each variant and image: boards, PlatformIO envs, the application and the bootloader), say whether a function, variable, type or macro exists there: "does this reach the nRF board?", "which boards compile gpio_nrfx_init?", "why is it missing on the bootloader?". ${CROSS_BUILD}

name is an exact name or qualified name (no wildcards); kind narrows it (function, varglobal, struct, macro, ...).

Answer: {name, kind, defined_in, declared_only_in, absent_from (build labels "variant:image"), definition_places (where the definition is written: file, line, kind, signature, defined_in_builds), note?, warning? (a file of those places changed on disk since indexing: lines may have moved; run fw-context index), total, offset, shown, more, next_offset?, builds: [...]}. Each builds entry: {variant, image, board, status}:
- "defined": locations lists the definitions in that build (file, line, kind, signature); for a macro, macro lists each #define the build reached with its _macro_value (replacement text) and _macro_expanded_value (the integer it evaluates to, when it does), the names search_code uses — the macro's value in that build. A compiler built-in (__GNUC__, __ARM_ARCH, __ARM_FP, __CC_ARM, __ICCARM__) has file "<built-in>" and line 0, a -D option "<command-line>"; built-ins that differ between a build's units (C and C++ ones such as __cplusplus) are not listed.
- "declared": only declarations (a prototype, an extern) are compiled there; locations lists them, why_not_defined says why the definition is not.
- "absent": the build has no symbol of that name; why_not_defined says why.
why_not_defined holds one entry per definition place: {file, line, status}. status "inactive_branch": a conditional keeps the line out, and deciding names it — {file, line, text (the directive, e.g. "#if defined(CONFIG_GPIO_NRFX)"), condition, taken_instead? (the branch of the same group the build took instead), macros: [{name, defined, definitions: [{_macro_value, _macro_expanded_value, file, line}], note}] — the values the build has for the names the condition tests (a compiler built-in's file is "<built-in>")}. "unit_not_in_build": the build does not compile that source file at all. "file_not_included": no unit of the build includes that header. "line_compiled": the build compiles that line but the name differs there (a macro renames it). "not_reached": nothing around the line explains it (read only for macros, or after an unterminated #if).
When no build has the name, the indexed sources are scanned for where it is written (definition_places with defined_in_builds 0, and a note), so each build can still say which #if keeps it out.

Paging is over builds: limit 1-1000 (default 50), offset; the label lists always cover every build.

Args: name, kind (optional), limit, offset, project_root. No variant/image: this tool answers for all builds.`;

export const WHICH_BUILDS_TOOL = defineTool({
  name: 'which_builds',
  title: 'Which builds compile a symbol',
  description: DESCRIPTION,
  inputSchema: {
    name: z.string().min(1).describe('Exact name or qualified name of a function, variable, type or macro (no wildcards).'),
    kind: z.enum(FILTER_KINDS).optional().describe(ARG.kind),
    limit: z.number().int().min(1).max(1000).optional().describe('Builds per page, 1-1000 (default 50).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_root: buildArgs.project_root,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => whichBuilds(ctx, args)),
});
