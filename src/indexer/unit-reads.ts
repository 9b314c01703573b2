// The macro names each unit result's walk looked up (see TrackedEnv.readNames), kept beside the index in
// `.fw-context/unit-reads/`: one checksummed file per build of the names and their distinct sets, and a small one in
// `unit-reads-results/` of which set each result's walk read, keyed by the result's content hash (a walk is a
// function of what that hash covers), so a stale or foreign file can only miss; an edit that only replaces results
// (a body edit: its unit's walk reads the set it read) writes the small file only. A header edit that changes only
// #defines carries over the units whose walk read none of the names it changed; a unit whose names are not
// known is walked (worker threads send their walks' names with the rows). The names are the walking code's, not
// the result's (the hash covers what the walk made, not what it looked up): the files are stamped with that code, and
// names of other code are not reused (a unit whose walk now reads a name the older one did not would be carried over
// an edit of it).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { joinedReadNames, listedReadNames, readNameList, type ReadNames, type WalkReadNames } from '../preprocessor/tracked-env.js';
import { moduleCodeStamp } from '../model/module-stamps.js';
import { ownStrings } from '../model/own-strings.js';
import { walkedNameIds } from './walked-name-ids.js';
import { buildStatePath, keepChecksummed, pruneBuildStateFiles, readChecksummed, readChecksummedWithSum, writeChecksummed, type BuildName } from './build-state-files.js';

const FORMAT = 4;

/**
 * The preprocessor modules whose code decides which names a unit's walk looks up (the walk, the replays of kept header
 * walks, the carry-over that hands a result's names to the next), and this module's (what they import to run is
 * listed too, or is known to decide nothing of it: see the kept-code-modules test).
 */
export const READS_MODULES = [
  'unit-result.js', 'unit-walker.js', 'tracked-env.js', 'env-layer.js', 'header-walk-cache.js', 'shared-file-reads.js', 'undef-marks.js',
  'undone-names.js', 'state-contents.js', 'walk-undone-states.js', 'sorted-lists.js', 'shared-undone-states.js', 'carried-result.js', 'moved-diagnostics.js', 'directive-alignment.js', 'opened-ranges.js', 'opened-stretch-state.js',
  'undef-edits.js', 'if-expression.js', 'macro-expander.js', 'hide-sets.js', 'condition-values.js', 'macro-definition.js', 'tokens.js', 'file-skeleton.js', 'scan-source.js',
  'include-resolver.js', '../model/absent-lookups.js', 'run-absent-probe.js', 'compiler-features.js', 'gcc12-builtin-names.js', 'counter-uses.js', 'code-scan.js', 'names-above-include.js', 'fixed-values.js', 'tested-pairs.js', '../model/api-wrapper.js', '../indexer/unit-reads.js',
];

/** What names the code that decides a walk's names (once per run): names kept by other code are not reused. */
function readsCode(): string {
  return moduleCodeStamp(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'preprocessor'), READS_MODULES);
}

interface ReadsFile {
  format: number;
  /** Distinct names. */
  names: string[];
  /**
   * Distinct sets of names, each a bitmap over `names` (bit i of byte i >> 3: name i; trailing zero bytes left
   * out) in base64: the units of a build mostly read one and the same set, and their sets of ~13 000 names
   * differ a little (mbed CE: 188 sets, 13 MB as lists of numbers, under 1 MB as bitmaps).
   */
  lists: string[];
  /** Result hash → index into `lists`. */
  results: Record<string, number>;
}

/** The bitmap of a set of name indexes (bit i of byte i >> 3: index i), without trailing zero bytes. */
function bitmapBytes(indexes: Iterable<number>): Buffer {
  let max = -1;
  for (const i of indexes) if (i > max) max = i;
  const bytes = Buffer.alloc(max < 0 ? 0 : (max >> 3) + 1);
  for (const i of indexes) bytes[i >> 3] |= 1 << (i & 7);
  return bytes;
}

