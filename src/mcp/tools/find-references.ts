// find_references: call sites of a function in one build, each with the function making the call.
import { z } from 'zod';
import { findReferences } from '../../query/find-references.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `List the uses of a function in one build: every place the build compiles that calls name (a plain call, a call through a struct member of that name such as dev->api->init(...), or a qualified call ns::f()), stores it into a pointer or names it in a vector table, each with file, line, column and in_symbol — the qualified name of the function that makes the call (null at file scope). Calls inside inactive #if branches are not listed: they are not part of that build. Matching is by name, not by type, so two functions of the same name in different files share their callers, and a call through a function pointer variable is listed under the variable's name. Each row's kind says what the use is: call, macro_call (written by a macro expansion), indirect (a call through a pointer or member of that name), vector (an interrupt vector slot naming it), fn_pointer (the function stored into a pointer: an initialiser, assignment or argument). For callers with their call kinds and pointer calls resolved, use find_callers.

Use it to answer "who calls X?" before changing X. Project code comes first; project_only=true leaves vendor code out.

${PAGING} limit: 1-500, default 50.

${BUILD_ARGS}`;

export const FIND_REFERENCES_TOOL = defineTool({
  name: 'find_references',
  title: 'Call sites of a function',
  description: DESCRIPTION,
  inputSchema: {
    name: z.string().min(1).describe(ARG.name),
    limit: z.number().int().min(1).max(500).optional().describe('Results per page, 1-500 (default 50).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_only: z.boolean().optional().describe(ARG.project_only),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => findReferences(ctx, { ...args, projectOnly: args.project_only })),
});
