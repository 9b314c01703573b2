// Files kept beside the index per build (unit-inputs/, unit-reads/, language-sites/, blanked-macros/, table-digests/): one JSON (or
// V8-serialized) file per build in a folder of the state folder, checksummed (it starts with the sha1 of what follows,
// so a cut or edited file is not trusted), written through a temporary file renamed over the old one, and deleted
// with their build. A body of 4 KB or more is stored deflated after a 0 byte (no JSON or V8 serialization starts
// with one); the checksum is of what it holds, so an unchanged file is recognised either way.
import fs from 'node:fs';
import path from 'node:path';
import type V8Module from 'node:v8';
import { replaceFile } from '../model/replace-file.js';
import { requirePackage } from '../model/require-package.js';
import { deflated, inflated } from '../model/raw-deflate.js';
import { sha1 } from '../model/sha1.js';
import { STATE_DIR } from '../project/config.js';

export interface BuildName {
  variant: string;
  image: string;
}

/** node:v8 taken at the first V8-serialized file, as raw-deflate.ts takes node:zlib: `status` reads none (~4 ms to load). */
let v8Module: typeof V8Module | undefined;
const v8 = (): typeof V8Module => (v8Module ??= requirePackage('node:v8') as typeof V8Module);

const folderOf = (root: string, folder: string): string => path.join(root, STATE_DIR, folder);
/** Whether any build keeps a file in `folder` (asked first where hashing the build's name, which loads crypto, would be wasted). */
export const hasBuildStateFolder = (root: string, folder: string): boolean => fs.existsSync(folderOf(root, folder));

const fileName = (b: BuildName, ext = 'json'): string => `${sha1(`${b.variant}\0${b.image}`).slice(0, 20)}.${ext}`;

/** Where a build's file of `folder` is kept (`ext`: its extension). */
export function buildStatePath(root: string, folder: string, build: BuildName, ext = 'json'): string {
  return path.join(folderOf(root, folder), fileName(build, ext));
}

/** Bodies from this many bytes are stored deflated. */
const DEFLATE_FROM = 4 * 1024;
/** The byte a deflated body starts with. */
const DEFLATED = 0;

/** A file's bytes: the checksum line, then the body (deflated when large). */
function fileBytes(sum: string, body: Buffer): Buffer {
  const head = Buffer.from(`${sum}\n`, 'latin1');
  if (body.length < DEFLATE_FROM) return Buffer.concat([head, body]);
  return Buffer.concat([head, Buffer.of(DEFLATED), deflated(body, 1)]);
}

/** The body of a file and the checksum it starts with, when that holds of the body; undefined otherwise. */
function checkedBody(file: string): { body: Buffer; sum: string } | undefined {
  const bytes = fs.readFileSync(file);
  if (bytes.length < 41 || bytes[40] !== 10) return undefined;
  const sum = bytes.toString('latin1', 0, 40);
  const stored = bytes.subarray(41);
  const body = stored[0] === DEFLATED ? inflated(stored.subarray(1)) : stored;
  return sha1(body) === sum ? { body, sum } : undefined;
}

/** The JSON a file holds when its checksum holds; undefined when it is missing, cut or edited. */
export function readChecksummed(file: string): unknown {
  return readChecksummedWithSum(file)?.data;
}

/** Files of this process written, by folder (the run's summary reports what a run wrote; tests count them). */
export const stateFileWrites: Record<string, number> = {};

function counted(file: string, written: boolean): boolean {
  if (written) {
    const folder = path.basename(path.dirname(file));
    stateFileWrites[folder] = (stateFileWrites[folder] ?? 0) + 1;
  }
  return written;
}

/** Writes `data` with its checksum, whole or not at all (see replaceFile); false when it could not. */
export function writeChecksummed(file: string, data: unknown): boolean {
  const body = Buffer.from(JSON.stringify(data), 'utf8');
  return counted(file, replaceFile(file, fileBytes(sha1(body), body)));
}

/** The checksum a file starts with (not checked against what follows); undefined when it has none. */
function checksumAt(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(41);
    if (fs.readSync(fd, head, 0, 41, 0) !== 41 || head[40] !== 10) return undefined;
    return head.toString('latin1', 0, 40);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Writes `data` with its checksum unless the file already starts with that checksum (its content is what it would
 * be: left as it is); answers the checksum, undefined when the file could not be written.
 */
export function keepChecksummed(file: string, data: unknown): string | undefined {
  const body = Buffer.from(JSON.stringify(data), 'utf8');
  const sum = sha1(body);
  if (checksumAt(file) === sum) return sum;
  return counted(file, replaceFile(file, fileBytes(sum, body))) ? sum : undefined;
}

/** The JSON a file holds with its checksum, when the checksum holds; undefined when it is missing, cut or edited. */
export function readChecksummedWithSum(file: string): { data: unknown; sum: string } | undefined {
  try {
    const checked = checkedBody(file);
    return checked && { data: JSON.parse(checked.body.toString('utf8')) as unknown, sum: checked.sum };
  } catch {
    return undefined;
  }
}

/** The V8-serialized value a file holds when its checksum holds; undefined when it is missing, cut or edited. */
export function readChecksummedValue(file: string): unknown {
  try {
    const checked = checkedBody(file);
    return checked && (v8().deserialize(checked.body) as unknown);
  } catch {
    return undefined;
  }
}

/** Writes `data` V8-serialized with its checksum, whole or not at all; false when it could not. */
export function writeChecksummedValue(file: string, data: unknown): boolean {
  const body = v8().serialize(data);
  return counted(file, replaceFile(file, fileBytes(sha1(body), body)));
}

/**
 * Deletes the files of `folder` that belong to no build of `builds`, and temporary files a killed run left;
 * returns how many went. Runs under the index lock (no other run writes the folder) and lists the folder only.
 */
export function pruneBuildStateFiles(root: string, folder: string, builds: BuildName[], ext = 'json'): number {
  const keep = new Set(builds.map((b) => fileName(b, ext)));
  return pruneFolder(folderOf(root, folder), (name) => keep.has(name));
}

/**
 * Deletes the files of the folder `dir` whose name `keep` refuses (a state folder: temporary files a killed run left
 * among them); returns how many went. A folder not there prunes nothing.
 */
export function pruneFolder(dir: string, keep: (name: string) => boolean): number {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0;
  }
  let pruned = 0;
  for (const name of names) {
    if (keep(name)) continue;
    try {
      fs.unlinkSync(path.join(dir, name));
      pruned++;
    } catch {
      /* gone already, or a read-only folder: it is only a cache */
    }
  }
  return pruned;
}
