// The last detection's answer kept in one JSON file beside what the adapters consulted for it (files by
// size, mtime and content hash; existence checks; folder listings; real paths; environment variables — see
// shared/detect-inputs.ts). A later detection asked the same question (same build search result, options
// and adapter code) answers from it while every input still holds; anything else detects afresh. A build's units are
// kept as a few argument lists with each unit's own values, every string an index into one list of the distinct ones
// (kept-units.ts): Meshtastic's 246 PlatformIO envs of ~300 units are 2.0 MB of JSON so (47 MB with a list of indexes
// per unit), and a build read back makes its units only when they are first asked for (an index run: when its turn
// comes); a detected build an adapter kept so (lazy-units.ts) is written from its kept form, its units never made.
// Images read from one compile database (a CMake folder linking several programs) share its units: kept once, the
// others naming the build that holds them. The builds' names are kept apart too (detection-names.ts). The file is
// gzip, a member per piece written.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdapterOptions, AdapterResult, BuildDescription } from './contract.js';
import { loadNames, saveNames, type NamedBuild } from './detection-names.js';
import { keptUnitsHold, UnitsKeeper, type KeptUnits } from './kept-units.js';
import { lazyUnits, waitingCell, withUnits, type KeptCell } from './lazy-units.js';
import { detectInputsHold, type DetectInput } from './shared/detect-inputs.js';
import { discoveryFor, type Discovery } from './shared/discover-build-dirs.js';

const FORMAT = 4;

interface CacheFile {
  format: number;
  key: string;
  /** When the inputs were last known to hold (ms since the epoch): decides which mtimes are trusted. */
  checkedAt: number;
  inputs: DetectInput[];
  /** The distinct strings of the units, which their kept forms index. */
  strings: string[];
  result: { builds: KeptBuild[]; diagnostics: AdapterResult['diagnostics'] };
}

/** A kept build: its units kept (kept-units.ts), or the index of the earlier build whose units it shares. */
type KeptBuild = Omit<BuildDescription, 'units'> & { units: KeptUnits | { of: number } };

/** Builds kept a build at a time, so that the cache is written a build at a time; builds sharing an earlier build's units name it. */
class KeptBuilds {
  readonly units = new UnitsKeeper();
  private readonly holder = new Map<unknown, number>();

  /** Build `i` of the result as kept; a build whose units wait still kept is kept again from that form, not made. */
  build(b: BuildDescription, i: number): KeptBuild {
    const w = waitingCell(b);
    const holder = w?.cell ?? b.units;
    const shared = this.holder.get(holder);
    if (shared !== undefined) return withUnits(b, { of: shared });
    this.holder.set(holder, i);
    if (w?.cell.kept) return withUnits(b, this.units.rekeep(w.cell.kept, w.strings));
    return withUnits(b, this.units.keep(w?.cell.units ?? b.units));
  }
}

/** True when every kept build's units read back whole (a shared list naming an earlier build holding its own). */
function keptBuildsHold(data: CacheFile): boolean {
  const { strings, result } = data;
  if (!Array.isArray(strings) || !strings.every((s) => typeof s === 'string') || !result || !Array.isArray(result.builds)) return false;
  return result.builds.every((b, i) => {
    const of = (b.units as { of?: unknown }).of;
    if (of === undefined) return keptUnitsHold(b.units, strings.length);
    return Number.isInteger(of) && (of as number) >= 0 && (of as number) < i && (result.builds[of as number]!.units as { of?: unknown }).of === undefined;
  });
}

/**
 * The builds of a checked cache file, each restoring its units when they are first asked for (and holding them from
 * then on, as a detected build does): a run indexing builds one by one holds no other build's units as detected. A
 * build sharing an earlier build's units gets that build's list.
 */
function restoredBuilds(data: CacheFile): BuildDescription[] {
  const cells: KeptCell[] = [];
  for (const [i, b] of data.result.builds.entries()) {
    const of = (b.units as { of?: number }).of;
    if (of === undefined) cells[i] = { kept: b.units as KeptUnits, readers: 1 };
    else (cells[i] = cells[of]!).readers++;
  }
  return data.result.builds.map((kept, i) => lazyUnits({ ...kept } as unknown as BuildDescription, cells[i]!, data.strings));
}

