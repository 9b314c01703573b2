// CLI commands for reading code as one build sees it: bodies, read, file-map, vars, context, inheritance,
// members, overrides, instances. Each calls its query and renders text (or prints the JSON the MCP tool returns).
import { getClassMembers } from '../query/class-members.js';
import { getInheritanceChain, getMethodOverrides } from '../query/class-hierarchy.js';
import { findVariables } from '../query/find-variables.js';
import { getFileMap } from '../query/get-file-map.js';
import { withProject } from '../query/project-context.js';
import { readFile } from '../query/read-file.js';
import { searchBodies } from '../query/search-bodies.js';
import { getSymbolContext } from '../query/symbol-context.js';
import { getTemplateInstances } from '../query/template-instances.js';
import type { CommandOutput, CommonOptions } from './commands.js';
import { formatSource } from './format-text.js';

type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const out = (json: boolean, value: unknown, text: () => string): CommandOutput => ({ text: json ? JSON.stringify(value, null, 2) : text(), exitCode: 0 });

/** [warning?] notice rows... rendered with one function per row. */
function paged(items: Item[], what: string, row: (it: Item) => string): string {
  return items
    .map((it) => {
      if ('warning' in it && Object.keys(it).length <= 2) return `warning: ${it.warning}`;
      if ('shown' in it && 'total' in it && !('name' in it)) return `${it.shown} of ${it.total} ${what} in build ${it.variant}/${it.image}${it.more ? ` — next page: --offset ${it.next_offset}` : ''}`;
      return row(it);
    })
    .join('\n');
}

export function runBodies(opts: CommonOptions & { query: string; limit?: number; offset?: number; projectOnly?: boolean }): CommandOutput {
  const r = withProject(opts.cwd, (ctx) => searchBodies(ctx, opts)) as Item[];
  return out(opts.json, r, () =>
    paged(r, 'definition(s)', (it) => [`${it.kind} ${it.qualified_name}  ${it.file}:${it.line}-${it.end_line}`, ...it.match_lines.map((m: Item) => `  ${m.line}: ${m.text}`)].join('\n')),
  );
}

export function runRead(opts: CommonOptions & { filePath: string; startLine?: number; endLine?: number; lineNumbers?: boolean }): CommandOutput {
  const r = withProject(opts.cwd, (ctx) => readFile(ctx, opts));
  return out(opts.json, r, () => {
    const head = `${r.file} (build ${r.variant}/${r.image}, ${r.view}): lines ${r.start_line}-${r.end_line} of ${r.total_lines}, ${r.visible_lines} read by the build`;
    const notes = [
      ...(r.warning ? [`warning: ${r.warning}`] : []),
      ...(r.all_lines_inactive ? [`the build reads none of this file${r.read_by_builds?.length ? `; builds that do: ${r.read_by_builds.join(', ')}` : ''}`] : []),
      ...(r.more ? [`next page: --start-line ${r.next_start_line}`] : []),
    ];
    return [head, ...(r.all_lines_inactive ? [] : [r.content]), ...notes].join('\n');
  });
}

export function runFileMap(opts: CommonOptions & { filePath: string; kind?: string; signatures?: boolean; limit?: number; offset?: number }): CommandOutput {
  const r = withProject(opts.cwd, (ctx) => getFileMap(ctx, opts));
  return out(opts.json, r, () => {
    const locals = r.locals_left_out ? `, ${r.locals_left_out} local variable(s) not shown (--kind varlocal)` : '';
    const lines = [`${r.file} (build ${r.variant}/${r.image}): ${r.total_symbols} symbol(s)${locals}`, ...(r.warning ? [`warning: ${r.warning}`] : [])];
    for (const g of r.groups) {
      lines.push(`${g.kind} (${g.total})${g.more ? ` — more: --kind ${g.kind} --offset ${g.next_offset}` : ''}`);
      for (const it of g.items) {
        const value = it.enum_value !== undefined ? it.enum_value : it._macro_value !== undefined ? it._macro_expanded_value ?? it._macro_value : undefined;
        lines.push(`  ${String(it.line).padStart(5)}  ${it.qualified_name}${value !== undefined ? ` = ${value}` : ''}${it.signature ? `  ${it.signature}` : ''}`);
        for (const c of it.constants ?? []) lines.push(`  ${String(c.line).padStart(5)}    ${c.name} = ${c.enum_value ?? '?'}`);
      }
    }
    return lines.join('\n');
  });
}

export function runVars(opts: CommonOptions & { name: string; scope?: string; maxRefs?: number; limit?: number; offset?: number }): CommandOutput {
  const r = withProject(opts.cwd, (ctx) => findVariables(ctx, opts)) as Item[];
  return out(opts.json, r, () =>
    paged(r, 'variable(s)', (v) =>
      [
        `${v.storage} ${v.qualified_name}  ${v.file}:${v.line}  ${v.signature}`,
        `  ${v.counts.write} write(s), ${v.counts.address} address(es), ${v.counts.read} read(s)`,
        ...v.refs.map((u: Item) => `  ${u.ref_kind.padEnd(7)} ${u.file}:${u.line}:${u.column}  ${u.in_function ?? '(file scope)'}`),
        ...(v.refs_more ? [`  … ${v.refs_total - v.refs.length} more (--max-refs)`] : []),
      ].join('\n'),
    ),
  );
}

