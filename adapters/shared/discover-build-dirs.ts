// Finds the folders that may hold a build by walking the project tree for build markers (compile database,
// CMake cache, build.ninja, Zephyr build_info.yml/domains.yaml, mbed_config.cmake, platformio.ini, a Makefile, an
// Eclipse CDT `.cproject`, a Keil µVision `.uvprojx`/`.uvproj`, an IAR Embedded Workbench `.ewp`, a SEGGER Embedded Studio `.emProject`).
// Symlinks are followed; every folder is identified by its real path (loop guard, no duplicates). The walk
// prunes hidden folders, node_modules and CMakeFiles, does not descend into a build folder once found, and
// stops at a depth and a time limit with a diagnostic. Reading build files is left to the adapters. A search over
// a tree whose searched folders all kept their mtimes takes the last answer back (discovery-cache.ts).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Picomatch from 'picomatch';
import type { Diagnostic } from '../contract.js';
import { isExcluded } from './fs-helpers.js';
import { DiscoveryCache, type CachedFolder, type SavedSearch } from './discovery-cache.js';

/** Files whose presence makes a folder worth handing to the adapters. */
export const BUILD_MARKERS = ['compile_commands.json', 'CMakeCache.txt', 'build.ninja', 'build_info.yml', 'domains.yaml', 'mbed_config.cmake', 'platformio.ini', 'GNUmakefile', 'makefile', 'Makefile', '.cproject'] as const;
/** Endings of project files whose name is the user's (`Blinky.uvprojx`): the folder's marker is the file's name. */
export const BUILD_MARKER_SUFFIXES = ['.uvprojx', '.uvproj', '.ewp', '.emProject'] as const;
/** Markers of a build folder: the walk does not descend below it (its sub-builds are the adapters' business). */
const BUILD_FOLDER_MARKERS = new Set(['CMakeCache.txt', 'build.ninja', 'build_info.yml', 'domains.yaml', 'mbed_config.cmake']);
const PRUNED = new Set(['node_modules', 'CMakeFiles', '__pycache__']);

export const DEFAULT_MAX_DEPTH = 12;
export const DEFAULT_TIME_LIMIT_MS = 10_000;

export interface DiscoveredDir {
  /** Real path of the folder (symlinks resolved). */
  dir: string;
  /** The path it was reached by, below the project root when it was: names variants after what the user sees. */
  shownAs: string;
  markers: string[];
}

export interface DiscoveryOptions {
  /** Folders (absolute) never searched; wins over `dirs`. */
  excludePaths?: string[];
  /** Folders or globs (relative to the root, or absolute) to search instead of the whole root. `.` is the root. */
  dirs?: string[];
  maxDepth?: number;
  timeLimitMs?: number;
  /** Where the folder cache lives between runs (a JSON file); none: every search is cold. */
  cacheFile?: string;
}

export interface Discovery {
  root: string;
  dirs: DiscoveredDir[];
  /** Folders looked at (listed or confirmed unchanged from the cache). */
  foldersSearched: number;
  /** Of those, folders whose listing came from the cache (their mtime had not changed). */
  foldersFromCache: number;
  /** Folders listed (read) by this search: the ones new or changed since the last one, or all of them when cold. */
  foldersRelisted: number;
  elapsedMs: number;
  diagnostics: Diagnostic[];
}

const GLOB_CHARS = /[*?[\]{}!]/;

// picomatch loads only for a glob in [build] dirs: most searches (and every cached detection) have none.
const require = createRequire(import.meta.url);

/** The folder a `dirs` entry's walk starts from: the entry, or the part of it before the first glob. */
function searchBase(root: string, entry: string): string {
  const parts = entry.split(/[\\/]/);
  const firstGlob = parts.findIndex((p) => GLOB_CHARS.test(p));
  return firstGlob < 0 ? path.resolve(root, entry) : path.resolve(root, parts.slice(0, firstGlob).join('/') || '.');
}

/** A `dirs` entry split into the folder the walk starts from and the pattern found folders must match. */
function searchRoot(root: string, entry: string): { base: string; match?: (rel: string) => boolean } {
  const base = searchBase(root, entry);
  if (!GLOB_CHARS.test(entry)) return { base };
  const pattern = path.resolve(root, entry).split(path.sep).join('/');
  const isMatch = (require('picomatch') as typeof Picomatch)(pattern, { dot: false });
  return { base, match: (p) => isMatch(p.split(path.sep).join('/')) };
}

