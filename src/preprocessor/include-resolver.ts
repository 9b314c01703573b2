// GCC's #include search: "..." from the includer's folder then -iquote, then -I, -isystem, system dirs,
// -idirafter (duplicates removed as GCC does); #include_next continues after the dir a file was found in.
// Leaves out framework dirs, -iprefix/-iwithprefix and header maps.
import path from 'node:path';
import { absentLookupName } from '../model/absent-lookups.js';

/** Where a file was found: index in the search chain, or INCLUDER_DIR / NO_SEARCH_PATH. */
export const INCLUDER_DIR = -1;
export const NO_SEARCH_PATH = -2;

export interface SearchChain {
  /** quote dirs + bracket dirs, in search order. */
  dirs: string[];
  /** Index of the first bracket (`<...>`) dir. */
  bracketStart: number;
  key: string;
}

export function buildSearchChain(opts: {
  quoteDirs: string[];
  includeDirs: string[];
  systemDirs: string[];
  compilerSystemDirs: string[];
  afterDirs: string[];
}): SearchChain {
  const system = dedupe([...opts.systemDirs, ...opts.compilerSystemDirs].map(norm));
  const sysSet = new Set(system);
  const bracket = dedupe(opts.includeDirs.map(norm)).filter((d) => !sysSet.has(d));
  const after = dedupe(opts.afterDirs.map(norm)).filter((d) => !sysSet.has(d));
  const bracketAll = dedupe([...bracket, ...system, ...after]);
  const bracketSet = new Set(bracketAll);
  const quote = dedupe(opts.quoteDirs.map(norm)).filter((d) => !bracketSet.has(d));
  const dirs = [...quote, ...bracketAll];
  const long = `${quote.length}|${dirs.join('\0')}`;
  let id = chainIds.get(long);
  if (id === undefined) chainIds.set(long, (id = chainIds.size));
  return { dirs, bracketStart: quote.length, key: String(id) };
}

/** Include dirs normalized, by their text as written: a build's units name the same few dozen (bounded: cleared when full). */
const normalizedDirs = new Map<string, string>();
const MAX_NORMALIZED_DIRS = 10_000;

function norm(d: string): string {
  let n = normalizedDirs.get(d);
  if (n === undefined) {
    if (normalizedDirs.size >= MAX_NORMALIZED_DIRS) normalizedDirs.clear();
    normalizedDirs.set(d, (n = path.normalize(d).replace(/[\\/]+$/, '') || '/'));
  }
  return n;
}

/** Short ids for search chains (many units share one). */
const chainIds = new Map<string, number>();

function dedupe(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((d) => (seen.has(d) ? false : (seen.add(d), true)));
}

export interface ResolvedInclude {
  file: string;
  dirIndex: number;
}

export class IncludeResolver {
  private cache = new Map<string, ResolvedInclude | null>();
  private includerCache = new Map<string, string | null>();
  private absentNames = new Map<string, string>();
  constructor(private exists: (file: string) => boolean) {}

  /**
   * Resolve `name`. `includerDir` is the including file's folder (for "..."); `fromDir` is the includer's own
   * dirIndex when this is #include_next.
   */
  resolve(chain: SearchChain, name: string, angled: boolean, includerDir: string, next: boolean, fromDir: number): ResolvedInclude | undefined {
    if (path.isAbsolute(name)) return this.exists(name) ? { file: path.normalize(name), dirIndex: NO_SEARCH_PATH } : undefined;
    let start: number;
    let tryIncluder = false;
    if (next && fromDir !== NO_SEARCH_PATH) start = fromDir === INCLUDER_DIR ? 0 : fromDir + 1;
    else if (angled) start = chain.bracketStart;
    else {
      start = 0;
      tryIncluder = true;
    }
    if (tryIncluder) {
      const k = `${includerDir}\u0002${name}`;
      let f = this.includerCache.get(k);
      if (f === undefined) {
        const cand = path.join(includerDir, name);
        f = this.exists(cand) ? cand : null;
        this.includerCache.set(k, f);
      }
      if (f) return { file: f, dirIndex: INCLUDER_DIR };
    }
    const key = `${chain.key}\u0001${start}\u0001${name}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit ?? undefined;
    let found: ResolvedInclude | null = null;
    for (let i = start; i < chain.dirs.length; i++) {
      const f = path.join(chain.dirs[i], name);
      if (this.exists(f)) {
        found = { file: f, dirIndex: i };
        break;
      }
    }
    this.cache.set(key, found);
    return found ?? undefined;
  }

  /**
   * The name standing for a lookup `resolve` answered with no file (see absent-lookups.ts): the header's name and the
   * folders it searched, in order. Made once per chain, start and name (every unit of a build misses alike).
   */
  absentName(chain: SearchChain, name: string, angled: boolean, includerDir: string, next: boolean, fromDir: number): string {
    if (path.isAbsolute(name)) return absentLookupName(path.basename(name), [path.dirname(path.normalize(name))]);
    const start = next && fromDir !== NO_SEARCH_PATH ? (fromDir === INCLUDER_DIR ? 0 : fromDir + 1) : angled ? chain.bracketStart : 0;
    const fromIncluder = !angled && !(next && fromDir !== NO_SEARCH_PATH);
    const key = `${chain.key}\u0001${start}\u0001${fromIncluder ? includerDir : ''}\u0001${name}`;
    let made = this.absentNames.get(key);
    if (made === undefined) {
      if (this.absentNames.size >= MAX_ABSENT_NAMES) this.absentNames.clear();
      this.absentNames.set(key, (made = absentLookupName(name, [...(fromIncluder ? [includerDir] : []), ...chain.dirs.slice(start)])));
    }
    return made;
  }
}

/** Lookups' names kept by an IncludeResolver, past which they are made again. */
const MAX_ABSENT_NAMES = 10_000;