/** The bitmap (base64, trailing zero bytes left out) of a set of name indexes. */
export function namesBitmap(indexes: Iterable<number>): string {
  return bitmapBytes(indexes).toString('base64');
}

/** The name indexes a bitmap (base64, or its bytes) holds, ascending. */
export function bitmapIndexes(bitmap: string | Uint8Array): number[] {
  const bytes = typeof bitmap === 'string' ? Buffer.from(bitmap, 'base64') : bitmap;
  const out: number[] = [];
  for (let b = 0; b < bytes.length; b++) {
    const byte = bytes[b];
    if (byte === 0) continue;
    for (let k = 0; k < 8; k++) if (byte & (1 << k)) out.push((b << 3) | k);
  }
  return out;
}

const EMPTY: ReadsFile = { format: FORMAT, names: [], lists: [], results: {} };

const FOLDER = 'unit-reads';
const RESULTS = 'unit-reads-results';
const readsPath = (root: string, folder: string, variant: string, image: string): string => buildStatePath(root, folder, { variant, image });

/** The file of a build's results: which list each result's walk read, in the names' file whose checksum is `sets`. */
interface ResultsFile {
  format: number;
  /** The stamp of the code that decided the names (see readsCode). */
  code: string;
  sets: string;
  results: Record<string, number>;
}

/** Deletes the files of builds the index no longer holds (see pruneBuildStateFiles). */
export function pruneUnitReads(root: string, builds: { variant: string; image: string }[]): void {
  pruneBuildStateFiles(root, FOLDER, builds);
  pruneBuildStateFiles(root, RESULTS, builds);
}

/**
 * The build's files' data when both are whole, of this format and code and of one another, else an empty one (every
 * result misses).
 */
function readFiles(root: string, variant: string, image: string): ReadsFile {
  const kept = readChecksummed(readsPath(root, RESULTS, variant, image)) as ResultsFile | undefined;
  if (!kept || kept.format !== FORMAT || kept.code !== readsCode() || typeof kept.results !== 'object' || kept.results === null) return EMPTY;
  const sets = readChecksummedWithSum(readsPath(root, FOLDER, variant, image));
  const data = sets?.data as Omit<ReadsFile, 'results'> | undefined;
  if (!data || sets!.sum !== kept.sets || data.format !== FORMAT || !Array.isArray(data.names) || !Array.isArray(data.lists) || !data.lists.every((l) => typeof l === 'string')) return EMPTY;
  return { format: FORMAT, names: data.names, lists: data.lists, results: kept.results };
}

/** The lists no result names and the names no list holds dropped, the indexes renumbered (`data` when none is). */
function compact(data: ReadsFile): ReadsFile {
  const listAt = new Int32Array(data.lists.length).fill(-1);
  for (const l of Object.values(data.results)) listAt[l] = 0;
  // The names the kept lists hold: their bitmaps or-ed together (no list decoded when nothing is dropped).
  const used = new Uint8Array((data.names.length >> 3) + 1);
  const kept: string[] = [];
  data.lists.forEach((bitmap, l) => {
    if (listAt[l] < 0) return;
    listAt[l] = kept.push(bitmap) - 1;
    const bytes = Buffer.from(bitmap, 'base64');
    for (let b = 0; b < bytes.length; b++) used[b] |= bytes[b];
  });
  const nameAt = new Int32Array(data.names.length).fill(-1);
  const names: string[] = [];
  for (let i = 0; i < data.names.length; i++) if (used[i >> 3] & (1 << (i & 7))) nameAt[i] = names.push(data.names[i]) - 1;
  if (kept.length === data.lists.length && names.length === data.names.length) return data;
  const results: Record<string, number> = {};
  for (const [hash, l] of Object.entries(data.results)) results[hash] = listAt[l];
  const lists = names.length === data.names.length ? kept : kept.map((bitmap) => namesBitmap(bitmapIndexes(bitmap).map((i) => nameAt[i])));
  return { format: FORMAT, names, lists, results };
}

