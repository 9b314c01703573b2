// `fw-context where NAME|FILE:LINE` and `fw-context diff A B`: the commands that span builds, as text for
// people (one line per build, one block per kind of difference) or JSON (--json) for machines.
import type { DefinitionSite, DefinitionsCompared } from '../index/index-reader.js';
import { diffBuilds, type DiffBuildsResult, type RegionValue, type SymbolEntry, type ValuePair } from '../query/diff-builds.js';
import type { DecidingDirective } from '../query/deciding-directive.js';
import { isCompiled, parseFileLine, type IsCompiledResult } from '../query/is-compiled.js';
import { withProject } from '../query/project-context.js';
import { QueryError } from '../query/query-error.js';
import type { BuildSelector } from '../query/resolve-build.js';
import { whichBuilds, type WhichBuildsResult, type WhyAbsent } from '../query/which-builds.js';
import type { CommandOutput } from './commands.js';

interface CrossOptions {
  cwd: string;
  json: boolean;
  limit?: number;
  offset?: number;
}

const out = (json: boolean, value: unknown, text: () => string): CommandOutput => ({ text: json ? JSON.stringify(value, null, 2) : text(), exitCode: 0 });

/** `where FILE:LINE` asks is_compiled; anything else is a name for which_builds. */
export function runWhere(opts: CrossOptions & { target: string; kind?: string }): CommandOutput {
  const fl = parseFileLine(opts.target);
  if (fl) {
    const r = withProject(opts.cwd, (ctx) => isCompiled(ctx, { ...fl, limit: opts.limit ?? 1000, offset: opts.offset }));
    return out(opts.json, r, () => formatIsCompiled(r));
  }
  const r = withProject(opts.cwd, (ctx) => whichBuilds(ctx, { name: opts.target, kind: opts.kind, limit: opts.limit ?? 1000, offset: opts.offset }));
  return out(opts.json, r, () => formatWhichBuilds(r));
}

/** `VARIANT` or `VARIANT:IMAGE` (a variant that itself holds ':' is matched whole first by the resolver's refusal). */
export function parseBuildArg(arg: string): BuildSelector {
  const s = arg.trim();
  const colon = s.lastIndexOf(':');
  if (colon <= 0 || colon === s.length - 1) return { variant: s };
  return { variant: s.slice(0, colon), image: s.slice(colon + 1) };
}

export function runDiff(opts: CrossOptions & { a: string; b: string; section?: string }): CommandOutput {
  if (!opts.a || !opts.b) throw new QueryError('diff needs two builds', 'fw-context diff VARIANT[:IMAGE] VARIANT[:IMAGE], e.g. fw-context diff board_a board_b');
  const r = withProject(opts.cwd, (ctx) => diffBuilds(ctx, { a: parseBuildArg(opts.a), b: parseBuildArg(opts.b), section: opts.section, limit: opts.limit, offset: opts.offset }));
  return out(opts.json, r, () => formatDiff(r, opts.section));
}

const pad = (s: string, n: number) => (s.length >= n ? s + ' ' : s + ' '.repeat(n - s.length));

function decidingText(d: DecidingDirective): string {
  const at = `inside ${d.text} (${d.file}:${d.line})`;
  const why = d.taken_instead ? `; the build took ${d.taken_instead.text} (line ${d.taken_instead.line}) instead` : ', false in this build';
  const values = d.macros.map((m) => (m.defined ? `${m.name}=${m.definitions![0]._macro_value}` : `${m.name} undefined`)).join(', ');
  return `${at}${why}${values ? ` [${values}]` : ''}`;
}

/** A definition's place: file:line, or `<built-in>` / `<command-line>` alone (their line is 0). */
function placeOf(m: { file: string; line: number }): string {
  return m.file.startsWith('<') && m.line === 0 ? m.file : `${m.file}:${m.line}`;
}

function whyText(w: WhyAbsent): string {
  if (w.deciding) return `${w.file}:${w.line} is ${decidingText(w.deciding)}`;
  const what: Record<string, string> = {
    unit_not_in_build: 'is not compiled by this build (not one of its units)',
    file_not_included: 'is in a header no unit of this build includes',
  };
  return `${w.file}:${w.line} ${what[w.status] ?? `${w.status}${w.note ? `: ${w.note}` : ''}`}`;
}