export interface DetectResult extends AdapterResult {
  /** The build search the adapters worked from: folders searched, time, diagnostics (also in `diagnostics`). */
  discovery: Discovery;
  /** Set when the answer came from the detection cache: inputs checked, files re-read to check them. */
  fromCache?: { inputs: number; filesRechecked: number };
  /** What the adapters consulted for the answer, and when all of it was last known to hold (an index keeps its files: src/indexer/described-from.ts). */
  consulted: ConsultedInputs;
}

/** The inputs an answer was detected from, all holding at `checkedAt` (ms since the epoch). */
export interface ConsultedInputs {
  checkedAt: number;
  inputs: DetectInput[];
}

/** A detection answered from the cache: the answer, how many inputs were checked, how many files re-read for it, what it was detected from. */
export interface CachedDetection {
  result: AdapterResult;
  inputs: number;
  filesRechecked: number;
  consulted: ConsultedInputs;
}

let codeFingerprintMemo: string | undefined;

/** The file the build writes beside this module: the content hash of the code codeFingerprint covers (scripts/stamp-code.mjs). */
export const CODE_STAMP_FILE = 'code-fingerprint.txt';

/**
 * The adapters' code (adapters, linker, compile-argument model): the build's stamp of it when one is beside this
 * module and no older than it (a compile after the build rewrote the module: stale), else the size and mtime of
 * every module, walked. New code, new cache.
 */
function codeFingerprint(): string {
  if (codeFingerprintMemo) return codeFingerprintMemo;
  const self = fileURLToPath(import.meta.url);
  return (codeFingerprintMemo = stampedFingerprint(self) ?? walkedFingerprint(path.dirname(self)));
}

