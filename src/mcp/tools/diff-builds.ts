// diff_builds: what differs between two builds (files, symbols, defines, compiler built-ins, Kconfig, memory, linker symbols).
import { z } from 'zod';
import { DIFF_SECTIONS, diffBuilds } from '../../query/diff-builds.js';
import { ARG, CROSS_BUILD, defineTool, READ_ONLY, buildArgs } from '../tool-kit.js';

const DESCRIPTION = `Compare two builds A and B — two boards, two PlatformIO envs, or the application and the bootloader image of one sysbuild — and list what differs. ${CROSS_BUILD}

a and b each name a build: a {variant, image?} object (image when the variant has several, e.g. {variant: "build-sysbuild", image: "mcuboot"}), or a string, the variant alone or the label "variant:image" that answers print ("build-sysbuild:mcuboot").

Answer: {a, b: {label ("variant:image"), variant, image, board}, counts (size of every list), entry_point: {a, b, differs}, notes (comparisons that could not be made: a build without Kconfig output, memory regions or kept built-ins), sections}. Sections, each a paged list {total, offset, shown, more, next_offset?, items}:
- units_only_in_a / units_only_in_b: compile units (source files) only one build's image links (every unit it compiles when its link is unknown; a unit compiled for a library the image does not link is not counted).
- files_only_in_a / files_only_in_b: every file read (sources and headers) by only one build.
- files_compiled_differently: files both read whose compiled lines or #if decisions differ.
- symbols_only_in_a / symbols_only_in_b: {name, qualified_name, kind, is_definition, file, line, signature} with no symbol of the same qualified name, kind and definition/declaration in the other build (locals left out).
- symbols_defined_differently: {name, qualified_name, kind, a: [{file, line, signature}], b: [...]} for symbols both builds define (same qualified name and kind) whose definitions differ in file, line or signature: a function each board implements in its own file, the other branch of an #if, a static helper only one build adds beside a same-named one. Each lists every definition in that build.
- defines: -D defines that every unit of a build's image carries (the units it links, as units_only_in), differing or missing in the other: {name, a, b} (null = not set).
- compiler_builtins: the compiler's predefined macros that differ ({name, a, b}, null = not predefined): those every unit of a build gets alike, from the target and options (__ARM_ARCH, __ARM_ARCH_7EM__ vs __ARM_ARCH_6M__, __ARM_FP, __SOFTFP__, __GNUC__, __CC_ARM, __ICCARM__, __x86_64__). A function-like one's value starts with its parameters. Built-ins that differ between a build's own units (C against C++) are not listed.
- kconfig: CONFIG_ values from each build's autoconf.h that differ: {name, a, b} (null = not set).
- memory_regions: MEMORY regions of the linker scripts that differ: {name, a, b} with {origin, length (as written), origin_value, length_value (bytes), attributes}, null where the build has no such region.
- linker_symbols: symbols the linker scripts assign, differing: {name, a, b} (the assignment text).
Every list holds at most limit items (1-1000, default 50) from offset; to page one list, pass section with offset = its next_offset (the answer then holds that section only).

Args: a, b, section, limit, offset, project_root.`;

const side = z.union([
  z.object({ variant: z.string().min(1).describe(ARG.variant), image: z.string().optional().describe(ARG.image) }),
  z.string().min(1).describe('The variant, or its label "variant:image".'),
]);

/** A side as the query takes it: a string is a variant's name or label, which the build resolver reads. */
const selector = (s: z.infer<typeof side>) => (typeof s === 'string' ? { variant: s } : s);

export const DIFF_BUILDS_TOOL = defineTool({
  name: 'diff_builds',
  title: 'Differences between two builds',
  description: DESCRIPTION,
  inputSchema: {
    a: side.describe('Build A: {variant, image?} or "variant[:image]".'),
    b: side.describe('Build B: {variant, image?} or "variant[:image]".'),
    section: z.enum(DIFF_SECTIONS).optional().describe('Only this list, to page through it with offset.'),
    limit: z.number().int().min(1).max(1000).optional().describe('Items per list, 1-1000 (default 50).'),
    offset: z.number().int().min(0).optional().describe('Skip this many items of each list (with section: of that list).'),
    project_root: buildArgs.project_root,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => diffBuilds(ctx, { ...args, a: selector(args.a), b: selector(args.b) })),
});
