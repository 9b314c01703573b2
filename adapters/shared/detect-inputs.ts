// Records what build detection consults — each file read (size, mtime, content hash), each existence or
// kind check, each folder listing (or only its sub-folders, for a caller that reads no other entry), real path and
// environment variable — and checks later whether all of it
// still holds, so an unchanged project is not detected again (detection-cache.ts). Reads go through the
// helpers here (and fs-helpers.ts); recording is on only inside recordDetectInputs.
import fs from 'node:fs';
import { sha1 } from '../../src/model/sha1.js';

/**
 * One consulted input and what it answered:
 * `file` [path, size, mtimeMs, sha1 of the text] (null size: unreadable), `kind` [path, file|dir|other|none],
 * `list` [folder, sha1 of its sorted entries with their kinds, or null when unreadable], `dirs` [folder, sha1 of its
 * sorted sub-folder names, or null when unreadable], `real` [path, real
 * path or null], `env` [name, value or null], `derived` [path, derivation, size, mtimeMs, sha1 of what the
 * derivation takes from the text] (null size: unreadable).
 */
export type DetectInput =
  | ['file', string, number | null, number, string]
  | ['derived', string, Derivation, number | null, number, string]
  | ['kind', string, string]
  | ['list', string, string | null]
  | ['dirs', string, string | null]
  | ['real', string, string | null]
  | ['env', string, string | null];

/**
 * A file whose mtime is this close to (or after) the time it was read may change again within the same
 * mtime tick (coarse file-system clocks): such a record is checked by content, never by size and mtime.
 */
export const RACY_MS = 2000;

/**
 * What detection takes from some files is less than their text: of a map file, the objects the link loaded (for
 * the image's units), not the addresses a relink moves. Such a file holds while that part is the same. A
 * derivation is registered by the module that knows the format (shared/map-derivation.ts), which read-only
 * commands do not load: for them a file whose size or mtime moved does not hold, and detection runs again.
 */
export type Derivation = string;
const derivations = new Map<Derivation, (text: string) => string>();

export function registerDerivation(name: Derivation, derive: (text: string) => string): void {
  derivations.set(name, derive);
}

let log: Map<string, DetectInput> | null = null;

function note(input: DetectInput): void {
  if (log) log.set(`${input[0]}\0${input[1]}`, input);
}

/** Runs `fn` and returns what it consulted through these helpers (nested calls record into the outer one). */
export function recordDetectInputs<T>(fn: () => T): { value: T; inputs: DetectInput[] } {
  if (log) return { value: fn(), inputs: [] };
  log = new Map();
  try {
    const value = fn();
    return { value, inputs: [...log.values()] };
  } finally {
    log = null;
  }
}

function kindOf(p: string): string {
  try {
    // Most paths checked are absent (a board manifest, a map file not built yet): no error made for them.
    const st = fs.statSync(p, { throwIfNoEntry: false });
    return !st ? 'none' : st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
  } catch {
    return 'none';
  }
}

/** 'file', 'dir', 'other' or 'none' (recorded). */
export function pathKind(p: string): string {
  const k = kindOf(p);
  note(['kind', p, k]);
  return k;
}

/** A file's text, or why it cannot be read (recorded with its size, mtime and content hash). */
export function readDetectedFile(p: string): { text: string } | { error: Error } {
  let read: { text: string } | { error: Error };
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(p);
    read = { text: fs.readFileSync(p, 'utf8') };
  } catch (err) {
    read = { error: err as Error };
  }
  if (log) note('text' in read && st ? ['file', p, st.size, st.mtimeMs, sha1(read.text)] : ['file', p, null, 0, '']);
  return read;
}

/** A file's text, or undefined when it cannot be read (recorded). */
export function readDetectedText(p: string): string | undefined {
  const r = readDetectedFile(p);
  return 'text' in r ? r.text : undefined;
}

/** A file's text of which detection uses only what `derivation` takes (recorded as that), or undefined when it cannot be read. */
export function readDerivedText(p: string, derivation: Derivation): string | undefined {
  let st: fs.Stats | undefined;
  let text: string | undefined;
  try {
    st = fs.statSync(p);
    text = fs.readFileSync(p, 'utf8');
  } catch {
    text = undefined;
  }
  const derive = derivations.get(derivation);
  if (!derive) throw new Error(`no derivation ${derivation} registered`);
  if (log) note(text !== undefined && st ? ['derived', p, derivation, st.size, st.mtimeMs, sha1(derive(text))] : ['derived', p, derivation, null, 0, '']);
  return text;
}

function listingDigest(entries: fs.Dirent[]): string {
  return sha1(
    entries
      .map((e) => `${e.name}\0${e.isFile() ? 'f' : e.isDirectory() ? 'd' : e.isSymbolicLink() ? 'l' : 'o'}`)
      .sort()
      .join('\n'),
  );
}

/** A folder's entries, or null when it cannot be listed (not recorded: listEntries and listSubfolders record what they read; check rereads). */
function readEntries(dir: string): fs.Dirent[] | null {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
}