/** A list of a saved build's file (see UnitReads.savedNames): its bitmap over that file's names. */
interface SavedList {
  names: readonly string[];
  bitmap: string;
}

/** The names of a walk as the run holds them (a string or a set's bitmap: `from`), or a saved file's list. */
type NamesEntry = { readonly from: ReadNames | Buffer; names(): readonly string[]; set?: WalkedSet; saved?: undefined } | { saved: SavedList };

/** A walk's names held as a set's bitmap over the run's table of walked names. */
interface WalkedSet {
  table: readonly string[];
  bitmap: Buffer;
}

/**
 * Adds sets of names to a file's data, each set once. A file with no names yet takes the names of the first saved
 * build's file it is given a list of: that file's lists are then added as they are, not decoded and encoded again
 * (a build whose units' results a build before it saved: ~150 ms of a 64-unit AVR env). Another saved file's list is
 * renumbered bit by bit onto the data's names, not decoded to a string of names first.
 */
class ListEncoder {
  private idsMade?: Map<string, number>;
  private byKey: Map<string, number>;
  /** The names of the saved file whose lists are added as they are. */
  private adopted?: readonly string[];
  /** Lists of other saved files renumbered, by the file's names and the list's bitmap. */
  private renumbered = new Map<readonly string[], Map<string, number>>();
  /**
   * Per table of names that bitmaps are over (a saved file's, the run's walked names), each name's index in the data's
   * names, -1 until looked up: a set's names are looked up once per table, not once per set (a build's ~300 sets of
   * ~6 000 names mostly the same).
   */
  private idsByTable = new Map<readonly string[], Int32Array>();

  constructor(private readonly data: ReadsFile) {
    this.byKey = new Map(data.lists.map((bitmap, l) => [bitmap, l]));
  }

  private get ids(): Map<string, number> {
    return (this.idsMade ??= new Map(this.data.names.map((n, i) => [n, i])));
  }

  /** Lists made, by what they were made from (carried-over units share their walk's string or list). */
  private made = new Map<ReadNames | Buffer, number>();

  /** The index of the list of the names the entry holds (added when new). */
  add(entry: NamesEntry): number {
    if (entry.saved !== undefined) return this.adopts(entry.saved.names) ? this.listIndex(entry.saved.bitmap) : this.renumber(entry.saved);
    const from = entry.from;
    const made = this.made.get(from);
    if (made !== undefined) return made;
    const ids = entry.set !== undefined ? this.idsOver(entry.set.table, entry.set.bitmap) : entry.names().map((n) => this.idOf(n));
    const l = this.listIndex(namesBitmap(ids));
    this.made.set(from, l);
    return l;
  }

  /** The index of a list of another saved file's: its names in its order (as decoded), added when new. */
  private renumber(saved: SavedList): number {
    let lists = this.renumbered.get(saved.names);
    if (lists === undefined) this.renumbered.set(saved.names, (lists = new Map()));
    let l = lists.get(saved.bitmap);
    if (l === undefined) lists.set(saved.bitmap, (l = this.listIndex(namesBitmap(this.idsOver(saved.names, saved.bitmap)))));
    return l;
  }

  /** The data's indexes of the names a bitmap over `table` holds, in the bitmap's order (new names added in that order). */
  private idsOver(table: readonly string[], bitmap: string | Uint8Array): number[] {
    let at = this.idsByTable.get(table);
    if (at === undefined || at.length < table.length) {
      const grown = new Int32Array(table.length).fill(-1);
      if (at !== undefined) grown.set(at);
      this.idsByTable.set(table, (at = grown));
    }
    const ids = bitmapIndexes(bitmap);
    for (let k = 0; k < ids.length; k++) {
      const i = ids[k];
      let id = at[i];
      if (id < 0) at[i] = id = this.idOf(table[i]);
      ids[k] = id;
    }
    return ids;
  }