export function formatWhichBuilds(r: WhichBuildsResult): string {
  const n = r.defined_in.length + r.declared_only_in.length + r.absent_from.length;
  const lines = [`${r.name}: defined in ${r.defined_in.length} of ${n} build(s)${r.declared_only_in.length ? `, only declared in ${r.declared_only_in.length}` : ''}`];
  if (r.note) lines.push(r.note);
  if (r.warning) lines.push(`warning: ${r.warning}`);
  const width = Math.max(...r.builds.map((b) => `${b.variant}:${b.image}`.length)) + 2;
  for (const b of r.builds) {
    const label = pad(`${b.variant}:${b.image}`, width) + pad(b.status, 10);
    if (b.macro) lines.push(label + b.macro.map((m) => `${r.name}${m.params ?? ''} = ${m._macro_value}${m._macro_expanded_value !== null && m._macro_expanded_value !== m._macro_value ? ` (= ${m._macro_expanded_value})` : ''}  ${placeOf(m)}`).join('; '));
    if (b.locations) lines.push(label + b.locations.map((l) => `${l.file}:${l.line} (${l.kind})`).join(', '));
    for (const w of b.why_not_defined ?? []) lines.push(' '.repeat(b.locations ? width + 10 : 0) + (b.locations ? '' : label) + whyText(w));
    if (!b.macro && !b.locations && !b.why_not_defined?.length) lines.push(label + 'no definition known to explain');
  }
  if (r.more) lines.push(`(builds ${r.offset + 1}-${r.offset + r.shown} of ${r.total}: --offset ${r.next_offset} for more)`);
  return lines.join('\n');
}

export function formatIsCompiled(r: IsCompiledResult): string {
  const lines = [`${r.file}:${r.line}${r.line_text !== null ? `  ${r.line_text.trim()}` : ''}`, `compiled by ${r.compiled_in.length} of ${r.total} build(s)`];
  if (r.warning) lines.push(`warning: ${r.warning}`);
  const width = Math.max(...r.builds.map((b) => `${b.variant}:${b.image}`.length)) + 2;
  const what: Record<string, string> = {
    compiled: 'compiled',
    unit_not_in_build: 'not compiled: the file is not a unit of this build',
    file_not_included: 'not compiled: no unit of this build includes the file',
  };
  for (const b of r.builds) {
    const label = pad(`${b.variant}:${b.image}`, width);
    const verb = b.directive ? 'not processed' : 'not compiled';
    let detail = b.deciding ? `${verb}: ${decidingText(b.deciding)}` : what[b.status] ?? `${verb} (${b.status})${b.note ? `: ${b.note}` : ''}`;
    if (b.directive && b.compiled) detail = `processed by the preprocessor${b.directive.branch_taken !== undefined ? `: branch ${b.directive.branch_taken ? 'taken' : 'not taken'}` : ''}`;
    lines.push(label + detail);
  }
  if (r.more) lines.push(`(builds ${r.offset + 1}-${r.offset + r.shown} of ${r.total}: --offset ${r.next_offset} for more)`);
  return lines.join('\n');
}

const hex = (v: number | null, text: string) => (v === null ? text : `0x${v.toString(16).padStart(8, '0')}`);
const size = (v: number | null, text: string) => (v === null ? text : v % 1024 === 0 ? `${v / 1024} KiB` : `${v} B`);
const region = (r: RegionValue | null) => (r ? `${hex(r.origin_value, r.origin)} +${size(r.length_value, r.length)} (${r.attributes || '-'})` : '(none)');
const value = (v: string | null) => (v === null ? '(unset)' : v);

