// get_class_members: fields, methods, constructors and nested types of a class in one build.
import { z } from 'zod';
import { getClassMembers } from '../../query/class-members.js';
import { BUILD_ARGS, buildArgs, defineTool, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `List the members of a C++ class (or a C struct/union) as one build compiles it, grouped: fields, methods, constructors, destructors and types (nested classes, enums, typedefs). Members inside an inactive #if branch of the build are absent. A method declared in the class and defined elsewhere (int Uart::send() in uart.cpp) is one entry: file/line of the declaration, definition {file, line} of the body (null when the build has none, e.g. pure virtual).

Each member: name, kind, signature, file, line, access (public, protected or private as the class body declares it — the last access label before the member, else the default: private in a class, public in a struct or union; null for a member the build only defines out of the class), is_static, is_virtual, is_pure_virtual, is_override (declared override or final), definition. include_inherited=true adds the members of every base class (transitively) that the class does not redeclare, each with inherited_from; constructors and destructors are not inherited.

class_name: the class name or its qualified name; a name shared by several classes is refused with the choices.

Result: {class: {qualified_name, kind, file, line, end_line, signature}, counts, fields, methods, constructors, destructors, types, variant, image}.

${BUILD_ARGS}`;

export const GET_CLASS_MEMBERS_TOOL = defineTool({
  name: 'get_class_members',
  title: 'Members of a class',
  description: DESCRIPTION,
  inputSchema: {
    class_name: z.string().min(1).describe('Class, struct or union name, or its qualified name.'),
    include_inherited: z.boolean().optional().describe('Also list members inherited from base classes (default false).'),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => getClassMembers(ctx, { ...args, className: args.class_name, includeInherited: args.include_inherited })),
});
