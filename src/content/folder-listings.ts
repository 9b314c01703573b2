// Folder listings of the project walk kept from one index run to the next: a folder whose mtime, ctime and inode
// are as when it was listed holds the same entries (adding, removing or renaming one changes the folder's mtime
// and ctime), so it is stat'ed instead of listed again. Only the names and kinds are kept: what the walk decides
// from them (ignore rules, scope) is decided again each run, and files are stat'ed as before (an edit changes a
// file, not its folder). A folder listed within RACY_MS of its mtime is listed again next time: an entry changed
// later in the same tick of the clock would leave its mtime as it was (any change after that sets it to now).
import fs from 'node:fs';
import { replaceFile } from '../model/replace-file.js';
import { sha1 } from '../model/sha1.js';

const FORMAT = 1;
/** A folder changed this close to its listing may change again with the same mtime (coarse clock): not kept. */
export const RACY_MS = 2000;

/** An entry of a folder as the walk reads it: its name and whether it is a folder, a regular file or other. */
export interface ListedEntry {
  name: string;
  kind: 'd' | 'f' | 'o';
}

/** [mtimeMs, ctimeMs, inode, names, kinds as one string of d/f/o] */
type KeptFolder = [number, number, number, string[], string];

interface ListingsFile {
  format: number;
  folders: Record<string, KeptFolder>;
}

const kindOf = (e: fs.Dirent): ListedEntry['kind'] => (e.isDirectory() ? 'd' : e.isFile() ? 'f' : 'o');

/** Listings kept in one checksummed file (see build-state-files.ts for the form); a missing, cut or edited file keeps none. */
export class FolderListings {
  private readonly kept: Record<string, KeptFolder>;
  private readonly next: Record<string, KeptFolder> = Object.create(null) as Record<string, KeptFolder>;
  private changed = false;
  /** Folders listed from disk in this walk (the others came from the kept listings). */
  listed = 0;

  constructor(private readonly file: string) {
    this.kept = FolderListings.read(file);
  }

  private static read(file: string): Record<string, KeptFolder> {
    const none = Object.create(null) as Record<string, KeptFolder>;
    try {
      const text = fs.readFileSync(file, 'utf8');
      const body = text.slice(41);
      if (text.charCodeAt(40) !== 10 || sha1(body) !== text.slice(0, 40)) return none;
      const data = JSON.parse(body) as ListingsFile;
      return data.format === FORMAT && typeof data.folders === 'object' && data.folders !== null ? Object.assign(none, data.folders) : none;
    } catch {
      return none;
    }
  }

  /** The entries of folder `rel` (absolute `abs`): kept ones when the folder is unchanged, else listed now; null when it cannot be read. */
  entries(rel: string, abs: string): ListedEntry[] | null {
    let st: fs.Stats;
    try {
      // Stat'ed before it is listed: a change while it is listed leaves a newer mtime than the one kept.
      st = fs.statSync(abs);
    } catch {
      return null;
    }
    const k = this.kept[rel];
    if (k && k[0] === st.mtimeMs && k[1] === st.ctimeMs && k[2] === st.ino) {
      this.next[rel] = k;
      return k[3].map((name, i) => ({ name, kind: k[4][i] as ListedEntry['kind'] }));
    }
    let dirents: fs.Dirent[];
    try {
      dirents = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return null;
    }
    this.listed++;
    const entries = dirents.map((e) => ({ name: e.name, kind: kindOf(e) }));
    this.changed = true;
    if (Date.now() - st.mtimeMs > RACY_MS) this.next[rel] = [st.mtimeMs, st.ctimeMs, st.ino, entries.map((e) => e.name), entries.map((e) => e.kind).join('')];
    return entries;
  }

  /** Keeps the listings of the folders this walk entered (others are dropped); written only when one differs. */
  save(): void {
    if (!this.changed && Object.keys(this.next).length === Object.keys(this.kept).length) return;
    const body = JSON.stringify({ format: FORMAT, folders: this.next } satisfies ListingsFile);
    replaceFile(this.file, `${sha1(body)}\n${body}`);
  }
}

/** Lists a folder from disk (no listings kept). */
export function listFolder(abs: string): ListedEntry[] | null {
  try {
    return fs.readdirSync(abs, { withFileTypes: true }).map((e) => ({ name: e.name, kind: kindOf(e) }));
  } catch {
    return null;
  }
}
