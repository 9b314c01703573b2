// Macro groups kept beside the index in `.fw-context/macro-groups/`, one checksummed V8-serialized file per group,
// named by its hash (content-addressed: builds reaching the same #defines share it, as they share its rows), so that
// a patch takes a build's macros from there instead of reading every macro row (mbed CE's 28 000: ~100 ms), and a
// run patching many builds reads each group once (Pico's 39 builds hold 6 700 groups, 376 distinct). Records are kept
// as the index gives them back (storedMacroRecord). A missing or cut file only misses (its rows are read then); a
// group with more records than MAX_KEPT_RECORDS (a vendor device header's) is not kept: its file would cost more than the read.
// A group's hash names its file, content and reached sites, not the code that read its records: the index reuses its
// rows by that hash for as long as it stands (the versions of its rows decide that), and the files are copies of those
// rows, so they are stamped with the index's versions, not with the code: a new row format rebuilds the index, whose
// records for a hash may then differ from an older file's, which is not read then.
import fs from 'node:fs';
import path from 'node:path';
import type { MacroRecord } from '../preprocessor/api.js';
import { storedMacroRecord, type IndexWriter, type MacroGroup } from '../index/index-writer.js';
import { ROW_FORMAT_VERSION, SCHEMA_VERSION } from '../index/schema-versions.js';
import { sha1 } from '../model/sha1.js';
import { STATE_DIR } from '../project/config.js';
import { pruneFolder, readChecksummedValue, writeChecksummedValue, type BuildName } from './build-state-files.js';
import { loadPack, MAX_PACKS, packThere, savePack } from './macro-group-packs.js';

const FORMAT = 2;
const FOLDER = 'macro-groups';
/** Where builds kept their groups before (one file per build, repeating shared groups): removed with the unused group files. */
const FORMER_FOLDER = 'build-macros';
const EXT = 'v8';
/** Past this many records a group is read from the index each patch (a kept file would be as large as its rows). */
export const MAX_KEPT_RECORDS = 200_000;
/**
 * Records of the groups a run holds for its later builds (~0.2 KB each) past which they go (see KeptMacroGroups): a
 * PlatformIO env's boards add ~80 KB of their own. Tests lower it.
 */
export const maxKnownRecords = { count: 100_000 };

/** One group, its records as columns: [hash, file, names, params, values, function-like flags (0/1), lines, expanded values, docstrings ('' none), files (null: all the group's)]. */
type KeptGroup = [string, string, string[], (string | null)[], string[], number[], number[], (string | null)[], string[], string[] | null];

/** The versions of the index whose rows the files copy. */
const ROWS = `${SCHEMA_VERSION}/${ROW_FORMAT_VERSION}`;

interface GroupFile {
  format: number;
  /** The index's versions when the group was kept (ROWS): an index of other versions was made again from scratch. */
  rows: string;
  group: KeptGroup;
}

/** What a build's groups are named by: the hashes of the groups it holds (in any order). */
export function groupsStamp(hashes: Iterable<string>): string {
  return sha1([...hashes].sort().join('\n'));
}

/** The group folder of the root asked last: a patch reads ~90 group files, and two path.join a file were ~30 µs cold. */
let lastFolder: { root: string; folder: string } | undefined;
const groupFolder = (root: string): string => (lastFolder?.root === root ? lastFolder : (lastFolder = { root, folder: path.join(root, STATE_DIR, FOLDER) })).folder;
/** A hash names no folder: the folder and its file name joined as path.join joins them. */
const groupPath = (root: string, hash: string): string => `${groupFolder(root)}${path.sep}${hash}.${EXT}`;

function keptGroup(g: MacroGroup): KeptGroup {
  const r = g.records;
  const files = r.some((m) => m.file !== g.file) ? r.map((m) => m.file) : null;
  return [
    g.hash, g.file, r.map((m) => m.name), r.map((m) => m.params ?? null), r.map((m) => m.value), r.map((m) => (m.functionLike ? 1 : 0)),
    r.map((m) => m.line), r.map((m) => m.expandedValue ?? null), r.map((m) => m.docstring ?? ''), files,
  ];
}

