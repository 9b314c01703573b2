// get_method_overrides: every class declaring a method, with what it overrides and what overrides it.
import { z } from 'zod';
import { getMethodOverrides } from '../../query/class-hierarchy.js';
import { BUILD_ARGS, buildArgs, defineTool, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Find the overrides of a C++ virtual method in one build: every class that declares a method of that name, with the base-class methods it overrides and the derived-class methods that override it, following the class hierarchy the build compiles. method_name is the bare name (read, ~Sensor) or qualified (Sensor::read: that class comes first; an unknown qualified name is refused).

Each entry: qualified_name, class, signature, file and line of the in-class declaration, definition {file, line} of its body (null for pure virtual or when the build has none), is_virtual (declared virtual, or overriding a virtual), is_pure_virtual, declared_override (written with override or final), overrides (base methods it overrides, nearest first), overridden_by (methods of derived classes, direct and indirect). Matching is by name along the hierarchy: overloads with other parameter lists are not told apart, and a non-virtual method of the same name in a base is hidden, not overridden (it is not listed in overrides).

Result: {method, total, methods: [...], variant, image}.

${BUILD_ARGS}`;

export const GET_METHOD_OVERRIDES_TOOL = defineTool({
  name: 'get_method_overrides',
  title: 'Overrides of a virtual method',
  description: DESCRIPTION,
  inputSchema: {
    method_name: z.string().min(1).describe('Method name (read) or qualified name (Sensor::read).'),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => getMethodOverrides(ctx, { ...args, methodName: args.method_name })),
});
