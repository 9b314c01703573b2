// Memory regions, entry point, output sections and linker-script symbols of a build, read from its linker
// script(s) (preprocessed with the build's defines when they hold cpp directives, INCLUDE followed through the
// link command's -L folders, --defsym applied) and, when the build wrote one, region usage from its GNU ld map.
// An IAR ILINK configuration (.icf) gives its regions and symbols, an armlink scatter file (.sct) its execution
// regions. Never throws: a corrupt or missing script gives an empty list, a note saying why, and diagnostics. Leaves
// out: reading the ELF.
import fs from 'node:fs';
import path from 'node:path';
import type { BuildDescription, StatedMemory } from '../../adapters/contract.js';
import {
  createIncludeReader, flattenLinkArgs, linkArgsInfo, parseLinkerScript, parseMapFile, readIcf, readScatter, scatterValue,
  type LinkerScriptResult, type LinkerSymbol, type MemoryRegion, type PreprocessScript,
} from '../../linker/index.js';
import { flagWithValue } from '../model/compiler-value-flags.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ExtractedSymbol } from '../model/symbol.js';
import { nameTokens } from '../parser/name-tokens.js';
import { preprocessToText } from '../preprocessor/preprocess-text.js';
import { commonDefines } from './build-defines.js';
import { sha1 } from '../model/sha1.js';

/** One MEMORY region of the build, with the bytes the last link used in it when the map tells. */
export interface MemoryEntry extends MemoryRegion {
  /** Bytes used, as ld's --print-memory-usage counts them; only when the build's map file was read. */
  used?: number;
}

/** One output section of the script, with its placement when the map file tells. */
export interface MemorySection {
  name: string;
  /** VMA region (`> REGION`, alias names kept), or null. */
  region: string | null;
  /** LMA region (`AT> REGION`), or null. */
  load_region: string | null;
  /** VMA from the map, or null. */
  address: number | null;
  /** Size in bytes from the map, or null. */
  size: number | null;
  /** LMA from the map when it differs from the VMA, else null. */
  load_address: number | null;
  file_path: string;
  line: number;
}

/** Linker-script symbols of one script file (the main script, or a file it INCLUDEs). */
export interface ScriptSymbols {
  file: string;
  symbols: ExtractedSymbol[];
}

/** How the script was preprocessed (only when some script file held cpp directives). */
export interface ScriptPreprocessing {
  defines: Record<string, string>;
  undefines: string[];
  includeDirs: string[];
  /** Where the defines came from: see `scriptDefines`. */
  definesFrom: 'link-command' | 'compile-units' | 'given';
  /** Script files that were run through the preprocessor. */
  files: string[];
}

export interface BuildMemory {
  /** ENTRY symbol, or ''. */
  entryPoint: string;
  memory: MemoryEntry[];
  /** Why `memory` is empty; '' when a linker script filled it, else where its regions come from (statedMemory). */
  note: string;
  diagnostics: Diagnostic[];
  /** Symbols assigned in the main script (`symbolFile`), as `varglobal` symbols of that file. */
  symbols: ExtractedSymbol[];
  /** Absolute path of the script `symbols` belong to, or null when no script was read. */
  symbolFile: string | null;
  /** Symbols of every script file read, main script first (INCLUDEd files have their own line numbers). */
  symbolsByFile: ScriptSymbols[];
  sections: MemorySection[];
  /** Every script file read, main first. */
  scriptFiles: string[];
  /** Map file whose usage filled `used`, or null. */
  mapFile: string | null;
  preprocessing: ScriptPreprocessing | null;
}

export interface BuildMemoryOptions {
  /** Reads a file; undefined when it does not exist or cannot be read. Defaults to the file system. */
  readFile?: (file: string) => string | undefined;
  /** Project root: symbol ids hash the project-relative path (as extract-symbols does) when given. */
  root?: string;
  /** Told of every file read or probed (text undefined: absent or not readable), so that a re-index can tell when they change. */
  onRead?: (file: string, text: string | undefined) => void;
}