  /** The index of a name in the data's names (added when new). */
  private idOf(name: string): number {
    let i = this.ids.get(name);
    if (i === undefined) this.ids.set(name, (i = this.data.names.push(name) - 1));
    return i;
  }

  /** Whether bitmaps over `names` are bitmaps over the data's names: its names are those, or it had none yet. */
  private adopts(names: readonly string[]): boolean {
    if (this.adopted === names) return true;
    if (this.adopted !== undefined || this.data.names.length > 0) return false;
    this.data.names = names.slice();
    this.idsMade = undefined;
    this.idsByTable.clear();
    this.adopted = names;
    return true;
  }

  private listIndex(bitmap: string): number {
    let l = this.byKey.get(bitmap);
    if (l === undefined) this.byKey.set(bitmap, (l = this.data.lists.push(bitmap) - 1));
    return l;
  }
}

/**
 * Characters of walks' names held as strings past which, once as many walks as `walks` hold them, they are made
 * bitmaps (see WalkedNames): the table of names costs ~100 bytes a name, which only many walks reading mostly the
 * same names repay (one walk of a 24 MB device header reads 450 000 names: its string is cheaper). 1 MB: a host env's
 * 67 walks of ~0.25 MB each held 6.5 MB as strings under 4 MB. Tests lower it.
 */
export const walkedNamesLimit = { chars: 1 << 20, walks: 8 };

/**
 * The names of the run's walks by result hash. Each walk's names come as one string; once the strings held pass
 * walkedNamesLimit they are made bitmaps over one table of names, each distinct set kept once (a 905-unit build:
 * 35 MB of strings, 301 distinct sets of ~1 900 names; mbed CE: 188 sets of ~12 700 names, ~0.6 MB as bitmaps).
 */
class WalkedNames {
  private byHash = new Map<string, ReadNames | Buffer>();
  private chars = 0;
  /** Walks whose names are held as strings. */
  private strings = 0;
  private names: string[] = [];
  private ids = new Map<string, number>();
  /** Each distinct set's bitmap over `names`, by its base64 (a set of 13 000 names: ~1.6 KB). */
  private sets = new Map<string, Buffer>();
  /** Sets made strings again (by get()), so that results sharing a set share the string. */
  private joined = new WeakMap<Buffer, ReadNames>();
  /**
   * The last walk's names made a set at once by `set`, and that set: by the walk's string, or by its list in a WeakMap
   * (held weakly: its names may be slices of a large header's text that is being dropped). Not a WeakRef: its target
   * lives to the end of the job that made it, and a build's walks are one job, so each walk's list lived to the build's
   * end (3 MB by the 210th unit of Meshtastic's `nrf54l15dk`, at its walks' peak).
   */
  private lastMade: { names: ReadNames; set: Buffer } | WeakMap<readonly string[], Buffer> | undefined;

  /** The set the last walk's names were made (see lastMade) when `walkNames` are those names. */
  private lastSet(walkNames: WalkReadNames): Buffer | undefined {
    const made = this.lastMade;
    if (made === undefined) return undefined;
    if (made instanceof WeakMap) return typeof walkNames === 'string' ? undefined : made.get(walkNames);
    return made.names === walkNames ? made.set : undefined;
  }

