// find_variables: variables by name substring, each with its readers, writers and address takers.
import { z } from 'zod';
import { findVariables } from '../../query/find-variables.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Find variables of one build whose name contains name (case-insensitive substring): globals, file-static variables, struct/class fields and function locals. Each comes with its uses in the code the build compiles, classified by ref_kind: "write" (assigned, compound-assigned, ++/--, or an element/member of it assigned: buf[i] = x, s.x = 1), "address" (&x taken — it may be written through the pointer), "read" (every other use). Each use names in_function (the function holding it, null at file scope) and in_class (the class of that method, for C++).

Scope of the uses: a local's uses are searched inside its function, a static's inside its file, a global's in the whole build, a field's among member accesses (.x, ->x) and, in C++, plain uses inside its class's methods. Matching is by name, not by type: two structs with a field of the same name share their member uses. A global's uses leave out those in a function that declares a local of the same name before them; a parameter of the same name is not told apart. Calling a function that takes a C++ reference counts as a read. Prototypes (extern declarations) are folded into the definition.

Result per variable: name, qualified_name, kind (varglobal, varlocal, field), storage (global, static, local, field), file, line, signature, is_vendor, owner (function of a local, struct/class of a field), counts {read, write, address} over all uses, refs_total, writers / address_takers / readers (functions holding such uses, among the first 500), refs (the first max_refs uses, writes first: {ref_kind, file, line, column, in_function, in_class}) and refs_more. scope narrows to global | static | local | field. Exact names and project code come first.

${PAGING} limit: 1-50 variables per page, default 10; max_refs: uses listed per variable, 1-200, default 30.

${BUILD_ARGS}`;

export const FIND_VARIABLES_TOOL = defineTool({
  name: 'find_variables',
  title: 'Variables with their readers and writers',
  description: DESCRIPTION,
  inputSchema: {
    name: z.string().min(1).describe('Part of the variable name (tick matches g_tick_count).'),
    scope: z.enum(['global', 'static', 'local', 'field']).optional().describe('Only variables of this storage.'),
    max_refs: z.number().int().min(1).max(200).optional().describe('Uses listed per variable (default 30).'),
    limit: z.number().int().min(1).max(50).optional().describe('Variables per page, 1-50 (default 10).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => findVariables(ctx, { ...args, maxRefs: args.max_refs })),
});