function readFolder(dir: string, stat: fs.Stats): CachedFolder {
  const folder: CachedFolder = { mtimeMs: stat.mtimeMs, subdirs: [], markers: [] };
  const dangling: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    let isDirectory = e.isDirectory();
    let isFile = e.isFile();
    let real: string | undefined;
    if (e.isSymbolicLink()) {
      try {
        const target = fs.statSync(path.join(dir, e.name));
        isDirectory = target.isDirectory();
        isFile = target.isFile();
        if (isDirectory) real = fs.realpathSync.native(path.join(dir, e.name));
      } catch {
        dangling.push(e.name); // a link to nothing (yet): listed again once it resolves
        continue;
      }
    }
    if (isFile && ((BUILD_MARKERS as readonly string[]).includes(e.name) || BUILD_MARKER_SUFFIXES.some((x) => e.name.endsWith(x)))) folder.markers.push(e.name);
    else if (isDirectory && !e.name.startsWith('.') && !PRUNED.has(e.name)) folder.subdirs.push(real ? { name: e.name, real } : { name: e.name });
  }
  folder.subdirs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  folder.markers.sort();
  if (dangling.length > 0) folder.dangling = dangling.sort();
  return folder;
}

/** Walks the project (or the configured `dirs`) for build folders, or takes the last answer back when no folder it searched changed. Never throws. */
export function discoverBuildDirs(projectRoot: string, options: DiscoveryOptions = {}): Discovery {
  const started = performance.now();
  const root = safeRealpath(projectRoot) ?? path.resolve(projectRoot);
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const timeLimit = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const excluded = (options.excludePaths ?? []).flatMap((p) => [path.resolve(root, p), safeRealpath(path.resolve(root, p))].filter((x): x is string => !!x));
  const entries = options.dirs?.length ? options.dirs : ['.'];
  // The markers are part of the question: a folder listed before a marker was added would not show it.
  const cache = new DiscoveryCache(options.cacheFile, JSON.stringify({ entries, excluded, maxDepth, markers: [...BUILD_MARKERS, ...BUILD_MARKER_SUFFIXES] }));
  const bases = entries.map((entry) => safeRealpath(searchBase(root, entry)));
  const unchanged = bases.every((b) => b !== undefined) ? cache.unchangedSearch(bases as string[], started + timeLimit) : undefined;
  const out = unchanged ? savedDiscovery(root, unchanged, maxDepth) : walkedDiscovery(root, entries, cache, { excluded, maxDepth, timeLimit, started });
  out.dirs.sort((a, b) => (a.shownAs < b.shownAs ? -1 : a.shownAs > b.shownAs ? 1 : 0));
  out.elapsedMs = performance.now() - started;
  return out;
}

/** The answer of the last search, its folders all unchanged: each folder stat'ed, none listed. */
function savedDiscovery(root: string, saved: SavedSearch, maxDepth: number): Discovery {
  const dirs = saved.dirs.map((d) => ({ ...d, markers: [...d.markers] }));
  const diagnostics = saved.deepest ? [depthNote(root, saved.deepest, maxDepth)] : [];
  return { root, dirs, foldersSearched: saved.foldersSearched, foldersFromCache: saved.foldersSearched, foldersRelisted: 0, elapsedMs: 0, diagnostics };
}

/** Walks each `dirs` entry, folders from the cache while their mtimes hold, and keeps what it saw (and its answer, when complete) for the next search. */
function walkedDiscovery(root: string, entries: string[], cache: DiscoveryCache, limits: { excluded: string[]; maxDepth: number; timeLimit: number; started: number }): Discovery {
  const search = new BuildDirSearch({ root, dirs: [], foldersSearched: 0, foldersFromCache: 0, foldersRelisted: 0, elapsedMs: 0, diagnostics: [] }, cache, limits.excluded, limits.maxDepth, limits.started + limits.timeLimit);
  const out = search.out;
  const bases: string[] = [];
  for (const entry of entries) {
    const { base, match } = searchRoot(root, entry);
    const real = safeRealpath(base);
    if (!real) {
      out.diagnostics.push({ severity: 'warning', file: base, message: `[build] dirs names '${entry}', which does not exist`, fix: 'correct [build] dirs in .fw-context/config.ini' });
      continue;
    }
    bases.push(real);
    search.walk(real, base, 0, match);
  }
  if (search.deepest) out.diagnostics.push(depthNote(root, search.deepest, limits.maxDepth));
  if (search.timedOut) {
    out.diagnostics.push({
      severity: 'warning',
      file: root,
      message: `the build search stopped after ${limits.timeLimit} ms with ${out.foldersSearched} folders searched; builds in folders not reached are missing`,
      fix: 'list the folders that hold builds in [build] dirs, or add large non-build folders to [index] exclude_paths, in .fw-context/config.ini',
    });
  } else {
    // A place that does not exist, or a folder that cannot be read, is not kept as an answer: its appearing, or
    // becoming readable, would change no folder searched.
    const complete = bases.length === entries.length && !search.unreadable;
    const dirs = [...out.dirs].sort((a, b) => (a.shownAs < b.shownAs ? -1 : a.shownAs > b.shownAs ? 1 : 0));
    cache.save(complete ? { bases, dirs, ...(search.deepest ? { deepest: search.deepest } : {}), foldersSearched: out.foldersSearched } : undefined);
  }
  return out;
}

