// The macro names each unit result's walk looked up (see TrackedEnv.readNames), kept beside the index in
// `.fw-context/unit-reads/`: one checksummed file per build, keyed by each result's content hash (a walk is a
// function of what that hash covers), so a stale or foreign file can only miss. A header edit that changes only
// #defines carries over the units whose walk read none of the names it changed; a unit whose names are not
// known is walked (worker threads send their walks' names with the rows).
import fs from 'node:fs';
import path from 'node:path';
import { sha1 } from '../model/sha1.js';
import { STATE_DIR } from '../project/config.js';

const FORMAT = 1;

interface ReadsFile {
  format: number;
  /** Distinct names. */
  names: string[];
  /** Result hash → indexes into `names`. */
  results: Record<string, number[]>;
}

const readsDir = (root: string): string => path.join(root, STATE_DIR, 'unit-reads');
const readsName = (variant: string, image: string): string => `${sha1(`${variant}\0${image}`).slice(0, 20)}.json`;
const readsPath = (root: string, variant: string, image: string): string => path.join(readsDir(root), readsName(variant, image));

/** Deletes the files of builds the index no longer holds, and temporary files a killed run left (under the index lock). */
export function pruneUnitReads(root: string, builds: { variant: string; image: string }[]): void {
  let names: string[];
  try {
    names = fs.readdirSync(readsDir(root));
  } catch {
    return;
  }
  const keep = new Set(builds.map((b) => readsName(b.variant, b.image)));
  for (const name of names) {
    if (keep.has(name)) continue;
    try {
      fs.unlinkSync(path.join(readsDir(root), name));
    } catch {
      /* gone already, or a read-only folder: it is only a cache */
    }
  }
}

/** The file's data when it is whole (it starts with the sha1 of the JSON that follows), else an empty one. */
function readFile(file: string): ReadsFile {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const body = text.slice(41);
    if (text.charCodeAt(40) === 10 && sha1(body) === text.slice(0, 40)) {
      const data = JSON.parse(body) as ReadsFile;
      if (data.format === FORMAT && Array.isArray(data.names) && typeof data.results === 'object' && data.results !== null) return data;
    }
  } catch {
    /* missing or unreadable: every result misses */
  }
  return { format: FORMAT, names: [], results: {} };
}

function writeFile(file: string, data: ReadsFile): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    const body = JSON.stringify(data);
    fs.writeFileSync(tmp, `${sha1(body)}\n${body}`);
    fs.renameSync(tmp, file);
  } catch {
    /* read-only state folder: the next header edit walks the units */
  }
}

/** The names no result uses any more dropped, the results' indexes renumbered (plain integers, no name looked up). */
function compact(data: ReadsFile): ReadsFile {
  const used = new Int32Array(data.names.length).fill(-1);
  const lists = Object.values(data.results);
  for (const list of lists) for (const i of list) used[i] = 0;
  const names: string[] = [];
  used.forEach((u, i) => {
    if (u === 0) used[i] = names.push(data.names[i]) - 1;
  });
  if (names.length === data.names.length) return data;
  const results: Record<string, number[]> = {};
  for (const [hash, list] of Object.entries(data.results)) results[hash] = list.map((i) => used[i]);
  return { format: FORMAT, names, results };
}

/**
 * The names of the run's walks by result hash, and of earlier runs' by build (read once per build; a result's
 * names are made strings only when asked for, and a kept result is written again as the indexes it was read as).
 */
export class UnitReads {
  private walked = new Map<string, string[]>();
  private stored = new Map<string, ReadsFile>();

  constructor(private readonly root: string) {}

  /** A result walked (or carried over) in this run, with the names its walk looked up. */
  note(hash: string, names: string[] | undefined): void {
    if (names) this.walked.set(hash, names);
  }

  private storedOf(variant: string, image: string): ReadsFile {
    const k = `${variant}\0${image}`;
    let data = this.stored.get(k);
    if (!data) this.stored.set(k, (data = readFile(readsPath(this.root, variant, image))));
    return data;
  }

  /** The names the walk of a result the build links looked up, or undefined when they are not known. */
  of(variant: string, image: string, hash: string): string[] | undefined {
    const walked = this.walked.get(hash);
    if (walked) return walked;
    const data = this.storedOf(variant, image);
    return Object.hasOwn(data.results, hash) ? data.results[hash].map((i) => data.names[i]) : undefined;
  }

  /** Keeps the names of the results the build now links (those known), when they differ from the file's. */
  save(variant: string, image: string, hashes: Iterable<string>): void {
    const before = this.storedOf(variant, image);
    const results: Record<string, number[]> = {};
    const names = before.names.slice();
    let ids: Map<string, number> | undefined;
    let changed = false;
    let count = 0;
    for (const h of hashes) {
      if (Object.hasOwn(results, h)) continue;
      if (Object.hasOwn(before.results, h)) {
        results[h] = before.results[h];
        count++;
        continue;
      }
      const walked = this.walked.get(h);
      if (!walked) continue;
      ids ??= new Map(names.map((n, i) => [n, i]));
      const idOf = (n: string) => {
        let i = ids!.get(n);
        if (i === undefined) ids!.set(n, (i = names.push(n) - 1));
        return i;
      };
      results[h] = walked.map(idOf);
      changed = true;
      count++;
    }
    if (!changed && count === Object.keys(before.results).length) return;
    const data = compact({ format: FORMAT, names, results });
    writeFile(readsPath(this.root, variant, image), data);
    this.stored.set(`${variant}\0${image}`, data);
  }
}
