// Human-readable renderings of query answers for the terminal. JSON output bypasses this file.
import { LIST_IN_FULL, summarizeBuilds } from './build-summary.js';
import type { SymbolRow } from '../index/index-reader.js';
import type { BuildIndexSummary, IndexResult } from '../indexer/index-project.js';
import { formatDiagnostic, type Diagnostic } from '../model/diagnostic.js';
import { distinctDiagnostics, type DistinctDiagnostic } from '../indexer/shared-diagnostics.js';

type Item = Record<string, unknown>;

/** Diagnostics a summary prints (the rest are counted). */
const DIAGNOSTICS_SHOWN = 30;

function location(r: Item | { file: string; line: number }): string {
  return `${r.file}:${r.line}`;
}

export function formatSymbolLine(r: Item): string {
  const kind = String(r.kind).padEnd(13);
  const sig = r.kind === 'macro' ? `#define ${r.name}${r.params ?? ''} ${r._macro_value ?? ''}`.trim() : String(r.signature ?? '');
  const extra = r.enum_value !== undefined && r.enum_value !== null ? ` = ${r.enum_value}` : '';
  const fb = r._fallback ? `  [${r._fallback}]` : '';
  return `${kind} ${r.qualified_name ?? r.name}${extra}  ${location(r)}${fb}\n${' '.repeat(14)}${sig}`;
}

/** Search/lookup answers: [warning?] notice rows... */
export function formatPagedAnswer(items: Item[]): string {
  const out: string[] = [];
  for (const it of items) {
    if ('warning' in it) out.push(`warning: ${it.warning}${it.hint ? `\nhint: ${it.hint}` : ''}`);
    else if ('total' in it && 'shown' in it) {
      const n = it as { total: number; offset: number; shown: number; more: boolean; next_offset?: number; variant: string; image: string };
      out.push(`${n.shown} of ${n.total} result(s) from build ${n.variant}/${n.image}` + (n.offset ? ` (from offset ${n.offset})` : '') + (n.more ? ` — next page: --offset ${n.next_offset}` : ''));
    } else {
      out.push(formatSymbolLine(it));
      const pad = ' '.repeat(14);
      if (it.kind === 'macro' && it.function_like && it._macro_expanded_value) out.push(`${pad}expands to ${it._macro_expanded_value}${it.wraps ? `  (wraps ${it.wraps})` : ''}`);
      const decls = Array.isArray(it.declarations) ? (it.declarations as { file: string; line: number }[]) : [];
      if (decls.length) out.push(`${pad}declared at ${decls.slice(0, 5).map(location).join(', ')}${decls.length > 5 ? ` and ${decls.length - 5} more` : ''}`);
      const doc = typeof it.docstring === 'string' && it.docstring ? it.docstring.split('\n')[0] : '';
      if (doc) out.push(`${pad}// ${doc}`);
    }
  }
  return out.join('\n');
}

export function formatSource(r: Item): string {
  const head = `${r.kind} ${r.qualified_name}  ${r.file}:${r.line}-${r.end_line}  (build ${r.variant}/${r.image})`;
  const warn = r.warning ? `warning: ${r.warning}\n` : '';
  const lines = String(r.source).split('\n');
  const width = String(Number(r.line) + lines.length).length;
  const body = lines.map((l, i) => `${String(Number(r.line) + i).padStart(width)}  ${l}`).join('\n');
  const others = (r.other_matches as Item[]).length ? `\nalso: ${(r.other_matches as Item[]).map((o) => `${o.kind} ${location(o)}`).join(', ')}` : '';
  return `${warn}${head}\n${body}${r.truncated ? '\n… (truncated)' : ''}${others}`;
}

export function formatSymbolDump(symbols: SymbolRow[]): string {
  return symbols.map((s) => `${s.file}:${s.line}\t${s.kind}\t${s.qualified_name}\t${s.signature}`).join('\n');
}

/**
 * A line saying which compilers of the active build gave no predefined macros, so that they came from a built-in
 * table (a machine without the toolchain, or a compiler refusing the unit's flags); nothing when every one answered.
 */
function tableSources(sources: unknown): string | undefined {
  const all = Array.isArray(sources) ? (sources as { compiler: string; source: string; table?: string; compilerFound?: boolean }[]) : [];
  const tables = all.filter((m) => m.source === 'table');
  if (tables.length === 0) return undefined;
  const names = [...new Set(tables.map((m) => m.table ?? '?'))];
  const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  const missing = [...new Set(tables.filter((m) => !m.compilerFound).map((m) => m.compiler))];
  const refusing = [...new Set(tables.filter((m) => m.compilerFound).map((m) => m.compiler))];
  const which = (list: string[]) => (list.length === 1 ? list[0] : `${list.length} compilers`);
  const why = [
    ...(missing.length ? [`${which(missing)} not found (install or put on PATH for the compiler's own)`] : []),
    ...(refusing.length ? [`${which(refusing)} gave no answer for the units' flags`] : []),
  ];
  return `predefined macros: built-in table${names.length > 1 ? 's' : ''} ${shown} — ${why.join('; ')}`;
}

