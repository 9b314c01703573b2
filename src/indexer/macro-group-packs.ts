// A build's macro groups packed into one file, `.fw-context/macro-group-packs/<stamp>.v8` (stamp: groupsStamp of the
// hashes the build holds), beside the one file per group (build-macros-file.ts) that stays the shared store: a patch
// of a build whose groups are unchanged reads one file instead of one per group (the bench's build: 89 files, ~4 ms).
// Packs copy groups, so at most MAX_PACKS are kept, the most recently written: the builds an edit loop patches.
// Not kept: groups past MAX_KEPT_RECORDS (read from their rows, as without a pack). A cut or stale pack only misses.
import fs from 'node:fs';
import path from 'node:path';
import { STATE_DIR } from '../project/config.js';
import { pruneFolder, readChecksummedValue, writeChecksummedValue } from './build-state-files.js';

const FORMAT = 1;
const FOLDER = 'macro-group-packs';
const EXT = 'v8';
/** Packs kept: each copies a whole build's groups (a PlatformIO env's ~100-300 KB), so only an edit loop's few builds have one. */
export const MAX_PACKS = 4;

interface PackFile<G> {
  format: number;
  /** The index's versions the groups copy (build-macros-file.ts ROWS). */
  rows: string;
  stamp: string;
  groups: G[];
}

const packFolder = (root: string): string => path.join(root, STATE_DIR, FOLDER);
const packPath = (root: string, stamp: string): string => `${packFolder(root)}${path.sep}${stamp}.${EXT}`;

/** The groups the pack of `stamp` holds (each kept group's first column is its hash), when it is whole and of `rows`; else undefined. */
export function loadPack<G extends readonly unknown[]>(root: string, stamp: string, rows: string): Map<string, G> | undefined {
  const data = readChecksummedValue(packPath(root, stamp)) as PackFile<G> | undefined;
  if (!data || data.format !== FORMAT || data.rows !== rows || data.stamp !== stamp || !Array.isArray(data.groups)) return undefined;
  return new Map(data.groups.map((g) => [g[0] as string, g]));
}

/** Keeps `groups` (kept groups, hash first) as the pack of `stamp`; false when it could not be written. */
export function savePack<G extends readonly unknown[]>(root: string, stamp: string, rows: string, groups: G[]): boolean {
  return writeChecksummedValue(packPath(root, stamp), { format: FORMAT, rows, stamp, groups } satisfies PackFile<G>);
}

/** Whether the pack of `stamp` is there (whole or not). */
export const packThere = (root: string, stamp: string): boolean => fs.existsSync(packPath(root, stamp));

/**
 * Deletes temporary files a killed run left and, past MAX_PACKS packs, the least recently written; returns how many
 * went. Runs under the index lock.
 */
export function prunePacks(root: string): number {
  const dir = packFolder(root);
  const isPack = (name: string) => name.endsWith(`.${EXT}`);
  let pruned = pruneFolder(dir, isPack);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter(isPack);
  } catch {
    return pruned;
  }
  if (names.length <= MAX_PACKS) return pruned;
  const byAge = names.map((name) => ({ name, at: mtimeOf(path.join(dir, name)) })).sort((a, b) => b.at - a.at);
  for (const { name } of byAge.slice(MAX_PACKS)) {
    try {
      fs.unlinkSync(path.join(dir, name));
      pruned++;
    } catch {
      /* gone already: it is only a cache */
    }
  }
  return pruned;
}

function mtimeOf(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