  set(hash: string, walkNames: WalkReadNames): void {
    // Once the walks' names are sets and none is held as a string, the names of the walk this thread just made are a
    // set at once, from the walk's list (never joined: ~0.5 GB of strings on 20 nRF52 envs; no split, each name's hash
    // taken already), its names found where the walk before had them (walked-name-ids.ts).
    const list = this.strings === 0 && this.names.length > 0 ? listedReadNames(walkNames) : undefined;
    if (list !== undefined) {
      // Units of a build mostly read the same names in turn: the walk's answer is then the same list (see readNameList).
      let set = this.lastSet(walkNames);
      if (set === undefined) {
        const first = this.names.length;
        set = this.setOfIds(walkedNameIds(this.names, list, (n) => this.idOf(n)));
        this.ownNamesFrom(first);
        this.lastMade = typeof walkNames === 'string' ? { names: walkNames, set } : new WeakMap([[walkNames, set]]);
      }
      this.byHash.set(hash, set);
      return;
    }
    const names = joinedReadNames(walkNames);
    this.byHash.set(hash, names);
    this.chars += names.length;
    this.strings++;
    if (this.chars > walkedNamesLimit.chars && this.strings >= walkedNamesLimit.walks) this.compact();
  }

  /** Walks whose names are held. */
  get size(): number {
    return this.byHash.size;
  }

  /** Walks whose names are held as bitmaps (for tests). */
  get asSets(): number {
    let n = 0;
    for (const v of this.byHash.values()) if (typeof v !== 'string') n++;
    return n;
  }

  /** The names a result's walk looked up, as a string (undefined when not noted). */
  get(hash: string): ReadNames | undefined {
    const v = this.byHash.get(hash);
    if (typeof v !== 'object') return v;
    let names = this.joined.get(v);
    if (names === undefined) this.joined.set(v, (names = this.setNames(v).join('\n')));
    return names;
  }

  /** What a result's names are held as (a string or a set's bitmap), with the names it holds; undefined when not noted. */
  entry(hash: string): NamesEntry | undefined {
    const v = this.byHash.get(hash);
    if (v === undefined) return undefined;
    if (typeof v === 'string') return { from: v, names: () => readNameList(v) };
    return { from: v, names: () => this.setNames(v), set: { table: this.names, bitmap: v } };
  }

  private setNames(bitmap: Buffer): string[] {
    return bitmapIndexes(bitmap).map((i) => this.names[i]);
  }

  /** Every name string held made a set's bitmap (each distinct string once, each distinct set kept once). */
  private compact(): void {
    const made = new Map<ReadNames, Buffer>();
    const first = this.names.length;
    for (const [hash, v] of this.byHash) {
      if (typeof v !== 'string') continue;
      let set = made.get(v);
      if (set === undefined) made.set(v, (set = this.setOf(v)));
      this.byHash.set(hash, set);
    }
    this.chars = 0;
    this.strings = 0;
    this.ownNamesFrom(first);
  }

  /** The names from `first` on get strings of their own: as cut by split (or lexed), a long one would keep its walk's string (or file's text) alive. */
  private ownNamesFrom(first: number): void {
    if (first === this.names.length) return;
    const fresh = ownStrings(this.names.slice(first));
    for (let k = 0; k < fresh.length; k++) {
      this.ids.delete(fresh[k]);
      this.ids.set(fresh[k], first + k);
      this.names[first + k] = fresh[k];
    }
  }

  private setOf(names: ReadNames): Buffer {
    return this.setOfList(readNameList(names));
  }

  private setOfList(split: readonly string[]): Buffer {
    const indexes = new Array<number>(split.length);
    for (let k = 0; k < split.length; k++) indexes[k] = this.idOf(split[k]);
    return this.setOfIds(indexes);
  }

  /** The index of a name in the table (added when new). */
  private idOf(n: string): number {
    let i = this.ids.get(n);
    if (i === undefined) this.ids.set(n, (i = this.names.push(n) - 1));
    return i;
  }

  /** The set of the names of these indexes (each distinct set kept once). */
  private setOfIds(indexes: readonly number[]): Buffer {
    const bitmap = bitmapBytes(indexes);
    const key = bitmap.toString('base64');
    const known = this.sets.get(key);
    if (known !== undefined) return known;
    this.sets.set(key, bitmap);
    return bitmap;
  }
}