function groupOf(k: KeptGroup): MacroGroup {
  const [hash, file, names, params, values, functionLike, lines, expanded, docstrings, files] = k;
  const records: MacroRecord[] = new Array(names.length);
  for (let i = 0; i < names.length; i++) {
    records[i] = storedMacroRecord({ name: names[i], params: params[i], value: values[i], functionLike: functionLike[i] === 1, file: files ? files[i] : file, line: lines[i], expandedValue: expanded[i], docstring: docstrings[i] });
  }
  return { hash, file, records };
}

/** The group kept under `hash` when its file is whole, of this format and the index's versions, and holds that group; else undefined. */
export function loadMacroGroup(root: string, hash: string): MacroGroup | undefined {
  const data = readChecksummedValue(groupPath(root, hash)) as GroupFile | undefined;
  if (!data || data.format !== FORMAT || data.rows !== ROWS || !Array.isArray(data.group) || data.group[0] !== hash) return undefined;
  return groupOf(data.group);
}

/**
 * The macro groups of one run: each read once (from memory, else its file, else its rows) and each kept in a file
 * once. Builds of the run share what they hold in common.
 */
export class KeptMacroGroups {
  private readonly known = new Map<string, MacroGroup>();
  /** Records of the groups `known` holds. */
  private knownRecords = 0;
  /** Hashes whose file is known to be whole (read or written in this run). */
  private readonly onDisk = new Set<string>();
  /** Hashes whose file was missing or not whole when read: written again (over what is there) when kept. */
  private readonly unreadable = new Set<string>();
  /** Group files read and written in this run. */
  readonly files = { read: 0, written: 0 };
  /** Packs read and written in this run (macro-group-packs.ts). */
  readonly packs = { read: 0, written: 0 };
  /** Stamps whose pack this run read or wrote (or found there). */
  private readonly packStamps = new Set<string>();
  /** Stamps whose pack this run did not find whole: written again (over what is there) when kept. */
  private readonly packMissed = new Set<string>();

  /** Whether the folder was there when the run first kept a group (files written since are in `onDisk`). */
  private folderThere?: boolean;

  /**
   * `patches`: whether a build of the run may be patched (the index held builds as it started). A first index patches
   * none, and nothing reads the groups it keeps (~2.4 MB held through Meshtastic's native envs' walks): only written.
   */
  constructor(
    private readonly root: string,
    private readonly patches = true,
  ) {}

  /** Whether a group's file is there: none is when the folder was not (a first index keeps ~90 a build, one stat each). */
  private fileThere(file: string): boolean {
    this.folderThere ??= fs.existsSync(groupFolder(this.root));
    return this.folderThere && fs.existsSync(file);
  }

  /**
   * The build's stored groups in the index's order, each from this run's memory, else the build's pack, else its file,
   * else its rows (`rowsRead`: macro rows read so); `stamp` names the groups the index holds for the build.
   */
  stored(build: BuildName, writer: IndexWriter): { groups: MacroGroup[]; stamp: string; rowsRead: number } {
    const hashes = writer.buildMacroGroupHashes(build.variant, build.image);
    const stamp = groupsStamp(hashes);
    let rowsRead = 0;
    let pack: Map<string, KeptGroup> | undefined | null = null;
    const packed = (hash: string): MacroGroup | undefined => {
      if (pack === null) {
        pack = loadPack<KeptGroup>(this.root, stamp, ROWS);
        if (pack) {
          this.packs.read++;
          this.packStamps.add(stamp);
        }
        else this.packMissed.add(stamp);
      }
      const k = pack?.get(hash);
      return k ? groupOf(k) : undefined;
    };
    const groups = hashes.map((hash) => {
      let g = this.known.get(hash);
      if (g) return g;
      // A pack is written after the group files of its groups, which stay while the index holds the groups.
      g = packed(hash) ?? loadMacroGroup(this.root, hash);
      if (g) {
        this.onDisk.add(hash);
        if (!pack?.has(hash)) this.files.read++;
      }
      else {
        this.unreadable.add(hash);
        g = writer.macroGroupByHash(hash);
        rowsRead += g.records.length;
      }
      this.remember(g);
      return g;
    });
    return { groups, stamp, rowsRead };
  }