/** The whole summary, or with `section` (--section) that one list and its page alone. */
export function formatDiff(r: DiffBuildsResult, section?: string): string {
  const s = r.sections;
  const lines = [`A = ${r.a.label}${r.a.board ? ` (${r.a.board})` : ''}`, `B = ${r.b.label}${r.b.board ? ` (${r.b.board})` : ''}`];
  const list = (title: string, parts: [string, string, { items: unknown[] } | undefined, (x: never) => string][]) => {
    if (section) parts = parts.filter(([, key]) => key === section);
    if (!parts.length) return;
    const counts = parts.map(([label, key]) => `${r.counts[key as keyof typeof r.counts]} ${label}`).join(', ');
    lines.push('', `${title}: ${counts}`);
    for (const [, , sec, fmt] of parts) for (const item of sec?.items ?? []) lines.push(`  ${fmt(item as never)}`);
  };
  const sym = (mark: string) => (x: SymbolEntry) => `${mark} ${x.qualified_name} (${x.kind}${x.is_definition ? '' : ', declaration'})  ${x.file}:${x.line}`;
  const sites = (d: DefinitionSite[]) => (d.length ? d.map((x) => `${x.file}:${x.line}`).join(', ') : '(none)');
  const signatures = (d: DefinitionSite[]) => d.map((x) => x.signature).join(' | ');
  const redefined = (x: DefinitionsCompared) =>
    sites(x.a) === sites(x.b)
      ? `~ ${x.qualified_name} (${x.kind}, ${sites(x.a)})  A: ${signatures(x.a)}   B: ${signatures(x.b)}`
      : `~ ${x.qualified_name} (${x.kind})  A: ${sites(x.a)}   B: ${sites(x.b)}`;
  const pair = (x: ValuePair<string>) => `${pad(x.name, 36)}A: ${value(x.a)}   B: ${value(x.b)}`;
  list('Compile units', [['only in A', 'units_only_in_a', s.units_only_in_a, (x: string) => `- ${x}`], ['only in B', 'units_only_in_b', s.units_only_in_b, (x: string) => `+ ${x}`]]);
  list('Files read', [
    ['only in A', 'files_only_in_a', s.files_only_in_a, (x: string) => `- ${x}`],
    ['only in B', 'files_only_in_b', s.files_only_in_b, (x: string) => `+ ${x}`],
    ['compiled differently', 'files_compiled_differently', s.files_compiled_differently, (x: string) => `~ ${x}`],
  ]);
  list('Symbols', [
    ['only in A', 'symbols_only_in_a', s.symbols_only_in_a, sym('-')],
    ['only in B', 'symbols_only_in_b', s.symbols_only_in_b, sym('+')],
    ['defined differently', 'symbols_defined_differently', s.symbols_defined_differently, redefined],
  ]);
  list('-D defines', [['differ', 'defines', s.defines, pair]]);
  list('Compiler built-in macros', [['differ', 'compiler_builtins', s.compiler_builtins, pair]]);
  list('Kconfig', [['differ', 'kconfig', s.kconfig, pair]]);
  list('Memory regions', [['differ', 'memory_regions', s.memory_regions, (x: ValuePair<RegionValue>) => `${pad(x.name, 12)}A: ${region(x.a)}   B: ${region(x.b)}`]]);
  if (!section) lines.push('', `Entry point: ${r.entry_point.differs ? `A: ${r.entry_point.a || '(none)'}   B: ${r.entry_point.b || '(none)'}` : `${r.entry_point.a || '(none)'} in both`}`);
  list('Linker-script symbols', [['differ', 'linker_symbols', s.linker_symbols, pair]]);
  const page = section ? s[section as keyof typeof s] : undefined;
  if (page) {
    lines.push('', page.shown ? `Items ${page.offset + 1}-${page.offset + page.shown} of ${page.total}${page.more ? ` — next page: --section ${section} --offset ${page.next_offset}` : ''}` : `No item at offset ${page.offset} (${page.total} in all)`);
    return lines.join('\n');
  }
  for (const n of r.notes) lines.push(`note: ${n}`);
  const cut = Object.entries(s).filter(([, v]) => v?.more);
  if (cut.length) lines.push('', `Lists cut at ${cut[0][1]!.shown} items (${cut.map(([k]) => k).join(', ')}): --section NAME --offset N to page, --limit N for more per list.`);
  return lines.join('\n');
}
