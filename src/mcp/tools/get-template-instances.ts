// get_template_instances: the argument lists a template is instantiated with in one build.
import { z } from 'zod';
import { getTemplateInstances } from '../../query/template-instances.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `List the instantiations of a C++ class or function template that one build's code shows, one entry per argument list: explicit instantiations (template class RingBuffer<char, 16>;), explicit specializations (template<> class RingBuffer<bool, 1> {...}), and implicit instantiations written with their arguments — a variable, member, base or parameter of type RingBuffer<int, 8>, a call max<int>(...). Not seen: calls whose arguments the compiler deduces (max(1, 2)), uses inside other templates (their arguments depend on template parameters), and instantiations that exist only in the object code. Only code the build compiles counts.

template_name: the template's name without arguments (RingBuffer, or qualified etl::vector; uses written with or without the namespace both match the short name).

Result: {template, definitions (the template's own declarations: qualified_name, kind, file, line, signature), total (distinct argument lists), total_uses, offset, shown, more, next_offset, instances: [{args, kinds, uses, sites (first 10: file, line, column, kind)}], variant, image}. Explicit instantiations and specializations come first. limit: argument lists per page, 1-100 (default 20); page with offset = next_offset. An unknown name with no uses is refused.

${BUILD_ARGS}`;

export const GET_TEMPLATE_INSTANCES_TOOL = defineTool({
  name: 'get_template_instances',
  title: 'Instantiations of a template',
  description: DESCRIPTION,
  inputSchema: {
    template_name: z.string().min(1).describe('Template name without arguments (RingBuffer).'),
    limit: z.number().int().min(1).max(100).optional().describe('Argument lists per page, 1-100 (default 20).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => getTemplateInstances(ctx, { ...args, templateName: args.template_name })),
});