function stampedFingerprint(self: string): string | undefined {
  try {
    const stamp = path.join(path.dirname(self), CODE_STAMP_FILE);
    if (fs.statSync(stamp).mtimeMs < fs.statSync(self).mtimeMs) return undefined;
    const text = fs.readFileSync(stamp, 'latin1').trim();
    return /^[0-9a-f]{40}$/.test(text) ? `stamp:${text}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The modules codeFingerprint covers, in a fixed order: every script of the adapters' folder (ADAPTERS, this
 * module's), of the linker folder and of the compile-argument model beside it. scripts/stamp-code.mjs hashes
 * their bytes at build time; without its stamp, their sizes and mtimes are hashed.
 */
export function adapterCodeModules(adapters: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.[cm]?[jt]s$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  for (const dir of [adapters, path.join(adapters, '..', 'linker'), path.join(adapters, '..', 'src', 'model')]) walk(dir);
  return out;
}

function walkedFingerprint(here: string): string {
  const h = createHash('sha1');
  for (const p of adapterCodeModules(here)) {
    const st = fs.statSync(p);
    h.update(`${p}\0${st.size}\0${st.mtimeMs}\n`);
  }
  return h.digest('hex');
}

/** Everything besides the recorded inputs that decides the adapters' answer. */
export function detectionKey(projectRoot: string, options: AdapterOptions, discovery: Discovery): string {
  return JSON.stringify([
    FORMAT,
    codeFingerprint(),
    projectRoot,
    options.compileCommandsPaths ?? [],
    options.excludePaths ?? [],
    options.derive ?? {},
    options.runFlagCommands ?? {},
    options.makeRuns ?? [],
    discovery.dirs,
  ]);
}

/** The JSON text of a cache file (gzip members, one per piece written; see writeCacheFile). */
export function cacheFileText(file: string): string {
  return zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
}

function readCache(file: string): CacheFile | undefined {
  try {
    const data = JSON.parse(cacheFileText(file)) as CacheFile;
    return data.format === FORMAT && Array.isArray(data.inputs) && keptBuildsHold(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the cache (a temporary file renamed over the old one); a failure only costs the next run a detection. */
export function saveDetection(file: string, key: string, checkedAt: number, inputs: DetectInput[], result: AdapterResult): void {
  const head = { key, checkedAt, inputs };
  saveCache(file, (tmp) => writeCacheFile(tmp, { format: FORMAT, ...head }, result), head, result.builds);
}

/** The cache written by `write` to a temporary file renamed over it, and the names of its builds beside it. */
function saveCache(file: string, write: (tmp: string) => void, head: { key: string; checkedAt: number; inputs: DetectInput[] }, builds: readonly NamedBuild[]): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    write(tmp);
    fs.renameSync(tmp, file);
    saveNames(file, head, builds);
  } catch {
    /* read-only state folder: detect every time */
  }
}

/**
 * Writes a CacheFile a build at a time: one JSON text of every build, with a copy of each unit to make it, would hold
 * the memory of all the builds' units twice over (Meshtastic's 246 PlatformIO envs of ~300 units: a 49 MB text, a
 * 437 MiB peak before the first build was indexed).
 */
function writeCacheFile(file: string, head: Omit<CacheFile, 'strings' | 'result'>, result: AdapterResult): void {
  const fd = fs.openSync(file, 'w');
  // Each piece a gzip member of its own: gunzip reads the members as one text.
  const write = (text: string) => fs.writeSync(fd, zlib.gzipSync(text, { level: 1 }));
  try {
    const kept = new KeptBuilds();
    write(`${JSON.stringify(head).slice(0, -1)},"result":{"builds":[`);
    result.builds.forEach((b, i) => write(`${i ? ',' : ''}${JSON.stringify(kept.build(b, i))}`));
    const { builds: _builds, ...rest } = result;
    const others = JSON.stringify(rest).slice(1, -1);
    write(`]${others ? `,${others}` : ''}},"strings":${JSON.stringify(kept.units.strings)}}`);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The stored answer for this question when every input it consulted still holds, its builds' units read back as each
 * is first asked for (see restoredBuilds). A hit whose inputs had to be checked by content (recent mtimes) is stored
 * again as checked now, so the next run trusts them.
 */
export function loadDetection(file: string, key: string): CachedDetection | undefined {
  const data = readCache(file);
  if (!data || data.key !== key) return undefined;
  const now = Date.now();
  const check = detectInputsHold(data.inputs, data.checkedAt);
  if (!check.holds) return undefined;
  if (check.byContent > 0) {
    const head = { key, checkedAt: now, inputs: data.inputs };
    saveCache(file, (tmp) => fs.writeFileSync(tmp, zlib.gzipSync(JSON.stringify({ ...data, ...head }), { level: 1 })), head, data.result.builds);
  }
  const consulted = { checkedAt: check.byContent > 0 ? now : data.checkedAt, inputs: data.inputs };
  const result = { builds: restoredBuilds(data), diagnostics: data.result.diagnostics };
  return { result, inputs: data.inputs.length, filesRechecked: check.byContent, consulted };
}

/** A cached detection as detectBuilds answers it (the build search's diagnostics first). */
export function cachedResult(cached: CachedDetection, discovery: Discovery): DetectResult {
  return {
    builds: cached.result.builds,
    diagnostics: [...discovery.diagnostics, ...cached.result.diagnostics],
    discovery,
    fromCache: { inputs: cached.inputs, filesRechecked: cached.filesRechecked },
    consulted: cached.consulted,
  };
}

/**
 * The cached answer of the default adapters for this project and options, without loading them, and the
 * build search it ran (hand it to detectBuilds on a miss so the search is not repeated).
 */
export function cachedDetection(projectRoot: string, options: AdapterOptions): { hit?: CachedDetection; discovery: Discovery } {
  const { discovery, key } = detectionQuestion(projectRoot, options);
  return { hit: options.detectionCache ? loadDetection(options.detectionCache, key) : undefined, discovery };
}

/** The names of the builds cachedDetection would answer (from the cache's names file, not its units); undefined: ask cachedDetection. */
export function cachedNames(projectRoot: string, options: AdapterOptions): NamedBuild[] | undefined {
  return options.detectionCache ? loadNames(options.detectionCache, detectionQuestion(projectRoot, options).key) : undefined;
}

/** The build search for this project and options, and the key of the detection cache's answer to it. */
function detectionQuestion(projectRoot: string, options: AdapterOptions): { discovery: Discovery; key: string } {
  try {
    projectRoot = fs.realpathSync.native(projectRoot);
  } catch {
    /* detectBuilds keeps such a root as given too */
  }
  const discovery = discoveryFor(projectRoot, options);
  return { discovery, key: detectionKey(projectRoot, options, discovery) };
}
