// The fingerprint of a build description: one hash over what the adapter says about the build (units,
// arguments, defines, board, the units its image links), the state of its compile database and of the compiler
// binaries its units run (their implicit macros and include dirs come from them): what decides what the units
// compile. Sources are checked apart (per unit), and so are the files only the build's record is read from —
// linker scripts, map file, Kconfig output (record-inputs.ts): a relink changes no unit. Which map file and
// linker scripts the build names, its link command and how its link was determined are the record's too
// (record-description.ts): a map or linker script that appears, or a changed -Map/--defsym/-T, changes no unit
// either, unless the units the image links change. The units weigh most (Pico's 13 images of a folder share one
// list of 703 units, ~1.7 MB written out): they enter as one digest per list, made once (see unitsDigest).
import fs from 'node:fs';
import path from 'node:path';
import type { BuildDescription, CompileUnit } from '../../adapters/contract.js';
import { compilerIdentity, stripWrapper } from '../model/compiler-binary.js';
import { sha1 } from '../model/sha1.js';
import { unitObject } from '../../adapters/shared/linked-units.js';
import { linkedUnitTest } from './record-description.js';

/**
 * The compiler binaries a build's units run (a wrapper such as ccache stripped), each as path, size and mtime
 * (or the name alone when it is not installed): a replaced or upgraded compiler changes the fingerprint.
 */
export function compilerStates(build: BuildDescription): string[] {
  const seen = new Map<string, string>();
  for (const [key, compiler, directory] of compilersOf(build.units)) seen.set(key, (compilerIdentity(compiler, directory) ?? compiler).replace(/\0/g, ' '));
  return [...seen.values()].sort();
}

/** The distinct compilers of a unit list (key, as named, the folder it resolves from), found once per list. */
const unitCompilers = new WeakMap<readonly CompileUnit[], [string, string, string][]>();

function compilersOf(units: readonly CompileUnit[]): [string, string, string][] {
  let found = unitCompilers.get(units);
  if (found) return found;
  const seen = new Map<string, [string, string, string]>();
  for (const u of units) {
    const compiler = stripWrapper(u.arguments)[0];
    if (!compiler) continue;
    // A relative path with a folder resolves from the unit's folder; a bare name from PATH.
    const key = compiler.includes('/') && !path.isAbsolute(compiler) ? path.resolve(u.directory, compiler) : compiler;
    if (!seen.has(key)) seen.set(key, [key, compiler, u.directory]);
  }
  found = [...seen.values()];
  unitCompilers.set(units, found);
  return found;
}

/**
 * The units the image links (source and object), or null when that is every unit: a link not known yet (no map
 * file) and a link found to take every unit compile the same units.
 */
function linkedSet(build: BuildDescription): (string | null)[][] | null {
  const isLinked = linkedUnitTest(build);
  if (!isLinked) return null;
  const linked = build.units.filter(isLinked);
  return linked.length === build.units.length ? null : linked.map((u) => [u.file, unitObject(u) ?? null]);
}

/** Unit lists hashed in this process (tests count the work shared). */
export const fingerprintWork = { unitListsHashed: 0 };

/** Digests of unit lists already made, by the list (images of one compile database share it; lists are not changed once made). */
const unitDigests = new WeakMap<readonly CompileUnit[], string>();

/** sha1 of the units' source, folder and arguments: made once per list (see unitDigests). */
export function unitsDigest(units: readonly CompileUnit[]): string {
  let digest = unitDigests.get(units);
  if (digest === undefined) {
    digest = sha1(JSON.stringify(units.map((u) => [u.file, u.directory, u.arguments])));
    fingerprintWork.unitListsHashed++;
    unitDigests.set(units, digest);
  }
  return digest;
}

/** Everything a build description says, plus the state of its compile database and compilers. */
export function buildFingerprint(build: BuildDescription, assume: { compileCommandsMtimeMs?: number } = {}): string {
  const fileState = (f: string | undefined) => {
    if (!f) return null;
    try {
      const st = fs.statSync(f);
      // `assume`: the fingerprint as it would be had the compile database kept an earlier mtime.
      return [f, st.size, assume.compileCommandsMtimeMs ?? st.mtimeMs];
    } catch {
      return [f, null];
    }
  };
  const text = JSON.stringify({
    units: unitsDigest(build.units),
    linked: linkedSet(build),
    defines: build.defines ?? {},
    board: build.board ?? null,
    description: build.description,
    compileCommands: fileState(build.compileCommands),
    kconfig: [build.kconfig?.dotConfig ?? null, build.kconfig?.autoconfH ?? null],
    compilers: compilerStates(build),
  });
  return sha1(text);
}

/**
 * Is the build described as it was when indexed? 'same': the fingerprint matches. 'same-bytes': only the
 * compile database's mtime moved and its content hash is the recorded one (every CMake configure rewrites it):
 * no change either. null: the description changed.
 */
export function descriptionMatch(
  build: BuildDescription,
  fingerprint: string,
  stored: { fingerprint: string | null; compileCommandsHash: string | null; compileCommandsMtimeMs: number | null } | undefined,
  contentHash: (file: string) => string | null,
): 'same' | 'same-bytes' | null {
  if (!stored?.fingerprint) return null;
  if (stored.fingerprint === fingerprint) return 'same';
  if (!build.compileCommands || stored.compileCommandsMtimeMs === null || !stored.compileCommandsHash) return null;
  if (buildFingerprint(build, { compileCommandsMtimeMs: stored.compileCommandsMtimeMs }) !== stored.fingerprint) return null;
  return contentHash(build.compileCommands) === stored.compileCommandsHash ? 'same-bytes' : null;
}