export function runContext(opts: CommonOptions & { name: string; file?: string; line?: number }): CommandOutput {
  const r = withProject(opts.cwd, (ctx) => getSymbolContext(ctx, opts));
  return out(opts.json, r, () =>
    [
      formatSource(r as unknown as Item),
      `callers (${r.callers.total}):`,
      ...r.callers.rows.map((c) => `  ${c.file}:${c.line}  ${c.caller ?? '(file scope)'}  ${c.ref_kind}${c.via_macro ? ` via ${c.via_macro}` : ''}`),
      `callees (${r.callees.total}):`,
      ...r.callees.rows.map((c) => `  ${c.name}  line ${c.lines.join(', ')}  ${c.ref_kinds.join('/')}  ${c.defined_at ? `${c.defined_at.file}:${c.defined_at.line}` : '(no definition in the build)'}`),
      ...(r.pointer_wiring
        ? [
            `pointer calls (${r.pointer_wiring.indirect_calls.total}):`,
            ...r.pointer_wiring.indirect_calls.rows.map((c) => `  ${c.expr}  [${c.slot ?? 'slot unknown'}] → ${c.targets.rows.map((t) => t.target ?? '(unresolved)').join(', ') || '(none)'}`),
            `stored into (${r.pointer_wiring.stored_into.total}):`,
            ...r.pointer_wiring.stored_into.rows.map((s) => `  ${s.slot ?? '?'}  ${s.file}:${s.line}`),
          ]
        : []),
      `constants (${r.constants.length}):`,
      ...r.constants.map((c: Item) => `  ${c.name} = ${c.kind === 'macro' ? c._macro_expanded_value ?? c._macro_value : c.enum_value}  (${c.kind}, ${c.file}:${c.line})`),
      `variables (${r.variables.length}):`,
      ...r.variables.map((v: Item) => `  ${v.qualified_name}  ${v.access.join('/')}  (${v.file}:${v.line})`),
    ].join('\n'),
  );
}

export function runInheritance(opts: CommonOptions & { className: string; transitive?: boolean }): CommandOutput {
  const r = withProject(opts.cwd, (ctx) => getInheritanceChain(ctx, opts));
  const link = (l: Item) => `${'  '.repeat(l.depth)}${l.qualified_name}  (${l.access}${l.is_virtual ? ' virtual' : ''}${l.resolved ? `, ${l.file}:${l.line}` : ', not a class of this build'})`;
  return out(opts.json, r, () => [`${r.class.kind} ${r.class.qualified_name}  ${r.class.file}:${r.class.line}`, `bases:`, ...r.bases.map(link), `derived:`, ...r.derived.map(link)].join('\n'));
}

export function runMembers(opts: CommonOptions & { className: string; includeInherited?: boolean }): CommandOutput {
  const r = withProject(opts.cwd, (ctx) => getClassMembers(ctx, opts)) as Item;
  return out(opts.json, r, () => {
    const lines = [`${r.class.kind} ${r.class.qualified_name}  ${r.class.file}:${r.class.line}`];
    for (const group of ['fields', 'constructors', 'destructors', 'methods', 'types']) {
      if (!r[group].length) continue;
      lines.push(`${group}:`);
      for (const m of r[group]) lines.push(`  ${m.file}:${m.line}  ${m.access ? `${m.access}: ` : ''}${m.signature}${m.is_pure_virtual ? ' = 0' : ''}${m.inherited_from ? `  (from ${m.inherited_from})` : ''}${m.definition && m.definition.line !== m.line ? `  defined at ${m.definition.file}:${m.definition.line}` : ''}`);
    }
    return lines.join('\n');
  });
}

export function runOverrides(opts: CommonOptions & { methodName: string }): CommandOutput {
  const r = withProject(opts.cwd, (ctx) => getMethodOverrides(ctx, opts));
  return out(opts.json, r, () =>
    r.methods
      .map((m) => `${m.qualified_name}  ${m.file}:${m.line}${m.is_pure_virtual ? '  (pure virtual)' : ''}\n  overrides: ${m.overrides.join(', ') || '-'}\n  overridden by: ${m.overridden_by.join(', ') || '-'}`)
      .join('\n') || `no class of build ${r.variant}/${r.image} declares a method ${r.method}`,
  );
}

export function runInstances(opts: CommonOptions & { templateName: string; limit?: number; offset?: number }): CommandOutput {
  const r = withProject(opts.cwd, (ctx) => getTemplateInstances(ctx, opts));
  return out(opts.json, r, () =>
    [
      `${r.template}: ${r.total} argument list(s), ${r.total_uses} use(s) in build ${r.variant}/${r.image}`,
      ...r.instances.map((i) => `  ${r.template}${i.args}  ${i.kinds.join('/')}  ${i.uses} use(s), first at ${i.sites[0].file}:${i.sites[0].line}`),
      ...(r.more ? [`next page: --offset ${r.next_offset}`] : []),
    ].join('\n'),
  );
}
