// get_template_instances: the argument lists a class or function template is used with in one build —
// explicit instantiations, explicit specializations, and implicit instantiations the index sees as written
// (a variable of type X<int>, a call f<int>()). Deduced calls (f(1)) and uses inside other templates are not seen.
import type { TemplateUseRow } from '../index/reading-reader.js';
import { pageBounds, pageCounters } from './paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';

export interface TemplateInstancesRequest extends BuildSelector {
  templateName: string;
  limit?: number;
  offset?: number;
}

export interface TemplateInstance {
  args: string;
  /** explicit / specialization / implicit, each that occurs for these arguments. */
  kinds: TemplateUseRow['kind'][];
  uses: number;
  sites: { file: string; line: number; column: number; kind: TemplateUseRow['kind'] }[];
}

const MAX_USES = 5000;
const MAX_SITES = 10;

export function getTemplateInstances(ctx: ProjectContext, req: TemplateInstancesRequest) {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const name = req.templateName.trim().replace(/<.*$/s, '').trim();
  if (!/^[\w:]+$/.test(name)) throw new QueryError(`"${req.templateName}" is not a template name`, 'give the name without arguments, e.g. RingBuffer or etl::vector');
  const { limit, offset } = pageBounds(req, 20, 100);
  const uses = reader.reading().templateUses(build.id, name, { limit: MAX_USES, offset: 0 });
  const byArgs = new Map<string, TemplateInstance>();
  for (const u of uses.rows) {
    const key = u.args.replace(/\s+/g, '');
    let inst = byArgs.get(key);
    if (!inst) byArgs.set(key, (inst = { args: u.args, kinds: [], uses: 0, sites: [] }));
    if (!inst.kinds.includes(u.kind)) inst.kinds.push(u.kind);
    inst.uses++;
    if (inst.sites.length < MAX_SITES) inst.sites.push({ file: u.file, line: u.line, column: u.column, kind: u.kind });
  }
  const all = [...byArgs.values()];
  const templates = reader
    .lookupSymbols(name, false, { buildId: build.id }, { limit: 20, offset: 0 })
    .rows.filter((s) => s.is_template)
    .map((s) => ({ qualified_name: s.qualified_name, kind: s.kind, file: s.file, line: s.line, signature: s.signature }));
  if (all.length === 0 && templates.length === 0) {
    throw new QueryError(`no template named "${name}" and no use of it in build ${build.variant}/${build.image}`, (s) => `check the name with ${s.tool('lookup_symbol')} or ${s.tool('search_code')}`);
  }
  const page = all.slice(offset, offset + limit);
  return {
    template: name,
    definitions: templates,
    ...pageCounters(all.length, offset, page.length),
    total_uses: uses.total,
    instances: page,
    variant: build.variant,
    image: build.image,
  };
}