/** Scripts larger than this are not read (a linker script is a few KB; this is a wrong file). */
const MAX_SCRIPT_BYTES = 8 * 1024 * 1024;
/** Map files larger than this are not read (mbed CE's, with --cref, are ~10 MB for a hello world). */
export const MAX_MAP_BYTES = 128 * 1024 * 1024;

/** A file's text, undefined when it is missing, not a file or larger than `limit`. */
function readBounded(file: string, limit: number): string | undefined {
  try {
    const st = fs.statSync(file);
    if (!st.isFile() || st.size > limit) return undefined;
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export function defaultReadFile(file: string): string | undefined {
  return readBounded(file, MAX_SCRIPT_BYTES);
}

export function defaultReadMap(file: string): string | undefined {
  return readBounded(file, MAX_MAP_BYTES);
}

function emptyMemory(note: string, diagnostics: Diagnostic[] = []): BuildMemory {
  return {
    entryPoint: '', memory: [], note, diagnostics, symbols: [], symbolFile: null, symbolsByFile: [], sections: [],
    scriptFiles: [], mapFile: null, preprocessing: null,
  };
}

// ---- link command -----------------------------------------------------------------------------------

export interface LinkPreprocessArgs {
  /** `-D`/`-U` in command-line order. */
  macroOps: Array<{ op: 'define'; name: string; value: string } | { op: 'undef'; name: string }>;
  /** `-I`, `-iquote`, `-isystem`, `-idirafter` folders (as written). */
  includeDirs: string[];
}

/**
 * The cpp-relevant flags of a link command (`-D`, `-U`, `-I`..., in every spelling the compiler takes, also inside
 * `-Wl,`), read through the compiler's table of flags taking a value, so the value of another flag (`-o -Dx`) is
 * never taken for one.
 */
export function linkPreprocessArgs(argv: string[]): LinkPreprocessArgs {
  const out: LinkPreprocessArgs = { macroOps: [], includeDirs: [] };
  const args = flattenLinkArgs(argv.slice(1));
  for (let i = 0; i < args.length; i++) {
    const taken = flagWithValue(args, i);
    if (!taken) continue;
    i = taken.last;
    const v = taken.value;
    if (v === undefined || taken.use !== 'read') continue;
    if (taken.flag === '-D') {
      const eq = v.indexOf('=');
      if (eq < 0) out.macroOps.push({ op: 'define', name: v, value: '1' });
      else if (eq > 0) out.macroOps.push({ op: 'define', name: v.slice(0, eq), value: v.slice(eq + 1) });
    } else if (taken.flag === '-U') out.macroOps.push({ op: 'undef', name: v });
    else if (LINK_INCLUDE_FLAGS.has(taken.flag)) out.includeDirs.push(v);
  }
  return out;
}

const LINK_INCLUDE_FLAGS = new Set(['-I', '-iquote', '-isystem', '-idirafter']);

/**
 * Defines a build's linker script is preprocessed with. Choice: a script is preprocessed by a step of the build
 * (a CMake custom command, mbed's or Zephyr's cpp step), not by the link itself. When the link command carries
 * -D/-U (drivers given `-x c -E`-style steps, or projects linking `.ld.S` through gcc) it is that step, so its
 * -D/-U apply on top of `build.defines`. Otherwise (link command unknown, or no -D/-U on it) the defines every
 * unit of the image shares (build-defines.ts: the linked units when the link is known) stand in (they include `build.defines`): that is what CMake/PlatformIO
 * projects pass to their script-preprocessing step. Implicit compiler macros are never added (cpp -P on a
 * script does not see target macros like __ARM_ARCH unless the build says so).
 */
export function scriptDefines(build: BuildDescription): { defines: Record<string, string>; undefines: string[]; from: 'link-command' | 'compile-units' } {
  const link = build.linkArguments ? linkPreprocessArgs(build.linkArguments) : null;
  if (link && link.macroOps.length > 0) {
    const defines: Record<string, string> = { ...(build.defines ?? {}) };
    const undefines = new Set<string>();
    for (const op of link.macroOps) {
      if (op.op === 'define') { defines[op.name] = op.value; undefines.delete(op.name); }
      else { delete defines[op.name]; undefines.add(op.name); }
    }
    return { defines, undefines: [...undefines], from: 'link-command' };
  }
  return { defines: commonDefines(build).defines, undefines: [], from: 'compile-units' };
}

// ---- symbols ----------------------------------------------------------------------------------------

const WRAPPER = (s: LinkerSymbol): string | null =>
  s.provided && s.hidden ? 'PROVIDE_HIDDEN' : s.provided ? 'PROVIDE' : s.hidden ? 'HIDDEN' : null;

/** The assignment as the script writes it (normalized spacing): `_estack = ORIGIN(RAM) + LENGTH(RAM)`. */
export function assignmentText(s: LinkerSymbol): string {
  const core = `${s.name} ${s.operator} ${s.expression}`;
  const w = WRAPPER(s);
  return w ? `${w}(${core})` : core;
}

export function hex(n: number): string {
  return `0x${n.toString(16).padStart(8, '0')}`;
}

/** Project-relative POSIX path inside `root`, else the absolute path (same rule as the indexer's stored paths). */
function relativeTo(root: string | undefined, file: string): string {
  if (!root) return file;
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return file;
  return rel.split(path.sep).join('/');
}

/** Linker-script assignments as `varglobal` symbols, grouped per script file (order of `files`). */
export function linkerSymbolsByFile(result: Pick<LinkerScriptResult, 'symbols' | 'files'>, root?: string): ScriptSymbols[] {
  const groups = new Map<string, ExtractedSymbol[]>();
  for (const f of result.files) groups.set(f, []);
  const ordinals = new Map<string, number>();
  for (const s of result.symbols) {
    if (s.name === '.') continue;
    const rel = relativeTo(root, s.file);
    const key = `${rel}\u0000varglobal\u0000${s.name}`;
    const n = ordinals.get(key) ?? 0;
    ordinals.set(key, n + 1);
    const stableId = sha1(`${rel}\u0000varglobal\u0000${s.name}\u0000${n}`).slice(0, 16);
    const sym: ExtractedSymbol = {
      stableId, parentId: null, name: s.name, qualifiedName: s.name, kind: 'varglobal',
      line: s.line, endLine: s.line, column: 1, isDefinition: true,
      signature: assignmentText(s),
      docstring: s.value !== null ? `value 0x${s.value.toString(16)}` : '',
      isTemplate: false, isVirtual: false, isPureVirtual: false, enumValue: null,
      nameTokens: nameTokens(s.name), body: null,
    };
    if (!groups.has(s.file)) groups.set(s.file, []);
    groups.get(s.file)!.push(sym);
  }
  return [...groups].map(([file, symbols]) => ({ file, symbols }));
}

// ---- reading scripts --------------------------------------------------------------------------------

export interface ScriptReadOptions {
  readFile: (file: string) => string | undefined;
  /** Reads the map file (larger than any script); readFile when not given. */
  readMap?: (file: string) => string | undefined;
  /** Applied when a script file holds cpp directives. */
  defines: Record<string, string>;
  undefines?: string[];
  includeDirs: string[];
  definesFrom: ScriptPreprocessing['definesFrom'];
  defsyms: Record<string, string>;
  /** Searched for INCLUDE after the including script's folder. */
  libraryPaths: string[];
  /** Map file of the same link, for region usage; null/undefined when none. */
  mapFile?: string | null;
  root?: string;
}

/** Name used in diagnostics for the several `-T` scripts of one link read as one. */
const LINK_COMMAND = '<link command>';

/**
 * Reads linker scripts as ld reads `-T a -T b` (they accumulate, in order) and, when given, the map file of
 * the same link. The scripts must exist (checked by the caller).
 */
/** The scripts parsed as ld reads them (several -T scripts through one that INCLUDEs each), with how they were preprocessed. */
function parseScripts(scripts: string[], options: ScriptReadOptions): { result: ReturnType<typeof parseLinkerScript>; preprocessing: ScriptPreprocessing } {
  const preprocessing: ScriptPreprocessing = {
    defines: options.defines, undefines: options.undefines ?? [], includeDirs: [], definesFrom: options.definesFrom, files: [],
  };
  const preprocess: PreprocessScript = (text, file) => {
    const includeDirs = [...new Set([...options.includeDirs, path.dirname(file)])];
    preprocessing.includeDirs = includeDirs;
    return preprocessToText(text, file, { defines: options.defines, undefines: options.undefines, includeDirs, readFile: options.readFile });
  };
  const readInclude = createIncludeReader(options.readFile);
  // Several -T scripts: read through one synthetic script that INCLUDEs each, so names one defines (MEMORY
  // regions, symbols) are visible to the next, as in ld.
  const file = scripts.length === 1 ? scripts[0] : LINK_COMMAND;
  const text = scripts.length === 1 ? (options.readFile(scripts[0]) ?? '') : scripts.map((s) => `INCLUDE "${s}"`).join('\n') + '\n';
  return { result: parseLinkerScript(text, { file, defsyms: options.defsyms, libraryPaths: options.libraryPaths, readInclude, preprocess }), preprocessing };
}

type MapSections = Map<string, { address: number; size: number; loadAddress: number | null }>;

/** Region usage and section addresses from the map file into `memory`; answers the map's sections and whether it was used. */
function applyMap(memory: MemoryEntry[], result: ReturnType<typeof parseLinkerScript>, options: ScriptReadOptions, diagnostics: Diagnostic[]): { mapSections: MapSections; mapUsed: string | null } {
  const mapSections: MapSections = new Map();
  // Usage only means something for regions the script declares.
  if (!options.mapFile || memory.length === 0) return { mapSections, mapUsed: null };
  const mapText = (options.readMap ?? options.readFile)(options.mapFile);
  if (mapText === undefined) {
    diagnostics.push(unreadMap(options.mapFile));
    return { mapSections, mapUsed: null };
  }
  const map = parseMapFile(mapText, options.mapFile, { script: result });
  diagnostics.push(...map.diagnostics);
  for (const s of map.sections) mapSections.set(s.name, { address: s.address, size: s.size, loadAddress: s.loadAddress });
  if (map.memory.length === 0) return { mapSections, mapUsed: null };
  const byName = new Map(map.memory.map((m) => [m.name, m]));
  for (const r of memory) {
    if (r.name in map.usage) r.used = map.usage[r.name];
    const m = byName.get(r.name);
    if (m && r.origin_value !== null && r.length_value !== null && (m.origin !== r.origin_value || m.length !== r.length_value)) {
      diagnostics.push({
        severity: 'warning', file: options.mapFile,
        message: `region ${r.name} is ${hex(m.origin)} + ${m.length} bytes in the map but ${hex(r.origin_value)} + ${r.length_value} bytes in the script ${r.file_path}:${r.line}; the map is older than the script, so its usage may be stale`,
        fix: 'link the firmware again to refresh the map, then run `fw-context index`',
      });
    }
  }
  return { mapSections, mapUsed: options.mapFile };
}

/** Why the scripts give no memory regions (empty when they give some). */
function noMemoryNote(scripts: string[], memory: MemoryEntry[], result: ReturnType<typeof parseLinkerScript>, root: string | undefined): string {
  if (memory.length > 0) return '';
  const shown = (f: string) => relativeTo(root, f);
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  const where = scripts.length === 1 ? `the linker script ${shown(scripts[0]!)}` : `the linker scripts ${scripts.map(shown).join(', ')}`;
  if (errors.length === 0) return `${where} defines no MEMORY regions (ld then places everything in one default region covering the whole address space)`;
  const first = errors[0]!;
  return `${where} defines no MEMORY region fw-context could read (${errors.length} error(s), first: ${shown(first.file)}${first.line ? `:${first.line}` : ''}: ${first.message})`;
}

/** An IAR ILINK configuration (`.icf`): its regions and symbols; no sections, no entry (ILINK's option names it). */
function icfMemory(file: string, options: ScriptReadOptions): BuildMemory {
  const text = options.readFile(file) ?? '';
  const result = readIcf(text, file);
  const symbolsByFile = linkerSymbolsByFile({ symbols: result.symbols, files: [file] }, options.root);
  const note = result.memory.length ? '' : `the ILINK configuration ${relativeTo(options.root, file)} defines no region fw-context could read`;
  return { ...emptyMemory(note, result.diagnostics), memory: result.memory.map((r) => ({ ...r })), symbols: symbolsByFile[0]?.symbols ?? [], symbolFile: file, symbolsByFile, scriptFiles: [file] };
}

/**
 * An armlink scatter file (`.sct`): its execution regions. A first line `#! armclang -E -DX=1` asks for the C
 * preprocessor (with that line's -D/-I); the `#!` line itself is blanked.
 */
function scatterMemory(file: string, options: ScriptReadOptions): BuildMemory {
  let text = options.readFile(file) ?? '';
  const diagnostics: Diagnostic[] = [];
  const bang = /^#!([^\n]*)/.exec(text);
  if (bang) {
    const words = bang[1].trim().split(/\s+/);
    const defines: Record<string, string> = {};
    const includeDirs = [path.dirname(file)];
    for (const w of words) {
      const d = /^-D([A-Za-z_]\w*)(?:=(.*))?$/.exec(w);
      if (d) defines[d[1]] = d[2] ?? '1';
      else if (w.startsWith('-I') && w.length > 2) includeDirs.push(path.resolve(path.dirname(file), w.slice(2)));
    }
    const pre = preprocessToText(text.replace(/^#![^\n]*/, ''), file, { defines, includeDirs, readFile: options.readFile });
    text = pre.text;
    diagnostics.push(...pre.diagnostics);
  }
  const result = readScatter(text, file);
  diagnostics.push(...result.diagnostics);
  const note = result.memory.length ? '' : `the scatter file ${relativeTo(options.root, file)} names no execution region fw-context could read`;
  return { ...emptyMemory(note, diagnostics), memory: result.memory.map((r) => ({ ...r })), symbolFile: file, scriptFiles: [file] };
}

export function readLinkerScripts(scripts: string[], options: ScriptReadOptions): BuildMemory {
  if (/\.icf$/i.test(scripts[0] ?? '')) return icfMemory(scripts[0]!, options);
  if (/\.(sct|scf)$/i.test(scripts[0] ?? '')) return scatterMemory(scripts[0]!, options);
  const diagnostics: Diagnostic[] = [];
  const main = scripts[0]!;
  const { result, preprocessing } = parseScripts(scripts, options);
  diagnostics.push(...result.diagnostics);
  const files = result.files.filter((f) => f !== LINK_COMMAND);
  const memory: MemoryEntry[] = result.memory.map((r) => ({ ...r }));
  const { mapSections, mapUsed } = applyMap(memory, result, options, diagnostics);
  const sections: MemorySection[] = result.sections
    .filter((s) => s.name !== '/DISCARD/')
    .map((s) => {
      const m = mapSections.get(s.name);
      return {
        name: s.name, region: s.region, load_region: s.loadRegion,
        address: m?.address ?? null, size: m?.size ?? null, load_address: m?.loadAddress ?? null,
        file_path: s.file, line: s.line,
      };
    });
  const symbolsByFile = linkerSymbolsByFile({ symbols: result.symbols, files }, options.root);
  return {
    entryPoint: result.entry ?? '',
    memory,
    note: noMemoryNote(scripts, memory, result, options.root),
    diagnostics,
    symbols: symbolsByFile.find((g) => g.file === main)?.symbols ?? [],
    symbolFile: main,
    symbolsByFile,
    sections,
    scriptFiles: files,
    mapFile: mapUsed,
    preprocessing: result.preprocessedFiles.length > 0 ? { ...preprocessing, files: result.preprocessedFiles.filter((f) => f !== LINK_COMMAND) } : null,
  };
}

/** Why the map file gave no text: it does not exist yet, or it is over MAX_MAP_BYTES. */
function unreadMap(file: string): Diagnostic {
  let size = -1;
  try {
    size = fs.statSync(file).size;
  } catch {
    // missing: not linked yet
  }
  if (size > MAX_MAP_BYTES) {
    const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;
    return { severity: 'info', file, message: `the map file is ${mb(size)}, over the ${mb(MAX_MAP_BYTES)} fw-context reads; region usage is unknown`, fix: 'link without --cref or other map options that make it this large, then run `fw-context index` again' };
  }
  return { severity: 'info', file, message: 'the map file the link command names does not exist (not linked yet?); region usage is unknown', fix: 'build the firmware, then run `fw-context index` again' };
}

// ---- the build --------------------------------------------------------------------------------------

/** How the memory note of a build whose regions a project file states begins (the CLI tells such a build by it). */
export const NO_SCRIPT_YET = 'no linker script yet';

/**
 * The regions a project file states for a build with no linker script yet (see BuildDescription.statedMemory): read
 * through `readFile`, so the record is refreshed when the project file changes.
 */
function statedMemory(stated: StatedMemory, readFile: (file: string) => string | undefined): BuildMemory {
  readFile(stated.file);
  const memory: MemoryEntry[] = stated.regions.map((r) => {
    const origin = scatterValue(r.origin);
    const length = scatterValue(r.length);
    return { name: r.name, attributes: r.attributes, origin: r.origin, length: r.length, origin_value: origin, length_value: length, file_path: stated.file, line: r.line };
  });
  return { ...emptyMemory(`${NO_SCRIPT_YET}: the regions of ${stated.source}`), memory, scriptFiles: [stated.file] };
}

/** Memory of one build: its linker script(s), its link command's -L/--defsym/-D, its map file. Never throws. */
export function describeBuildMemory(build: BuildDescription, options: BuildMemoryOptions = {}): BuildMemory {
  const onRead = options.onRead;
  const recorded = (read: (file: string) => string | undefined) =>
    onRead
      ? (file: string) => {
          const text = read(file);
          onRead(file, text);
          return text;
        }
      : read;
  const readFile = recorded(options.readFile ?? defaultReadFile);
  const readMap = recorded(options.readFile ?? defaultReadMap);
  const scripts = [...new Set(build.linkerScripts)];
  if (scripts.length === 0 && build.statedMemory) return statedMemory(build.statedMemory, readFile);
  if (scripts.length === 0) {
    return emptyMemory(`no linker script recorded: the ${build.buildSystem} build names none`);
  }
  const missing = scripts.filter((s) => readFile(s) === undefined);
  if (missing.length > 0) {
    const exists = (f: string) => { try { return fs.statSync(f).isFile(); } catch { return false; } };
    const what = (f: string) => (options.readFile || !exists(f) ? 'does not exist' : 'cannot be read');
    const shown = (f: string) => relativeTo(options.root, f);
    const note = missing.length === 1
      ? `the linker script ${shown(missing[0]!)} ${what(missing[0]!)}`
      : `the linker scripts ${missing.map(shown).join(', ')} do not exist or cannot be read`;
    return emptyMemory(note, missing.map((f) => ({
      severity: 'warning' as const, file: f,
      message: `linker script named by the ${build.buildSystem} build ${what(f)}; memory regions are unknown`,
      fix: 'build the firmware once (some builds generate their script), or fix the path in the build',
    })));
  }
  try {
    const cwd = build.buildDir;
    const link = build.linkArguments ? linkArgsInfo(build.linkArguments) : null;
    const pre = build.linkArguments ? linkPreprocessArgs(build.linkArguments) : { includeDirs: [] as string[] };
    const { defines, undefines, from } = scriptDefines(build);
    // ld looks for INCLUDEd scripts in its working folder, then the -L folders (the script's own folder first,
    // added by linker/).
    const libraryPaths = [cwd, ...(link?.libraryPaths ?? []).map((p) => path.resolve(cwd, p))];
    const mapFile = build.mapFile ?? (link?.mapFile ? path.resolve(cwd, link.mapFile) : null);
    return readLinkerScripts(scripts, {
      readFile,
      readMap,
      defines,
      undefines,
      includeDirs: pre.includeDirs.map((d) => path.resolve(cwd, d)),
      definesFrom: from,
      defsyms: link?.defsyms ?? {},
      libraryPaths,
      mapFile,
      root: options.root,
    });
  } catch (err) {
    const message = `reading the linker script failed: ${(err as Error).message}`;
    return emptyMemory(`the linker script ${relativeTo(options.root, scripts[0]!)} could not be read: ${(err as Error).message}`, [
      { severity: 'error', file: scripts[0]!, message, fix: 'report this script to fw-context; the rest of the build is indexed' },
    ]);
  }
}
