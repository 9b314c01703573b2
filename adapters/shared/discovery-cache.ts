// The build search's memory between runs: per folder (real path) its mtime, the sub-folders to enter, the markers
// and the dangling links it holds, and the search's answer. A folder whose mtime is unchanged, and was already old
// when it was last checked, has the same entries; when every folder searched last time is so, the answer is the
// same and is read back without walking (unchangedSearch). Stored as one text file: a JSON header line with the answer,
// the folders and their mtimes, then one tab-separated line per folder with its entries (split out only for a walk).
// Names hold no `/` nor NUL: markers and dangling links are joined with `/`, sub-folders with NUL.
import fs from 'node:fs';
import path from 'node:path';
import type { DiscoveredDir } from './discover-build-dirs.js';

export interface CachedFolder {
  mtimeMs: number;
  /** Sub-folders to enter; `real` is set when the entry is a symlink (its target's real path). */
  subdirs: { name: string; real?: string }[];
  markers: string[];
  /** Entries that were symlinks to nothing: one that resolves now adds what its folder's mtime does not show. */
  dangling?: string[];
}

/** A complete search's answer, kept for the next search asked the same question over an unchanged tree. */
export interface SavedSearch {
  /** Real paths of the places searched (the `dirs` entries' bases), in order. */
  bases: string[];
  dirs: DiscoveredDir[];
  /** The first folder left unsearched at the depth limit, if any. */
  deepest?: string;
  foldersSearched: number;
}

interface Header {
  version: number;
  /** What the search was asked (places, exclusions, depth): another question starts a new cache. */
  key: string;
  /** When this search started (ms since the epoch): a folder mtime this close to it or later is not trusted. */
  checkedAt: number;
  /** The answer, when the search was complete (every place there, no time limit hit). */
  search?: SavedSearch;
  /** The folders searched (real paths) and the mtime each had when listed or last checked; line i of the body holds folder i's entries. */
  folders: string[];
  mtimes: number[];
  /** Indexes of the folders that held dangling links. */
  withDangling: number[];
}

const VERSION = 4;

/**
 * A folder whose mtime is this close to (or after) the time it was listed may have changed again within the same
 * mtime tick (coarse file-system clocks): it is listed again rather than trusted, until a later search finds it older.
 */
export const RACY_FOLDER_MS = 2000;

