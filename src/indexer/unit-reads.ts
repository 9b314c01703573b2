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

/** The file's results when it is whole (it starts with the sha1 of the JSON that follows), by hash. */
function readFile(file: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  try {
    const text = fs.readFileSync(file, 'utf8');
    const body = text.slice(41);
    if (text.charCodeAt(40) !== 10 || sha1(body) !== text.slice(0, 40)) return out;
    const data = JSON.parse(body) as ReadsFile;
    if (data.format !== FORMAT || !Array.isArray(data.names) || typeof data.results !== 'object' || data.results === null) return out;
    for (const [hash, ids] of Object.entries(data.results)) out.set(hash, ids.map((i) => data.names[i]));
  } catch {
    /* missing or unreadable: every result misses */
  }
  return out;
}

function writeFile(file: string, results: Map<string, string[]>): void {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const data: ReadsFile = { format: FORMAT, names, results: {} };
  for (const [hash, list] of results) {
    data.results[hash] = list.map((n) => {
      let i = ids.get(n);
      if (i === undefined) ids.set(n, (i = names.push(n) - 1));
      return i;
    });
  }
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

/** The names of the run's walks by result hash, and of earlier runs' by build, read once per build. */
export class UnitReads {
  private walked = new Map<string, string[]>();
  private stored = new Map<string, Map<string, string[]>>();

  constructor(private readonly root: string) {}

  /** A result walked (or carried over) in this run, with the names its walk looked up. */
  note(hash: string, names: string[] | undefined): void {
    if (names) this.walked.set(hash, names);
  }

  private storedOf(variant: string, image: string): Map<string, string[]> {
    const k = `${variant}\0${image}`;
    let m = this.stored.get(k);
    if (!m) this.stored.set(k, (m = readFile(readsPath(this.root, variant, image))));
    return m;
  }

  /** The names the walk of a result the build links looked up, or undefined when they are not known. */
  of(variant: string, image: string, hash: string): string[] | undefined {
    return this.walked.get(hash) ?? this.storedOf(variant, image).get(hash);
  }

  /** Keeps the names of the results the build now links (those known), when they differ from the file's. */
  save(variant: string, image: string, hashes: Iterable<string>): void {
    const before = this.storedOf(variant, image);
    const now = new Map<string, string[]>();
    for (const h of hashes) {
      const names = this.of(variant, image, h);
      if (names) now.set(h, names);
    }
    if (now.size === before.size && [...now.keys()].every((h) => before.has(h))) return;
    writeFile(readsPath(this.root, variant, image), now);
    this.stored.set(`${variant}\0${image}`, now);
  }
}