/**
 * The names of the run's walks by result hash, and of earlier runs' by build (read once per build; a set of
 * names is made a ReadNames once, when first asked for).
 */
export class UnitReads {
  private walked = new WalkedNames();
  private stored = new Map<string, { data: ReadsFile; decoded: Map<number, ReadNames> }>();
  /** Builds saved in this run: the names of the walks they linked are in their files, no longer held. */
  private saved = new Set<string>();
  /** The last saved build's files read for the names of a walk it linked (see savedNames). */
  private lastSaved: { key: string; data: ReadsFile; decoded: Map<number, ReadNames> } | undefined;

  /** `linking`: the builds of the index that link a stored result (by its hash); without it walks' names are held to the run's end. */
  constructor(
    private readonly root: string,
    private readonly linking?: (hash: string) => readonly BuildName[],
  ) {}

  /** Walks whose names are held (for tests). */
  get walksHeld(): number {
    return this.walked.size;
  }

  /** Saved builds whose files are held (for tests). */
  get savedFilesHeld(): number {
    return this.lastSaved === undefined ? 0 : 1;
  }

  /** Builds whose saved names the run holds (for tests). */
  get buildsHeld(): number {
    return this.stored.size;
  }

  /** Walks of the run whose names are held as bitmaps (for tests). */
  get walksAsSets(): number {
    return this.walked.asSets;
  }

  /** A result walked (or carried over) in this run, with the names its walk looked up. */
  note(hash: string, names: WalkReadNames | undefined): void {
    if (names !== undefined) this.walked.set(hash, names);
  }

  private storedOf(variant: string, image: string): { data: ReadsFile; decoded: Map<number, ReadNames> } {
    const k = `${variant}\0${image}`;
    let s = this.stored.get(k);
    if (!s) this.stored.set(k, (s = { data: readFiles(this.root, variant, image), decoded: new Map() }));
    return s;
  }

  /** The names the walk of a result the build links looked up, or undefined when they are not known. */
  of(variant: string, image: string, hash: string): ReadNames | undefined {
    const walked = this.walked.get(hash) ?? this.savedNames(hash);
    if (walked !== undefined) return walked;
    return namesIn(this.storedOf(variant, image), hash);
  }

  /**
   * The names of a walk of this run that a build saved before were read (its result is linked by that build), from
   * that build's files; undefined when none has it.
   */
  private savedNames(hash: string): ReadNames | undefined {
    const found = this.savedList(hash);
    return found === undefined ? undefined : namesIn(found.files, hash);
  }

  /** The files of the build saved before that holds the names of `hash`'s walk (see savedNames), undefined when none does. */
  private savedList(hash: string): { files: NonNullable<UnitReads['lastSaved']>; saved: SavedList } | undefined {
    if (this.saved.size === 0 || this.linking === undefined) return undefined;
    // The file read last first: a build reusing results mostly finds them all in one saved build's file, while the
    // index names the builds linking each in an order of its own (Marlin's reused 963-unit envs: ~11 files read in
    // turn, 962 of 963 sets not adopted and ~300 decoded to strings, ~35 MB of heap for ~2 s, where one file's sets
    // are written as they are).
    const last = this.lastSaved;
    if (last !== undefined && Object.hasOwn(last.data.results, hash)) return { files: last, saved: savedListOf(last.data, hash) };
    for (const build of this.linking(hash)) {
      const key = `${build.variant}\0${build.image}`;
      if (!this.saved.has(key)) continue;
      if (this.lastSaved?.key !== key) {
        readsWork.savedFilesRead++;
        this.lastSaved = { key, data: readFiles(this.root, build.variant, build.image), decoded: new Map() };
      }
      const { data } = this.lastSaved;
      if (Object.hasOwn(data.results, hash)) return { files: this.lastSaved, saved: savedListOf(data, hash) };
    }
    return undefined;
  }

