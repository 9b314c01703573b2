// diff_builds: what differs between two builds (A and B): compile units and files only in one, files both
// compile differently, symbols only in one or defined differently, -D defines, the compiler's built-in macros,
// Kconfig CONFIG_ values, memory regions, entry point and linker-script symbols. Spans two builds by design; every list is paged (limit/offset, or one section).
import type { BuildRow, IndexReader, SymbolRow } from '../index/index-reader.js';
import { storedPath } from '../indexer/vendor-paths.js';
import { CompilerBuiltins } from './compiler-builtins.js';
import { buildLabel } from './cross-build.js';
import { CROSS_BUILD_MAX_LIMIT } from './is-compiled.js';
import { pageBounds, pageCounters } from './paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';

export const DIFF_SECTIONS = [
  'units_only_in_a', 'units_only_in_b', 'files_only_in_a', 'files_only_in_b', 'files_compiled_differently',
  'symbols_only_in_a', 'symbols_only_in_b', 'symbols_defined_differently', 'defines', 'compiler_builtins', 'kconfig', 'memory_regions', 'linker_symbols',
] as const;
export type DiffSection = (typeof DIFF_SECTIONS)[number];

export interface DiffBuildsRequest {
  a: BuildSelector;
  b: BuildSelector;
  /** Only this list (to page through it). */
  section?: string;
  limit?: number;
  offset?: number;
}

export interface DiffList<T> {
  total: number;
  offset: number;
  shown: number;
  more: boolean;
  next_offset?: number;
  items: T[];
}

/** A value in A and in B; null where the build has none. */
export interface ValuePair<T> {
  name: string;
  a: T | null;
  b: T | null;
}

export interface RegionValue {
  origin: string;
  length: string;
  origin_value: number | null;
  length_value: number | null;
  attributes: string;
}

export interface DiffBuildsResult {
  a: { label: string; variant: string; image: string; board: string | null };
  b: { label: string; variant: string; image: string; board: string | null };
  /** Size of every list, whether shown or not. */
  counts: Record<DiffSection, number>;
  entry_point: { a: string; b: string; differs: boolean };
  /** Why a comparison could not be made (no Kconfig output, no memory recorded). */
  notes: string[];
  sections: Partial<Record<DiffSection, DiffList<unknown>>>;
}

const DEFAULT_LIMIT = 50;

export function diffBuilds(ctx: ProjectContext, req: DiffBuildsRequest): DiffBuildsResult {
  const reader = requireReader(ctx);
  const a = resolveSide(ctx, req.a, 'a');
  const b = resolveSide(ctx, req.b, 'b');
  if (a.id === b.id) throw new QueryError((s) => `${s.arg('a')} and ${s.arg('b')} name the same build (${buildLabel(a)})`, 'name two different builds, e.g. two boards, or the app and the bootloader image');
  if (req.section !== undefined && !(DIFF_SECTIONS as readonly string[]).includes(req.section)) {
    throw new QueryError((s) => `unknown ${s.arg('section')} "${req.section}"; sections: ${DIFF_SECTIONS.join(', ')}`, (s) => `omit ${s.arg('section')} for the summary of every list, or name one to page through it`);
  }
  const { limit, offset } = pageBounds(req, DEFAULT_LIMIT, CROSS_BUILD_MAX_LIMIT);
  const notes: string[] = [];
  const lists = collectLists(ctx, reader, a, b, notes);
  const symbolsA = reader.symbolsOnlyIn(a.id, b.id, { limit, offset });
  const symbolsB = reader.symbolsOnlyIn(b.id, a.id, { limit, offset });
  const counts = Object.fromEntries(DIFF_SECTIONS.map((s) => [s, lists[s]?.length ?? 0])) as Record<DiffSection, number>;
  counts.symbols_only_in_a = symbolsA.total;
  counts.symbols_only_in_b = symbolsB.total;
  const redefined = reader.definitionsDiffering(a.id, b.id, { limit, offset });
  counts.symbols_defined_differently = redefined.total;
  const sections: DiffBuildsResult['sections'] = {};
  for (const s of DIFF_SECTIONS) {
    if (req.section && req.section !== s) continue;
    if (s === 'symbols_only_in_a') sections[s] = paged(symbolsA.rows.map(symbolEntry), symbolsA.total, offset);
    else if (s === 'symbols_only_in_b') sections[s] = paged(symbolsB.rows.map(symbolEntry), symbolsB.total, offset);
    else if (s === 'symbols_defined_differently') sections[s] = paged(redefined.rows, redefined.total, offset);
    else sections[s] = paged(lists[s]!.slice(offset, offset + limit), lists[s]!.length, offset);
  }
  const side = (x: BuildRow) => ({ label: buildLabel(x), variant: x.variant, image: x.image, board: x.board });
  return {
    a: side(a),
    b: side(b),
    counts,
    entry_point: { a: a.entryPoint, b: b.entryPoint, differs: a.entryPoint !== b.entryPoint },
    notes,
    sections,
  };
}

