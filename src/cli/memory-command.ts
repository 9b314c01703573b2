// `fw-context memory`: the memory regions of one build as the index stored them (with usage from the map), or of
// a linker script given on the command line (`--script`, preprocessed with exactly the -D given). Text or JSON.
// Leaves out: reading map files outside a build, ELF section sizes.
import fs from 'node:fs';
import path from 'node:path';
import type { BuildRow } from '../index/index-reader.js';
import { NO_SCRIPT_YET, defaultReadFile, readLinkerScripts, type MemoryEntry } from '../indexer/build-memory.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { resolveProjectBuild, withProject } from '../query/project-context.js';
import { QueryError } from '../query/query-error.js';

export interface MemoryOptions {
  cwd: string;
  json: boolean;
  variant?: string;
  image?: string;
  /** Linker script to read instead of a build's (relative to cwd). */
  script?: string;
  /** `NAME` or `NAME=VALUE`, for preprocessing `script` (nothing else is defined). */
  defines?: string[];
  /** `NAME=VALUE`, as ld's `--defsym`, for `script`. */
  defsyms?: string[];
}

export interface MemoryOutput {
  text: string;
  exitCode: number;
}

/** A region as stored in the index or produced by build-memory (file_path may be project-relative). */
type RegionLike = Partial<MemoryEntry> & { name: string };

const KiB = 1024;
const MiB = 1024 * 1024;
const BAR_WIDTH = 20;

export function runMemory(opts: MemoryOptions): MemoryOutput {
  return opts.script ? scriptMemory(opts) : buildMemory(opts);
}

// ---- --script ---------------------------------------------------------------------------------------

function parseDefines(defines: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of defines) {
    const eq = d.indexOf('=');
    const name = (eq < 0 ? d : d.slice(0, eq)).trim();
    if (!/^[A-Za-z_]\w*(\([^)]*\))?$/.test(name)) {
      throw new QueryError(`-D ${d}: "${name}" is not a macro name`, 'write -D NAME or -D NAME=VALUE');
    }
    out[name] = eq < 0 ? '1' : d.slice(eq + 1);
  }
  return out;
}

function parseDefsyms(defsyms: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of defsyms) {
    const eq = d.indexOf('=');
    const name = eq > 0 ? d.slice(0, eq).trim() : '';
    if (!name || !/^[A-Za-z_.$][\w.$]*$/.test(name) || d.slice(eq + 1).trim() === '') {
      throw new QueryError(`--defsym ${d}: expected NAME=VALUE`, 'write --defsym NAME=VALUE, e.g. --defsym __stack_size__=0x800 (VALUE is an ld expression)');
    }
    out[name] = d.slice(eq + 1).trim();
  }
  return out;
}

function scriptMemory(opts: MemoryOptions): MemoryOutput {
  const file = path.resolve(opts.cwd, opts.script!);
  let isFile = false;
  try { isFile = fs.statSync(file).isFile(); } catch { /* missing */ }
  if (!isFile) {
    throw new QueryError(`linker script ${file} does not exist`, 'check the path given with --script (it is read relative to the current folder)');
  }
  if (defaultReadFile(file) === undefined) {
    throw new QueryError(`linker script ${file} cannot be read`, 'check its permissions; a linker script is a small text file');
  }
  const defines = parseDefines(opts.defines);
  const defsyms = parseDefsyms(opts.defsyms);
  const m = readLinkerScripts([file], {
    readFile: defaultReadFile,
    defines,
    includeDirs: [path.dirname(file)],
    definesFrom: 'given',
    defsyms,
    libraryPaths: [],
  });
  const base = opts.cwd;
  const value = {
    script: file,
    entry_point: m.entryPoint,
    memory: m.memory,
    note: m.note,
    defines,
    defsyms,
    diagnostics: m.diagnostics,
  };
  // A script ld would refuse (syntax error, missing INCLUDE) fails the command, as the link would; warnings do not.
  const exitCode = m.diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
  if (opts.json) return { text: JSON.stringify(value, null, 2), exitCode };
  const head = [`Linker script ${shown(base, file)}`];
  const given = [...Object.entries(defines).map(([k, v]) => `-D${k}${v === '1' ? '' : `=${v}`}`), ...Object.entries(defsyms).map(([k, v]) => `--defsym ${k}=${v}`)];
  if (given.length) head.push(`with ${given.join(' ')}`);
  return { text: formatMemoryText(head.join(' '), m.entryPoint, m.memory, m.note, m.diagnostics, base), exitCode };
}

// ---- a build ----------------------------------------------------------------------------------------

/** Stored build diagnostics that are about the linker script or map (the row keeps all of the build's). */
function memoryDiagnostics(build: BuildRow): Diagnostic[] {
  const scripts = new Set(build.linkerScripts);
  const regionFiles = new Set(build.memory.map((r) => (r as RegionLike).file_path).filter(Boolean) as string[]);
  const isLinkerFile = (f: string) =>
    scripts.has(f) || regionFiles.has(f) || f === '<link command>' ||
    /\.(ld|lds|ldS|ld\.S|lds\.S|x|cmd|map)$/i.test(f);
  return (build.diagnostics as Diagnostic[]).filter((d) => d && typeof d.file === 'string' && isLinkerFile(d.file));
}

