// Finds the folders that may hold a build by walking the project tree for build markers (compile database,
// CMake cache, build.ninja, Zephyr build_info.yml/domains.yaml, mbed_config.cmake, platformio.ini).
// Symlinks are followed; every folder is identified by its real path (loop guard, no duplicates). The walk
// prunes hidden folders, node_modules and CMakeFiles, does not descend into a build folder once found, and
// stops at a depth and a time limit with a diagnostic. Reading build files is left to the adapters.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Picomatch from 'picomatch';
import type { Diagnostic } from '../contract.js';
import { isExcluded } from './fs-helpers.js';
import { DiscoveryCache, type CachedFolder } from './discovery-cache.js';

/** Files whose presence makes a folder worth handing to the adapters. */
export const BUILD_MARKERS = ['compile_commands.json', 'CMakeCache.txt', 'build.ninja', 'build_info.yml', 'domains.yaml', 'mbed_config.cmake', 'platformio.ini'] as const;
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
  elapsedMs: number;
  diagnostics: Diagnostic[];
}

const GLOB_CHARS = /[*?[\]{}!]/;

// picomatch loads only for a glob in [build] dirs: most searches (and every cached detection) have none.
const require = createRequire(import.meta.url);

/** A `dirs` entry split into the folder the walk starts from and the pattern found folders must match. */
function searchRoot(root: string, entry: string): { base: string; match?: (rel: string) => boolean } {
  const parts = entry.split(/[\\/]/);
  const firstGlob = parts.findIndex((p) => GLOB_CHARS.test(p));
  if (firstGlob < 0) return { base: path.resolve(root, entry) };
  const base = path.resolve(root, parts.slice(0, firstGlob).join('/') || '.');
  const pattern = path.resolve(root, entry).split(path.sep).join('/');
  const isMatch = (require('picomatch') as typeof Picomatch)(pattern, { dot: false });
  return { base, match: (p) => isMatch(p.split(path.sep).join('/')) };
}

function readFolder(dir: string, stat: fs.Stats): CachedFolder {
  const folder: CachedFolder = { mtimeMs: stat.mtimeMs, subdirs: [], markers: [] };
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
        continue; // dangling link
      }
    }
    if (isFile && (BUILD_MARKERS as readonly string[]).includes(e.name)) folder.markers.push(e.name);
    else if (isDirectory && !e.name.startsWith('.') && !PRUNED.has(e.name)) folder.subdirs.push(real ? { name: e.name, real } : { name: e.name });
  }
  folder.subdirs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  folder.markers.sort();
  return folder;
}

/** Walks the project (or the configured `dirs`) for build folders. Never throws. */
export function discoverBuildDirs(projectRoot: string, options: DiscoveryOptions = {}): Discovery {
  const started = performance.now();
  const root = safeRealpath(projectRoot) ?? path.resolve(projectRoot);
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const timeLimit = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const excluded = (options.excludePaths ?? []).flatMap((p) => [path.resolve(root, p), safeRealpath(path.resolve(root, p))].filter((x): x is string => !!x));
  const entries = options.dirs?.length ? options.dirs : ['.'];
  const cache = new DiscoveryCache(options.cacheFile, JSON.stringify({ entries, excluded, maxDepth }));
  const search = new BuildDirSearch({ root, dirs: [], foldersSearched: 0, foldersFromCache: 0, elapsedMs: 0, diagnostics: [] }, cache, excluded, maxDepth, started + timeLimit);
  const out = search.out;
  for (const entry of entries) {
    const { base, match } = searchRoot(root, entry);
    const real = safeRealpath(base);
    if (!real) {
      out.diagnostics.push({ severity: 'warning', file: base, message: `[build] dirs names '${entry}', which does not exist`, fix: 'correct [build] dirs in .fw-context/config.ini' });
      continue;
    }
    search.walk(real, base, 0, match);
  }
  if (search.deepest) {
    out.diagnostics.push({
      severity: 'info',
      file: search.deepest,
      message: `the build search stops ${maxDepth} folders deep; folders below ${path.relative(root, search.deepest) || '.'} (and others as deep) were not searched`,
      fix: 'if a build lives deeper, name its folder in [build] dirs in .fw-context/config.ini (for example `dirs = ., path/to/build`)',
    });
  }
  if (search.timedOut) {
    out.diagnostics.push({
      severity: 'warning',
      file: root,
      message: `the build search stopped after ${timeLimit} ms with ${out.foldersSearched} folders searched; builds in folders not reached are missing`,
      fix: 'list the folders that hold builds in [build] dirs, or add large non-build folders to [index] exclude_paths, in .fw-context/config.ini',
    });
  } else cache.save();
  out.dirs.sort((a, b) => (a.shownAs < b.shownAs ? -1 : a.shownAs > b.shownAs ? 1 : 0));
  out.elapsedMs = performance.now() - started;
  return out;
}

/** One search for build folders: the folders visited, the deepest one left unsearched, and whether time ran out. */
class BuildDirSearch {
  private readonly visited = new Set<string>();
  deepest: string | undefined;
  timedOut = false;

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
    } catch {
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

/** The discovered folders holding `marker`. */
export function dirsWith(d: Discovery, marker: (typeof BUILD_MARKERS)[number]): DiscoveredDir[] {
  return d.dirs.filter((x) => x.markers.includes(marker));
}

/** The search detectBuilds ran for all adapters, or a fresh one when an adapter runs alone. */
export function discoveryFor(projectRoot: string, options: { discovery?: Discovery; excludePaths?: string[]; search?: DiscoveryOptions }): Discovery {
  return options.discovery ?? discoverBuildDirs(projectRoot, { ...options.search, excludePaths: options.excludePaths });
}
