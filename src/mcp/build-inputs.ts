// A build's inputs that are neither indexed files nor record inputs: its compile database and the file its link
// command was read from (build.ninja's link edge, a link.txt). The keeper watches them and refreshes a build when
// one changed as status sees it; a file is read at most once per size and mtime it takes, none while it is as indexed.
import fs from 'node:fs';
import type { BuildRow } from '../index/index-reader.js';
import { linkSourceChanged } from '../indexer/link-source.js';
import { absolutePath } from '../indexer/vendor-paths.js';
import { sha1 } from '../model/sha1.js';

/** Absolute paths of a build's compile database and link source (what to watch besides its files). */
export function buildInputFiles(root: string, build: BuildRow): string[] {
  const source = build.recordInputs?.linkSource;
  return [...(build.compileCommands ? [build.compileCommands] : []), ...(source ? [absolutePath(root, source.path)] : [])];
}

/** Compares a build's compile database and link source with the index, remembering each verdict for the file's size and mtime. */
export class BuildInputsCheck {
  /** By file and what the index recorded of it: the size and mtime last compared and the verdict. */
  private readonly seen = new Map<string, { stat: string; changed: boolean }>();

  /** The build's compile database (other bytes; gone is for `index --build`) and link source (another link edge) changed since indexing, absolute. */
  changed(root: string, build: BuildRow): string[] {
    const out: string[] = [];
    const db = build.compileCommands;
    const hash = build.compileCommandsHash;
    if (db && hash && this.once(db, hash, (st) => !!st && st.mtimeMs !== build.compileCommandsMtimeMs && sha1(fs.readFileSync(db)) !== hash)) out.push(db);
    const source = build.recordInputs?.linkSource;
    if (source) {
      const file = absolutePath(root, source.path);
      if (this.once(file, JSON.stringify(source), () => linkSourceChanged(root, source))) out.push(file);
    }
    return out;
  }

  /** `compare` for the file as it stands, unless it was compared in this size and mtime against the same record. */
  private once(file: string, recorded: string, compare: (st: fs.Stats | undefined) => boolean): boolean {
    const st = fs.statSync(file, { throwIfNoEntry: false });
    const stat = st ? `${st.size}:${st.mtimeMs}` : 'gone';
    const key = `${file}\0${recorded}`;
    const seen = this.seen.get(key);
    if (seen?.stat === stat) return seen.changed;
    let changed: boolean;
    try {
      changed = compare(st);
    } catch {
      changed = false; // unreadable now: status reports it; nothing to refresh from
    }
    this.seen.set(key, { stat, changed });
    return changed;
  }

  /** Forget the verdicts (the index was written: what it records moved on). */
  clear(): void {
    this.seen.clear();
  }
}