function buildMemory(opts: MemoryOptions): MemoryOutput {
  return withProject(opts.cwd, (ctx) => {
    const build = resolveProjectBuild(ctx, { variant: opts.variant, image: opts.image });
    const memory = build.memory as RegionLike[];
    const diagnostics = memoryDiagnostics(build);
    const value = {
      variant: build.variant,
      image: build.image,
      linker_scripts: build.linkerScripts.map((s) => shown(ctx.root, s)),
      entry_point: build.entryPoint,
      memory,
      note: build.memoryNote,
      diagnostics,
    };
    // As with --script: a linker script ld would refuse leaves the regions incomplete, so the command fails.
    const exitCode = diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
    if (opts.json) return { text: JSON.stringify(value, null, 2), exitCode };
    const scripts = build.linkerScripts.length ? ` — ${build.linkerScripts.map((s) => shown(ctx.root, s)).join(', ')}` : '';
    const head = `Build ${build.variant}/${build.image}${scripts}`;
    return { text: formatMemoryText(head, build.entryPoint, memory, build.memoryNote, diagnostics, ctx.root), exitCode };
  });
}

// ---- text -------------------------------------------------------------------------------------------

/** Path relative to `base` when inside it, else as given. */
function shown(base: string, file: string): string {
  if (!path.isAbsolute(file)) return file;
  const rel = path.relative(base, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}

export function hexAddress(n: number): string {
  return `0x${n.toString(16).padStart(8, '0')}`;
}

/** `512 KiB`, `1 MiB`, `96 KiB`; exact byte counts when not a whole number of KiB (`1000 B`). */
export function formatSize(n: number): string {
  if (n >= MiB && n % MiB === 0) return `${n / MiB} MiB`;
  if (n >= KiB && n % KiB === 0) return `${n / KiB} KiB`;
  return `${n} B`;
}

/** Amounts used: bytes below 1 KiB, else one decimal (`226.3 KiB`, `1.2 MiB`). */
export function formatAmount(n: number): string {
  if (n < KiB) return `${n} B`;
  if (n < MiB) return `${(n / KiB).toFixed(1)} KiB`;
  return `${(n / MiB).toFixed(1)} MiB`;
}

/** `[#########-----------]  43.2 %  226.3 KiB used` */
export function usageBar(used: number, size: number): string {
  const ratio = size > 0 ? used / size : used > 0 ? Infinity : 0;
  const filled = Math.min(BAR_WIDTH, Math.max(used > 0 ? 1 : 0, Math.round(ratio * BAR_WIDTH)));
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
  const pct = Number.isFinite(ratio) ? `${(ratio * 100).toFixed(1).padStart(5)} %` : '    ? %';
  const over = used > size ? `  OVERFLOW by ${formatAmount(used - size)}` : '';
  return `${bar} ${pct}  ${formatAmount(used)} used${over}`;
}

function pad(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => { widths[i] = Math.max(widths[i] ?? 0, c.length); });
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd());
}

export function formatMemoryText(head: string, entryPoint: string, memory: RegionLike[], note: string, diagnostics: Diagnostic[], base: string): string {
  const none = note.startsWith(NO_SCRIPT_YET) ? `(none: ${NO_SCRIPT_YET})` : '(none: the script has no ENTRY)';
  const out: string[] = [head, `entry point: ${entryPoint || none}`];
  if (memory.length === 0) {
    out.push(`no memory regions: ${note || 'the index holds none for this build'}`);
  } else {
    const anyUsed = memory.some((r) => typeof r.used === 'number');
    const rows: string[][] = [['region', 'attr', 'origin', 'end', 'size', ...(anyUsed ? ['used'] : [])]];
    for (const r of memory) {
      const o = typeof r.origin_value === 'number' ? r.origin_value : null;
      const l = typeof r.length_value === 'number' ? r.length_value : null;
      rows.push([
        r.name,
        r.attributes ? `(${r.attributes})` : '',
        o !== null ? hexAddress(o) : String(r.origin ?? '?'),
        o !== null && l !== null ? hexAddress(o + l) : '?',
        l !== null ? formatSize(l) : String(r.length ?? '?'),
        ...(anyUsed ? [typeof r.used === 'number' ? (l !== null ? usageBar(r.used, l) : `${formatAmount(r.used)} used`) : ''] : []),
      ]);
    }
    out.push('', ...pad(rows));
    if (note) out.push('', `note: ${note}`);
  }
  if (diagnostics.length) {
    out.push('', `${diagnostics.length} diagnostic(s):`);
    for (const d of diagnostics) {
      const where = `${shown(base, d.file)}${d.line ? `:${d.line}` : ''}`;
      out.push(`  ${where}: ${d.severity}: ${d.message}${d.fix ? ` (fix: ${d.fix})` : ''}`);
    }
  }
  return out.join('\n');
}