export function formatStatus(s: Item): string {
  if ('error' in s) return `error: ${s.error}`;
  const lines = [`status: ${s.status}`, `project: ${s.project_root}`];
  if (s.indexed_at) lines.push(`indexed: ${s.indexed_at} UTC (first ${s.first_indexed_at} UTC)`);
  if (s.symbol_count !== undefined) lines.push(`symbols: ${s.symbol_count}  files: ${s.file_count}  references: ${s.reference_count}  modified files: ${s.modified_files_count}  headers affecting units: ${s.header_affected_tus}`);
  if (s.variants) {
    const vi = s.variant_images as Record<string, string[]>;
    const entries = Object.entries(vi);
    if (entries.length <= LIST_IN_FULL) lines.push(`builds: ${entries.map(([v, imgs]) => `${v} [${imgs.join(', ')}]`).join('; ')}`);
    else {
      const info = new Map((s.variants as { name: string; board: string | null; build_system?: string; description: string }[]).map((v) => [v.name, v]));
      const builds = entries.flatMap(([v, imgs]) => imgs.map((image) => ({ variant: v, image, board: info.get(v)?.board ?? null, buildSystem: info.get(v)?.build_system ?? '?', notBuilt: /derived, not built/.test(info.get(v)?.description ?? '') })));
      lines.push(...summarizeBuilds(builds).map((l) => `builds: ${l}`));
    }
    lines.push(`active: ${s.active_variant ?? '(none)'} / ${s.active_image ?? '(none)'}`);
  }
  const tables = tableSources(s.implicit_macros);
  if (tables) lines.push(tables);
  const c = s.content_index as Record<string, number> | null | undefined;
  if (c) {
    const whole = c.deferred + c.large;
    lines.push(
      `content index (find): ${c.trigram_indexed} of ${c.text_files} text files trigram-indexed` +
        (whole ? `; ${whole} read whole by find (${c.deferred ? `${c.deferred} deferred, ${(c.deferred_bytes / 1e6).toFixed(1)} MB, no build reads them: \`fw-context serve\` fills them in` : ''}${c.deferred && c.large ? '; ' : ''}${c.large ? `${c.large} over 8 MB` : ''})` : ''),
    );
  }
  if (Array.isArray(s.reindex_reasons) && s.reindex_reasons.length) lines.push('reindex needed because:', ...(s.reindex_reasons as string[]).map((r) => `  - ${r}`));
  lines.push('', String(s.index_message));
  return lines.join('\n');
}

/** The first `max` of `diags` (of `total` diagnostics in all, when it holds only the first ones). */
export function formatDiagnostics(diags: Diagnostic[], max = DIAGNOSTICS_SHOWN, total = diags.length): string {
  const shown = diags.slice(0, max).map((d) => '  ' + formatDiagnostic(d));
  if (total > max) shown.push(`  … and ${total - max} more (see --json)`);
  return shown.join('\n');
}

function buildLine(b: BuildIndexSummary): string {
  const err = b.error ? `  FAILED: ${b.error}` : '';
  if (b.unchanged) return `  ${b.variant}/${b.image} (${b.buildSystem}, ${b.provenance}): unchanged since the last run (${b.files} files reused)`;
  return `  ${b.variant}/${b.image} (${b.buildSystem}, ${b.provenance}): ${b.units} units, ${b.files} files, ${b.parsed} parsed, ${b.reused} reused, ${b.symbols} new symbols${err}`;
}

export function formatIndexResult(r: IndexResult): string {
  const lines = [`Indexed ${r.builds.length} build(s) of ${r.root} in ${(r.elapsedMs / 1000).toFixed(2)} s:`, ...r.builds.map(buildLine)];
  lines.push(r.parsed === 0 ? `No file changed: re-parsed none, reused ${r.reused}.` : `Parsed ${r.parsed} file(s), reused ${r.reused} unchanged.`);
  if (r.removedBuilds) lines.push(`Removed ${r.removedBuilds} build(s) no longer found.`);
  if (r.content?.filled) lines.push(`Content index (find): trigrams of ${r.content.filled} file(s) no build reads filled in.`);
  if (r.content?.deferred) lines.push(`Content index (find): ${r.content.deferred} text file(s) no build reads are deferred (find reads them whole; \`fw-context serve\` fills them in the background, \`fw-context index --all-content\` now).`);
  const { count, distinct, first } = distinctDiagnostics([r, ...r.builds], DIAGNOSTICS_SHOWN);
  if (count) lines.push(...runDiagnostics(count, distinct, first));
  return lines.join('\n');
}

/**
 * A run's diagnostics, each distinct one once with the number of builds reporting it when more than one does: a
 * library header's warning in each of 67 images is one line, not 67. As formatDiagnostics when none repeats.
 */
function runDiagnostics(count: number, distinct: number, first: DistinctDiagnostic[]): string[] {
  if (distinct === count) return [`${count} diagnostic(s):`, formatDiagnostics(first.map((d) => d.diagnostic), DIAGNOSTICS_SHOWN, count)];
  const shown = first.map((d) => `  ${formatDiagnostic(d.diagnostic)}${d.holders > 1 ? ` [in ${d.holders} builds]` : ''}`);
  if (distinct > first.length) shown.push(`  … and ${distinct - first.length} more distinct (see --json)`);
  return [`${count} diagnostic(s), ${distinct} distinct:`, ...shown];
}