/** A folder's entries, or null when it cannot be listed (recorded). */
export function listEntries(dir: string): fs.Dirent[] | null {
  const entries = readEntries(dir);
  if (log) note(['list', dir, entries ? listingDigest(entries) : null]);
  return entries;
}

function subfolderDigest(entries: fs.Dirent[]): string {
  return sha1(
    entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort()
      .join('\n'),
  );
}

/**
 * A folder's sub-folders (entries that are folders, symlinks not followed), or null when it cannot be listed
 * (recorded as such: a file added beside them changes nothing the caller reads).
 */
export function listSubfolders(dir: string): fs.Dirent[] | null {
  const entries = readEntries(dir);
  if (log) note(['dirs', dir, entries ? subfolderDigest(entries) : null]);
  return entries && entries.filter((e) => e.isDirectory());
}

/** The real path of `p` (symlinks resolved), or undefined when it cannot be resolved (recorded). */
export function realPathOf(p: string): string | undefined {
  let real: string | undefined;
  try {
    real = fs.realpathSync.native(p);
  } catch {
    real = undefined;
  }
  note(['real', p, real ?? null]);
  return real;
}

/** An environment variable (recorded). */
export function envValue(name: string): string | undefined {
  const v = process.env[name];
  note(['env', name, v ?? null]);
  return v;
}

/** process.env as a read-only view that records the variables read through it. */
export function recordedEnv(): Record<string, string | undefined> {
  return new Proxy({} as Record<string, string | undefined>, { get: (_t, name) => (typeof name === 'string' ? envValue(name) : undefined) });
}

/** Whether one recorded input answers the same now: 'same', 'content' (a file whose content had to be compared), or false. */
function check(input: DetectInput, recordedAt: number): 'same' | 'content' | false {
  const same = (b: boolean) => (b ? 'same' : false);
  switch (input[0]) {
    case 'file': {
      const [, p, size, mtimeMs, hash] = input;
      if (size === null) return same(readQuietly(p) === undefined);
      let st: fs.Stats;
      try {
        st = fs.statSync(p);
      } catch {
        return false;
      }
      if (st.size !== size) return false;
      if (st.mtimeMs === mtimeMs && mtimeMs < recordedAt - RACY_MS) return 'same';
      const text = readQuietly(p);
      if (text === undefined || sha1(text) !== hash) return false;
      // Same content: the record takes the file's current mtime (the caller stores it as checked now).
      input[3] = st.mtimeMs;
      return 'content';
    }
    case 'derived': {
      const [, p, derivation, size, mtimeMs, digest] = input;
      if (size === null) return same(readQuietly(p) === undefined);
      const st = fs.statSync(p, { throwIfNoEntry: false });
      if (!st) return false;
      if (st.size === size && st.mtimeMs === mtimeMs && mtimeMs < recordedAt - RACY_MS) return 'same';
      const text = readQuietly(p);
      const derive = derivations.get(derivation);
      if (text === undefined || !derive || sha1(derive(text)) !== digest) return false;
      // Rewritten, what detection takes from it the same (a relink): the record takes the file's size and mtime now.
      input[3] = st.size;
      input[4] = st.mtimeMs;
      return 'content';
    }
    case 'kind':
      return same(kindOf(input[1]) === input[2]);
    case 'list':
    case 'dirs': {
      const entries = readEntries(input[1]);
      const digest = input[0] === 'list' ? listingDigest : subfolderDigest;
      return same((entries ? digest(entries) : null) === input[2]);
    }
    case 'real': {
      let real: string | null;
      try {
        real = fs.realpathSync.native(input[1]);
      } catch {
        real = null;
      }
      return same(real === input[2]);
    }
    case 'env':
      return same((process.env[input[1]] ?? null) === input[2]);
  }
}

function readQuietly(p: string): string | undefined {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Whether every input recorded (or last checked) at `recordedAt` (ms since the epoch) still answers the same,
 * and how many files had to be re-read for it: a file is taken as unchanged by its size and mtime only when
 * that mtime is more than RACY_MS older than the record; otherwise its content is compared (and, when the
 * same, its record takes the current mtime).
 */
export function detectInputsHold(inputs: DetectInput[], recordedAt: number): { holds: boolean; byContent: number } {
  let byContent = 0;
  for (const i of inputs) {
    const r = check(i, recordedAt);
    if (!r) return { holds: false, byContent };
    if (r === 'content') byContent++;
  }
  return { holds: true, byContent };
}

/** detectInputsHold over every input: the ones that no longer answer the same (in order), and how many files were re-read. */
export function changedDetectInputs(inputs: DetectInput[], recordedAt: number): { changed: DetectInput[]; byContent: number } {
  const changed: DetectInput[] = [];
  let byContent = 0;
  for (const i of inputs) {
    const r = check(i, recordedAt);
    if (!r) changed.push(i);
    else if (r === 'content') byContent++;
  }
  return { changed, byContent };
}