export interface SymbolEntry {
  name: string;
  qualified_name: string;
  kind: string;
  is_definition: boolean;
  file: string;
  line: number;
  signature: string;
}

function symbolEntry(s: SymbolRow): SymbolEntry {
  return { name: s.name, qualified_name: s.qualified_name, kind: s.kind, is_definition: s.is_definition, file: s.file, line: s.line, signature: s.signature };
}

function resolveSide(ctx: ProjectContext, sel: BuildSelector | undefined, which: 'a' | 'b'): BuildRow {
  if (!sel?.variant?.trim()) throw new QueryError((s) => `${s.arg(which)} names no build`, (s) => (s.kind === 'mcp' ? `give ${which} as {variant, image?} or "variant:image"` : `give ${s.arg(which)} as VARIANT or VARIANT:IMAGE`));
  return resolveProjectBuild(ctx, sel);
}

function paged<T>(items: T[], total: number, offset: number): DiffList<T> {
  return { ...pageCounters(total, offset, items.length), items };
}

/** Every list but the symbol lists (those are paged by the reader), complete and sorted. */
function collectLists(ctx: ProjectContext, reader: IndexReader, a: BuildRow, b: BuildRow, notes: string[]): Partial<Record<DiffSection, unknown[]>> {
  // The units each image links (those the index answers from), or every compiled unit when its link is unknown.
  // A file each build generates at the same place in its own folder is one file of both, named `<build>/...`.
  const inA = new BuildFolderFiles(ctx, reader, a);
  const inB = new BuildFolderFiles(ctx, reader, b);
  const unitsA = new Set((a.linkedUnits ?? a.units).map((u) => inA.key(storedPath(ctx.root, u))));
  const unitsB = new Set((b.linkedUnits ?? b.units).map((u) => inB.key(storedPath(ctx.root, u))));
  const filesA = inA.lineIds();
  const filesB = inB.lineIds();
  const differently = (f: string, id: number) => filesB.has(f) && (filesB.get(f) !== id || inA.content(f) !== inB.content(f));
  return {
    units_only_in_a: onlyIn(unitsA, unitsB),
    units_only_in_b: onlyIn(unitsB, unitsA),
    files_only_in_a: onlyIn(new Set(filesA.keys()), new Set(filesB.keys())),
    files_only_in_b: onlyIn(new Set(filesB.keys()), new Set(filesA.keys())),
    files_compiled_differently: [...filesA].filter(([f, id]) => differently(f, id)).map(([f]) => f).sort(),
    defines: differing(commandLineDefines(reader, a), commandLineDefines(reader, b)),
    compiler_builtins: builtinsDiff(ctx, a, b, notes),
    kconfig: kconfigDiff(reader, a, b, notes),
    memory_regions: memoryDiff(a, b, notes),
    linker_symbols: differing(linkerValues(reader, a), linkerValues(reader, b)),
  };
}

/** Where the index keeps a build's -D macros (build-macros.ts): one record per name and value its units carry. */
const COMMAND_LINE = '<command-line>';

/**
 * The -D values the image's units are compiled with: per name, its value, or its values joined with ` | ` when
 * units carry several. A name some units leave out counts too (a Pico program links the padded second stage,
 * compiled without the board's and the program's defines): the build's common defines would hide it.
 */
function commandLineDefines(reader: IndexReader, x: BuildRow): Record<string, string> {
  const values = new Map<string, Set<string>>();
  for (const m of reader.macrosInFile(x.id, COMMAND_LINE)) {
    let set = values.get(m.name);
    if (!set) values.set(m.name, (set = new Set()));
    set.add(m._macro_value);
  }
  const out: Record<string, string> = { ...x.defines };
  for (const [name, set] of values) out[name] = [...set].sort().join(' | ');
  return out;
}

/** Where the key of a file generated into a build's own folder starts (the same file of each build). */
const BUILD_FOLDER = '<build>/';

/**
 * A build's files keyed for comparing with another build: those inside its build folder (generated there, as the Pico
 * SDK's config_autogen.h) by `<build>/` and their path in the folder, with their content (the same path of two
 * builds is one file row, whose content both read; two generated copies are two rows).
 */
class BuildFolderFiles {
  private readonly prefix: string;
  private hashes?: Map<string, string>;

