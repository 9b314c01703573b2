// The files a build's record is read from besides its units — linker scripts (with what they INCLUDE or
// #include, and the paths probed for them), the map file (or where the build would write one), .config/autoconf.h
// — each with size, mtime and a hash of its text; one recorded absent that exists now is a change too. They decide memory, entry point, linker-script symbols and the Kconfig summary, not what a unit
// compiles, so a relink that rewrites them refreshes those without re-indexing a unit (see refresh-build-record.ts).
import fs from 'node:fs';
import type { RecordInput, RecordInputs } from '../index/index-reader.js';
import { sha1 } from '../model/sha1.js';
import { RACY_MS, UNTRUSTED_MTIME } from './file-states.js';
import { absolutePath, storedPath } from './vendor-paths.js';

/** How the files a record was read from stand now. */
export type RecordInputsState =
  | { state: 'same' }
  /** Only mtimes moved (touched, rewritten with the same bytes): the record holds; `files` carries the new mtimes. */
  | { state: 'same-bytes'; files: RecordInput[] }
  | { state: 'changed'; changed: RelinkedFile[] };

/**
 * A file's stored path, size and mtime as a record keeps them (size null: absent). A file read within RACY_MS of
 * its mtime gets an mtime that matches nothing, so it is read again next time.
 */
export function recordedStat(root: string, file: string): { path: string; size: number | null; mtimeMs: number } {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  if (!st) return { path: storedPath(root, file), size: null, mtimeMs: 0 };
  const trusted = Date.now() - st.mtimeMs > RACY_MS;
  return { path: storedPath(root, file), size: st.size, mtimeMs: trusted ? st.mtimeMs : UNTRUSTED_MTIME };
}

/** A record input as it stands now, with the hash of the text read from it. */
function stateOf(root: string, file: string, text: string | undefined): RecordInput {
  const stat = recordedStat(root, file);
  return { ...stat, hash: stat.size === null || text === undefined ? null : sha1(text) };
}

/** Collects the files read while a record is made (each once, in reading order). */
export class RecordReads {
  private seen = new Map<string, string | undefined>();
  /** Files recorded absent whatever the disk holds now: what a build description saw (a map file it names none of). */
  private absent = new Set<string>();

  constructor(private root: string) {}

  /** Notes a file read elsewhere (text undefined: it does not exist or was not read). */
  note(file: string, text: string | undefined): void {
    if (!this.seen.has(file)) this.seen.set(file, text);
  }

  /** Reads a whole file as text (undefined when it cannot be read), noting it. */
  read(file: string): string | undefined {
    if (this.seen.has(file)) return this.seen.get(file);
    let text: string | undefined;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      text = undefined;
    }
    this.note(file, text);
    return text;
  }

  /** Notes a file the build description found absent (recorded so even when it appeared since: the record was not read from it). */
  noteAbsent(file: string): void {
    if (this.seen.has(file)) return;
    this.seen.set(file, undefined);
    this.absent.add(file);
  }

  inputs(): RecordInput[] {
    return [...this.seen].map(([file, text]) =>
      this.absent.has(file) ? { path: storedPath(this.root, file), size: null, mtimeMs: 0, hash: null } : stateOf(this.root, file, text),
    );
  }
}

/** The recorded files compared with the disk: by size and mtime, and by content when those moved. */
export function compareRecordInputs(root: string, recorded: RecordInput[]): RecordInputsState {
  const changed: RelinkedFile[] = [];
  let moved = false;
  const now = recorded.map((r): RecordInput => {
    const file = absolutePath(root, r.path);
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (!st || r.size === null) {
      if (!!st !== (r.size !== null)) changed.push({ file, how: st ? 'appeared' : 'gone' });
      return r;
    }
    if (st.size === r.size && st.mtimeMs === r.mtimeMs) return r;
    let text: string | undefined;
    try {
      // Another size is other bytes: a relinked map is not read here only to be read again for the record.
      text = r.hash === null || st.size !== r.size ? undefined : fs.readFileSync(file, 'utf8');
    } catch {
      text = undefined;
    }
    if (text === undefined || sha1(text) !== r.hash) {
      changed.push({ file, how: 'changed' });
      return r;
    }
    const again = stateOf(root, file, text);
    moved ||= again.mtimeMs !== r.mtimeMs || again.size !== r.size;
    return again;
  });
  if (changed.length) return { state: 'changed', changed };
  return moved ? { state: 'same-bytes', files: now } : { state: 'same' };
}

/** A file a build's record was read from (or found absent) as it stands now, absolute: changed by content, appeared or gone. */
export interface RelinkedFile {
  file: string;
  how: 'changed' | 'appeared' | 'gone';
}

/** What a record input that appeared is (a map file or linker script where the build writes one) and what is read from it. */
export function appearedNote(file: string): string {
  return /\.map$/i.test(file)
    ? 'the firmware was linked: memory usage and the units the image links are read from its map file'
    : 'a linker script the build looks for there: memory regions, entry point and linker-script symbols are read from it';
}

/** The files a build's record was read from whose content changed since, or that appeared or went (a relink not indexed yet), absolute. */
export function relinkedFiles(root: string, inputs: RecordInputs | null): RelinkedFile[] {
  const now = inputs ? compareRecordInputs(root, inputs.files) : null;
  return now?.state === 'changed' ? now.changed : [];
}