  /**
   * Keeps the names of the results the build now links (those known), when they differ from the file's. The run
   * lets go of the build's data then: it indexes each build once, and held for every build to the run's end it grew
   * with their number (Mbed TLS's 139 images: ~20 MB by the 100th).
   */
  save(variant: string, image: string, hashes: Iterable<string>): void {
    const key = `${variant}\0${image}`;
    const written = this.write(variant, image, hashes);
    // Read for this save (or the build's asks): its sets as strings are ~15 MB for 300 units of a PlatformIO env.
    this.lastSaved = undefined;
    // The names of the build's walks are in its files now: a later build linking one of its results reads them there
    // (see savedNames) instead of the run holding every walk's (~0.5 MB a PlatformIO env).
    if (written && this.linking !== undefined) {
      this.saved.add(key);
      this.walked = new WalkedNames();
    }
  }

  /** Writes the build's files; answers whether they hold the names of every result it links that were known. */
  private write(variant: string, image: string, hashes: Iterable<string>): boolean {
    const before = this.storedOf(variant, image).data;
    this.stored.delete(`${variant}\0${image}`);
    const data: ReadsFile = { format: FORMAT, names: before.names.slice(), lists: before.lists.slice(), results: {} };
    let encoder: ListEncoder | undefined;
    let added = false;
    let kept = 0;
    for (const h of hashes) {
      if (Object.hasOwn(data.results, h)) continue;
      if (Object.hasOwn(before.results, h)) {
        data.results[h] = before.results[h];
        kept++;
        continue;
      }
      const walked = this.walked.entry(h) ?? this.savedEntry(h);
      if (walked === undefined) continue;
      data.results[h] = (encoder ??= new ListEncoder(data)).add(walked);
      added = true;
    }
    if (!added && kept === Object.keys(before.results).length) return true;
    const out = compact(data);
    // The names and their sets written when they changed, the results always (a failure: the next header edit walks the units).
    const sets = keepChecksummed(readsPath(this.root, FOLDER, variant, image), { format: FORMAT, names: out.names, lists: out.lists });
    if (sets === undefined) return false;
    return writeChecksummed(readsPath(this.root, RESULTS, variant, image), { format: FORMAT, code: readsCode(), sets, results: out.results } satisfies ResultsFile);
  }

  /** The list of a walk's names in the file of a build saved before (see savedList), undefined when none has it. */
  private savedEntry(hash: string): NamesEntry | undefined {
    const found = this.savedList(hash);
    return found === undefined ? undefined : { saved: found.saved };
  }
}

/** The list of `hash`'s walk in a saved build's files' data (which holds it). */
function savedListOf(data: ReadsFile, hash: string): SavedList {
  return { names: data.names, bitmap: data.lists[data.results[hash]] };
}

/** Sets of names decoded from a build's files, and saved builds' files read for a walk's names, in this process (tests count the work a save spares). */
export const readsWork = { decoded: 0, savedFilesRead: 0 };

/** The names of `hash`'s walk in a build's files' data (each set decoded once), or undefined. */
function namesIn(files: { data: ReadsFile; decoded: Map<number, ReadNames> }, hash: string): ReadNames | undefined {
  const { data, decoded } = files;
  if (!Object.hasOwn(data.results, hash)) return undefined;
  const l = data.results[hash];
  let names = decoded.get(l);
  if (names === undefined) {
    readsWork.decoded++;
    decoded.set(l, (names = bitmapIndexes(data.lists[l]).map((i) => data.names[i]).join('\n')));
  }
  return names;
}

/** The last set readNameSet made, with the names it was made from. */
let lastSet: { names: ReadNames; set: ReadonlySet<string> } | undefined;

/** `names` as a set (the units carried over in a build mostly share one string: made once for them). */
export function readNameSet(names: ReadNames): ReadonlySet<string> {
  if (lastSet?.names !== names) lastSet = { names, set: new Set(readNameList(names)) };
  return lastSet.set;
}