/** Tabs, newlines, \u0001 and `%` in names and paths are written %-escaped, so that a folder line splits on tabs. */
function escape(s: string): string {
  return /[%\t\n\r\u0001]/.test(s) ? s.replace(/[%\t\n\r\u0001]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`) : s;
}

function unescape(s: string): string {
  return s.includes('%') ? decodeURIComponent(s) : s;
}

/** A folder's entries as its line: markers, sub-folders (a link's: its name, \u0001, its target's real path), dangling links. */
function folderLine(f: CachedFolder): string {
  const subdirs = f.subdirs.map((s) => (s.real ? `${escape(s.name)}\u0001${escape(s.real)}` : escape(s.name))).join('\u0000');
  return `${f.markers.map(escape).join('/')}\t${subdirs}\t${(f.dangling ?? []).map(escape).join('/')}`;
}

function parseLine(line: string, mtimeMs: number): CachedFolder {
  const [markers, subdirs, dangling] = line.split('\t');
  const list = (s: string | undefined) => (s ? s.split('/').map(unescape) : []);
  const folder: CachedFolder = {
    mtimeMs,
    markers: list(markers),
    subdirs: (subdirs ? subdirs.split('\u0000') : []).map((s) => {
      const link = s.indexOf('\u0001');
      return link < 0 ? { name: unescape(s) } : { name: unescape(s.slice(0, link)), real: unescape(s.slice(link + 1)) };
    }),
  };
  const links = list(dangling);
  if (links.length > 0) folder.dangling = links;
  return folder;
}

/** Whether a dangling link the folder held resolves now. */
function linkResolves(dir: string, dangling: string[] | undefined): boolean {
  return !!dangling && dangling.some((name) => fs.existsSync(path.join(dir, name)));
}

export class DiscoveryCache {
  private header: Header | undefined;
  /** The folder lines of the file, not split yet. */
  private body = '';
  private lines: string[] | undefined;
  private indexOf: Map<string, number> | undefined;
  private readonly next = new Map<string, CachedFolder>();
  private changed = false;
  private readonly startedAt = Date.now();

  constructor(
    private readonly file: string | undefined,
    private readonly key: string,
  ) {
    if (!file) return;
    try {
      const text = fs.readFileSync(file, 'utf8');
      const nl = text.indexOf('\n');
      const header = JSON.parse(nl < 0 ? text : text.slice(0, nl)) as Header;
      if (header.version !== VERSION || header.key !== key || typeof header.checkedAt !== 'number') return;
      if (!Array.isArray(header.folders) || !Array.isArray(header.mtimes) || header.folders.length !== header.mtimes.length || !Array.isArray(header.withDangling)) return;
      this.header = header;
      this.body = nl < 0 ? '' : text.slice(nl + 1);
    } catch {
      /* no cache yet, or unreadable: a cold search */
    }
  }

  /** An mtime the last search can vouch for: the one it listed or checked, and older than that search by RACY_FOLDER_MS. */
  private trusted(recorded: number, now: number): boolean {
    return recorded === now && recorded < this.header!.checkedAt - RACY_FOLDER_MS;
  }

  /** Folder i as kept. */
  private folder(i: number): CachedFolder {
    this.lines ??= this.body.split('\n');
    return parseLine(this.lines[i] ?? '', this.header!.mtimes[i]);
  }

  /**
   * The last search's answer when it searched the same places and each folder it searched is unchanged (one stat
   * each, no listing); undefined otherwise, or when `deadline` (performance.now()) passes first.
   */
  unchangedSearch(bases: string[], deadline: number): SavedSearch | undefined {
    const search = this.header?.search;
    if (!search || search.bases.length !== bases.length || search.bases.some((b, i) => b !== bases[i])) return undefined;
    const { folders, mtimes, checkedAt, withDangling } = this.header!;
    const before = checkedAt - RACY_FOLDER_MS;
    for (let i = 0; i < folders.length; i++) {
      if ((i & 255) === 255 && performance.now() > deadline) return undefined;
      const st = fs.statSync(folders[i], { throwIfNoEntry: false });
      if (st === undefined || st.mtimeMs !== mtimes[i] || !(mtimes[i] < before)) return undefined;
    }
    for (const i of withDangling) if (linkResolves(folders[i], this.folder(i).dangling)) return undefined;
    return search;
  }

  /** The folder as cached, when its mtime is the one cached and was old enough to trust, and no dangling link of it resolves now. */
  get(dir: string, mtimeMs: number): CachedFolder | undefined {
    if (!this.header) return undefined;
    this.indexOf ??= new Map(this.header.folders.map((d, i) => [d, i]));
    const i = this.indexOf.get(dir);
    if (i === undefined || !this.trusted(this.header.mtimes[i], mtimeMs)) return undefined;
    const folder = this.folder(i);
    if (linkResolves(dir, folder.dangling)) return undefined;
    this.next.set(dir, folder);
    return folder;
  }

  set(dir: string, folder: CachedFolder): void {
    this.next.set(dir, folder);
    this.changed = true;
  }

  /**
   * Writes the folders seen in this search (dropping the ones no longer reached) and its answer (`search`, when
   * complete), as checked at this search's start, when anything differs from the file.
   */
  save(search: SavedSearch | undefined): void {
    if (!this.file) return;
    const same = !this.changed && this.next.size === (this.header?.folders.length ?? -1) && JSON.stringify(search) === JSON.stringify(this.header?.search);
    if (same) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      const kept = [...this.next];
      const header: Header = {
        version: VERSION,
        key: this.key,
        checkedAt: this.startedAt,
        ...(search ? { search } : {}),
        folders: kept.map(([dir]) => dir),
        mtimes: kept.map(([, f]) => f.mtimeMs),
        withDangling: kept.flatMap(([, f], i) => (f.dangling ? [i] : [])),
      };
      fs.writeFileSync(tmp, `${JSON.stringify(header)}\n${kept.map(([, f]) => folderLine(f)).join('\n')}\n`);
      fs.renameSync(tmp, this.file);
    } catch {
      /* a read-only project still searches; it only stays cold */
    }
  }
}