function depthNote(root: string, deepest: string, maxDepth: number): Diagnostic {
  return {
    severity: 'info',
    file: deepest,
    message: `the build search stops ${maxDepth} folders deep; folders below ${path.relative(root, deepest) || '.'} (and others as deep) were not searched`,
    fix: 'if a build lives deeper, name its folder in [build] dirs in .fw-context/config.ini (for example `dirs = ., path/to/build`)',
  };
}

/** One search for build folders: the folders visited, the deepest one left unsearched, and whether time ran out. */
class BuildDirSearch {
  private readonly visited = new Set<string>();
  deepest: string | undefined;
  timedOut = false;
  /** A folder could not be stat'ed or listed: its becoming readable changes no mtime, so this answer is not kept. */
  unreadable = false;

  constructor(
    readonly out: Discovery,
    private readonly cache: DiscoveryCache,
    private readonly excluded: string[],
    private readonly maxDepth: number,
    private readonly deadline: number,
  ) {}

  /** Searches a folder (`real`, shown as `shown`) and below; a folder holding a build is not searched further. */
  walk(real: string, shown: string, depth: number, match?: (p: string) => boolean, matchedAbove = false): void {
    if (this.timedOut) return;
    if (performance.now() > this.deadline) {
      this.timedOut = true;
      return;
    }
    if (this.visited.has(real) || isExcluded(shown, this.excluded) || isExcluded(real, this.excluded)) return;
    this.visited.add(real);
    const folder = this.folderAt(real);
    if (!folder) return;
    this.out.foldersSearched++;
    const matched = matchedAbove || !match || match(shown);
    if (matched && folder.markers.length > 0) this.out.dirs.push({ dir: real, shownAs: shown, markers: folder.markers });
    if (matched && folder.markers.some((m) => BUILD_FOLDER_MARKERS.has(m))) return;
    if (depth >= this.maxDepth) {
      if (folder.subdirs.length > 0) this.deepest ??= shown;
      return;
    }
    for (const s of folder.subdirs) {
      // A link to a folder above this one is a loop whatever was visited before: never followed.
      if (s.real && (real === s.real || real.startsWith(s.real + path.sep))) continue;
      this.walk(s.real ?? path.join(real, s.name), path.join(shown, s.name), depth + 1, match, matched && !!match);
    }
  }

  /** A folder's markers and subfolders, from the cache while its mtime holds; undefined when it cannot be read. */
  private folderAt(real: string): CachedFolder | undefined {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(real);
    } catch {
      this.unreadable = true;
      return undefined;
    }
    const cached = this.cache.get(real, stat.mtimeMs);
    if (cached) {
      this.out.foldersFromCache++;
      return cached;
    }
    let folder: CachedFolder;
    try {
      folder = readFolder(real, stat);
      this.out.foldersRelisted++;
    } catch {
      this.unreadable = true;
      return undefined; // unreadable folder: nothing to find there
    }
    this.cache.set(real, folder);
    return folder;
  }
}

export function safeRealpath(p: string): string | undefined {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return undefined;
  }
}

/** The discovered folders holding files ending with `suffix`, with those files' names. */
export function dirsWithSuffix(d: Discovery, suffix: (typeof BUILD_MARKER_SUFFIXES)[number]): (DiscoveredDir & { files: string[] })[] {
  return d.dirs.flatMap((x) => {
    const files = x.markers.filter((m) => m.endsWith(suffix));
    return files.length ? [{ ...x, files }] : [];
  });
}

/**
 * Every IDE project file found (µVision, IAR, Embedded Studio): the projects whose variants are told apart by their
 * folders when there are several. An MDK 4 `.uvproj` beside its converted `.uvprojx` is one project (µVision opens
 * the `.uvprojx`).
 */
export function ideProjectFiles(d: Discovery): string[] {
  return d.dirs.flatMap((x) =>
    x.markers
      .filter((m) => BUILD_MARKER_SUFFIXES.some((s) => m.endsWith(s)) && !convertedUvproj(x, m))
      .map((m) => path.join(x.shownAs, m)),
  );
}

/** Whether `marker` of folder `x` is an MDK 4 `.uvproj` kept beside the `.uvprojx` it was converted to (µVision opens that). */
export const convertedUvproj = (x: DiscoveredDir, marker: string): boolean => marker.endsWith('.uvproj') && x.markers.includes(`${marker}x`);

/** The discovered folders holding `marker`. */
export function dirsWith(d: Discovery, marker: (typeof BUILD_MARKERS)[number]): DiscoveredDir[] {
  return d.dirs.filter((x) => x.markers.includes(marker));
}

/** The search detectBuilds ran for all adapters, or a fresh one when an adapter runs alone. */
export function discoveryFor(projectRoot: string, options: { discovery?: Discovery; excludePaths?: string[]; search?: DiscoveryOptions }): Discovery {
  return options.discovery ?? discoverBuildDirs(projectRoot, { ...options.search, excludePaths: options.excludePaths });
}