  constructor(
    ctx: ProjectContext,
    private readonly reader: IndexReader,
    private readonly build: BuildRow,
  ) {
    const dir = storedPath(ctx.root, build.buildDir);
    this.prefix = dir === '.' || dir === '' ? '' : `${dir}/`;
  }

  key(path: string): string {
    return this.prefix && path.startsWith(this.prefix) ? BUILD_FOLDER + path.slice(this.prefix.length) : path;
  }

  lineIds(): Map<string, number> {
    return new Map([...this.reader.fileLineIds(this.build.id)].map(([f, id]) => [this.key(f), id]));
  }

  /** The content hash of a `<build>/` file (undefined for the others: their row is shared). */
  content(key: string): string | undefined {
    if (!key.startsWith(BUILD_FOLDER)) return undefined;
    this.hashes ??= this.reader.contentHashesUnder(this.build.id, this.prefix);
    return this.hashes.get(this.prefix + key.slice(BUILD_FOLDER.length));
  }
}

function onlyIn(x: Set<string>, y: Set<string>): string[] {
  return [...x].filter((v) => !y.has(v)).sort();
}

function differing<T>(a: Record<string, T>, b: Record<string, T>, same: (x: T, y: T) => boolean = (x, y) => x === y): ValuePair<T>[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return names
    .filter((n) => !(n in a) || !(n in b) || !same(a[n], b[n]))
    .map((n) => ({ name: n, a: n in a ? a[n] : null, b: n in b ? b[n] : null }));
}

/**
 * The compiler's predefined macros (those every unit of the build gets alike: target, FPU, ABI, compiler version)
 * that differ, from the sets the index keeps beside it; a build without a kept set gets a note.
 */
function builtinsDiff(ctx: ProjectContext, a: BuildRow, b: BuildRow, notes: string[]): ValuePair<string>[] {
  const builtins = new CompilerBuiltins(ctx.root);
  const va = builtins.values(a);
  const vb = builtins.values(b);
  for (const [x, v] of [[a, va], [b, vb]] as const) if (!v) notes.push(`${buildLabel(x)} has no compiler built-in macros kept beside the index: they are not compared (run fw-context index again)`);
  if (!va || !vb) return [];
  return differing(Object.fromEntries(va), Object.fromEntries(vb));
}

/** CONFIG_ values from each build's autoconf.h (as the build read it); a build without Kconfig gets a note. */
function kconfigDiff(reader: IndexReader, a: BuildRow, b: BuildRow, notes: string[]): ValuePair<string>[] {
  const values = (x: BuildRow): Record<string, string> | null => {
    const file = x.kconfig?.autoconf_h;
    if (!file) return null;
    const out: Record<string, string> = {};
    for (const m of reader.macrosInFile(x.id, file)) if (m.name.startsWith('CONFIG_')) out[m.name] = m._macro_value;
    return out;
  };
  const va = values(a);
  const vb = values(b);
  for (const [x, v] of [[a, va], [b, vb]] as const) if (!v) notes.push(`${buildLabel(x)} has no Kconfig output (autoconf.h): its CONFIG_ values are not compared`);
  if (!va || !vb) return [];
  return differing(va, vb);
}

function memoryDiff(a: BuildRow, b: BuildRow, notes: string[]): ValuePair<RegionValue>[] {
  const regions = (x: BuildRow): Record<string, RegionValue> => {
    const out: Record<string, RegionValue> = {};
    for (const r of x.memory as Record<string, unknown>[]) {
      out[String(r.name)] = {
        origin: String(r.origin ?? ''),
        length: String(r.length ?? ''),
        origin_value: typeof r.origin_value === 'number' ? r.origin_value : null,
        length_value: typeof r.length_value === 'number' ? r.length_value : null,
        attributes: String(r.attributes ?? ''),
      };
    }
    return out;
  };
  for (const x of [a, b]) if (x.memory.length === 0) notes.push(`${buildLabel(x)} has no memory regions recorded${x.memoryNote ? `: ${x.memoryNote}` : ''}`);
  const same = (x: RegionValue, y: RegionValue) =>
    x.attributes === y.attributes &&
    (x.origin_value !== null && y.origin_value !== null ? x.origin_value === y.origin_value : x.origin === y.origin) &&
    (x.length_value !== null && y.length_value !== null ? x.length_value === y.length_value : x.length === y.length);
  return differing(regions(a), regions(b), same);
}

/** Linker-script symbol → the assignment that sets it (first one per name). */
function linkerValues(reader: IndexReader, x: BuildRow): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of reader.linkerScriptSymbols(x.id)) if (!(s.name in out)) out[s.name] = s.signature;
  return out;
}