  /**
   * Holds a group for the run's later builds; past maxKnownRecords the groups held go first (a build that names one
   * reads its file): the builds of a project of many boards share few groups, and each keeps its own.
   */
  private remember(group: MacroGroup): void {
    if (this.knownRecords + group.records.length > maxKnownRecords.count) {
      this.known.clear();
      this.knownRecords = 0;
    }
    this.known.set(group.hash, group);
    this.knownRecords += group.records.length;
  }

  /** Groups and their records held (for tests). */
  get held(): { groups: number; records: number } {
    return { groups: this.known.size, records: this.knownRecords };
  }

  /**
   * Keeps the groups of `known` that the build's row names and that have no file yet, records as the index gives
   * them back, then the build's pack when it has none (see macro-group-packs.ts). A failure only costs the next patch
   * a read of the files or rows.
   */
  keep(build: BuildName, known: Iterable<MacroGroup>, writer: IndexWriter): void {
    const hashes = writer.buildMacroGroupHashes(build.variant, build.image);
    const held = new Set(hashes);
    const byHash = new Map<string, MacroGroup>();
    for (const g of known) {
      if (!held.has(g.hash)) continue;
      byHash.set(g.hash, g);
      if (this.onDisk.has(g.hash)) continue;
      this.onDisk.add(g.hash);
      if (g.records.length > MAX_KEPT_RECORDS) continue;
      const file = groupPath(this.root, g.hash);
      if (!this.unreadable.has(g.hash) && this.fileThere(file)) continue;
      const kept = keptGroup(g);
      if (this.patches) this.remember(groupOf(kept));
      if (writeChecksummedValue(file, { format: FORMAT, rows: ROWS, group: kept } satisfies GroupFile)) this.files.written++;
    }
    this.keepPack(groupsStamp(hashes), hashes, byHash);
  }

  /** Writes the pack of `stamp` (the groups of `hashes`, all in `byHash`) unless this run read or wrote it, or it is there. */
  private keepPack(stamp: string, hashes: string[], byHash: Map<string, MacroGroup>): void {
    if (this.packStamps.has(stamp) || this.packs.written >= MAX_PACKS || hashes.some((h) => !byHash.has(h))) return;
    this.packStamps.add(stamp);
    if (!this.packMissed.has(stamp) && packThere(this.root, stamp)) return;
    const kept = hashes.map((h) => byHash.get(h)!).filter((g) => g.records.length <= MAX_KEPT_RECORDS).map(keptGroup);
    if (savePack(this.root, stamp, ROWS, kept)) this.packs.written++;
  }
}

/**
 * The former layout's folder, file by file when it is there: its files are one per build, no subfolders (not rmSync's
 * recursive removal, whose module an index run would load on every run; see fast-start.test.ts).
 */
function removeFormerFolder(root: string): void {
  const dir = path.join(root, STATE_DIR, FORMER_FOLDER);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) fs.unlinkSync(path.join(dir, name));
  fs.rmdirSync(dir);
}

/**
 * Deletes the group files of groups the index no longer holds (`held`: the hashes of those it does), temporary files
 * a killed run left, and the per-build files of the former layout; returns how many went. Runs under the index lock.
 */
export function pruneMacroGroups(root: string, held: ReadonlySet<string>): number {
  removeFormerFolder(root);
  return pruneFolder(groupFolder(root), (name) => name.endsWith(`.${EXT}`) && held.has(name.slice(0, -EXT.length - 1)));
}
