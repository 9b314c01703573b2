// list_variants: every build of the project (variants, images, board, build system), indexed or not.
import { listVariantsNow } from '../../query/list-variants.js';
import { buildArgs, defineTool, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `List every build of the project: each variant (a board, a PlatformIO env, an mbed target, a build folder) with its images (the application, a bootloader such as mcuboot, a second slot), and for each image its type, board, build_system (zephyr, cmake, ninja, platformio, mbed, make, eclipse-cdt, keil, iar, ses, compile_commands; make: a plain Make project read from the make dry run that "fw-context index --build" ran; eclipse-cdt: an STM32CubeIDE or other Eclipse CDT project configuration such as Debug, derived from its .cproject; keil: a Keil µVision project target, derived from its .uvprojx; iar: an IAR Embedded Workbench project configuration, derived from its .ewp; ses: a SEGGER Embedded Studio solution configuration, derived from its .emProject), provenance ("read": from files the build wrote; "derived": reconstructed from project files because the build left no compile database; a description saying "derived, not built" means nobody built it), build_dir, compile_commands, units (compile units of the build) and linked_units (those whose objects the image links: the only ones its queries answer from; the rest are compiled for optional libraries the image does not contain), linking {method: "ninja-link-edge" | "makefile-link" (a CMake Makefile generator's link.txt, through the static libraries it archives) | "make-dry-run" (the link command a make dry run printed) | "map-file" | "ninja-default-targets" (a folder linking no program, such as a library-only project: the objects a plain ninja run builds) | "unknown" (no readable link: every unit counts), source, note}, whether it is indexed (indexed, indexed_at) and whether its build folder still exists (declared). default_variant/default_image echo the config; with no default_variant there, default_variant is the build system's own default when it has one (the first env of a PlatformIO project's default_envs), which queries naming no variant answer from.

Use it to learn the variant and image names every other tool takes. A build that is declared but not indexed answers no query until \`fw-context index --variant NAME\` runs. It reads build folders on disk, not source code; diagnostics lists problems found in build files (file, line, message, fix).

Args: project_root (optional).`;

export const LIST_VARIANTS_TOOL = defineTool({
  name: 'list_variants',
  title: 'Builds of the project',
  description: DESCRIPTION,
  inputSchema: { project_root: buildArgs.project_root },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => listVariantsNow(ctx)),
});
