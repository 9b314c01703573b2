// get_inheritance_chain: a C++ class's bases and derived classes in one build.
import { z } from 'zod';
import { getInheritanceChain } from '../../query/class-hierarchy.js';
import { BUILD_ARGS, buildArgs, defineTool, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Show where a C++ class (or struct) sits in its hierarchy in one build: its bases upward and the classes deriving from it downward, from the base lists the build compiles (a base list inside an inactive #if branch does not count). transitive (default true) follows the chain to the roots and leaves; false lists direct bases and direct subclasses only.

class_name: the class name or its qualified name (hw::Uart); a name shared by several classes is refused with the qualified names to choose from.

Result: {class: {qualified_name, kind, file, line, signature}, transitive, bases: [...], derived: [...], variant, image}. Each link: qualified_name, resolved (false when the base is not a class of this build, e.g. a standard-library or template-parameter base — it is then given as written and not followed), from (the class it hangs off), depth (1 = direct), access (public/protected/private as declared, default private for class and public for struct), is_virtual (virtual inheritance), file/line of the related class, written (the base as written, template arguments included) and written_at (file:line of the base list entry). Base names resolve from the deriving class's namespace outward.

${BUILD_ARGS}`;

export const GET_INHERITANCE_CHAIN_TOOL = defineTool({
  name: 'get_inheritance_chain',
  title: 'Bases and subclasses of a class',
  description: DESCRIPTION,
  inputSchema: {
    class_name: z.string().min(1).describe('Class or struct name, or its qualified name (hw::Uart).'),
    transitive: z.boolean().optional().describe('Follow bases and subclasses all the way (default true); false: direct ones only.'),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => getInheritanceChain(ctx, { ...args, className: args.class_name })),
});
