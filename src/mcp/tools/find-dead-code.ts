// find_dead_code: function definitions of one build that nothing calls or references.
import { z } from 'zod';
import { findDeadCode } from '../../query/call-graph/dead-code.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Functions defined in one build that nothing in that build calls or references: no call site (written, macro-made, through a pointer), no vector slot or IRQ registration, no store of its address into a pointer, no weak alias naming it (.thumb_set X, Default_Handler; __attribute__((alias("Default_Handler")))), not the linker script's ENTRY/EXTERN/KEEP/PROVIDE names, not main. Each row {name, file, line, status, reason, signature}: status "dead" for a static function of a source file (nothing outside its file can reach it); "possibly_dead" when something outside the indexed sources could still reach it — external linkage (libraries, assembler, another image), a weak definition, a handler-like name no vector table of this build names, a macro-made function; reason says which. Dead rows come first. Static inline functions of headers are left out (unused API helpers, not dead code).

Build-scoped: a function used only by another board's build is dead in this one — ask per build.

${PAGING} limit: 1-500, default 50.

${BUILD_ARGS}`;

export const FIND_DEAD_CODE_TOOL = defineTool({
  name: 'find_dead_code',
  title: 'Functions nothing calls',
  description: DESCRIPTION,
  inputSchema: {
    limit: z.number().int().min(1).max(500).optional().describe('Results per page, 1-500 (default 50).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_only: z.boolean().optional().describe(ARG.project_only),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => findDeadCode(ctx, { ...args, projectOnly: args.project_only })),
});
