// The implicit macros a patch's macro tables fall back to (unitBuiltins of every unit of the build) kept beside the
// index in `.fw-context/build-builtins/`, one checksummed V8-serialized file per build, keyed by the build's
// fingerprint (its units' command lines and the state of the compilers they run, which decide them) and by the code
// that works them out (size and mtime of its modules: moduleStamps): a patch takes them from
// there instead of reading every unit's command line again (mbed CE's 255 units: ~40 ms in a short run).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MacroDef } from '../preprocessor/macro-definition.js';
import { moduleStamps } from '../model/module-stamps.js';
import { sha1 } from '../model/sha1.js';
import { buildStatePath, pruneBuildStateFiles, readChecksummedValue, writeChecksummedValue, type BuildName } from './build-state-files.js';

const FORMAT = 1;
const FOLDER = 'build-builtins';
const EXT = 'v8';

/** The modules whose code decides a build's implicit macros, from this module's folder. */
const DECIDING_MODULES = [
  'kept-builtins.js', 'builtin-macros.js', '../model/compile-args.js', '../model/compiler-binary.js', '../preprocessor/unit-environment.js', '../preprocessor/implicit-macros.js',
  '../preprocessor/implicit-macro-tables-arm.js', '../preprocessor/implicit-macro-tables-host.js', '../preprocessor/parsed-defines.js', '../preprocessor/macro-definition.js', '../preprocessor/tokens.js',
];
function codeStamp(): string {
  return sha1(moduleStamps(path.dirname(fileURLToPath(import.meta.url)), DECIDING_MODULES));
}

interface BuiltinsFile {
  format: number;
  key: string;
  defines: MacroDef[];
}

/** Deletes the files of builds the index no longer holds (see pruneBuildStateFiles). */
export function pruneKeptBuiltins(root: string, builds: BuildName[]): void {
  pruneBuildStateFiles(root, FOLDER, builds, EXT);
}

/**
 * The build's implicit macros: kept ones when kept for this fingerprint and code, else `make()` (then kept;
 * a failure to keep them only costs the next patch making them again). `made`: they were made now.
 */
export function keptBuiltins(root: string, build: BuildName, fingerprint: string, make: () => Map<string, MacroDef>): { builtins: Map<string, MacroDef>; made: boolean } {
  const file = buildStatePath(root, FOLDER, build, EXT);
  const data = readChecksummedValue(file) as BuiltinsFile | undefined;
  if (data && data.format === FORMAT && data.key === builtinsKey(fingerprint) && Array.isArray(data.defines)) {
    return { builtins: new Map(data.defines.map((d) => [d.name, MacroDef.revive(d)])), made: false };
  }
  const builtins = make();
  keepBuiltins(root, build, fingerprint, builtins);
  return { builtins, made: true };
}

const builtinsKey = (fingerprint: string): string => sha1(`${fingerprint}\0${codeStamp()}`);

/**
 * Keeps the build's implicit macros for its fingerprint (those a full index worked out from the same units: the
 * first patch after it does not make them again). A failure only costs the next patch making them.
 */
export function keepBuiltins(root: string, build: BuildName, fingerprint: string, builtins: ReadonlyMap<string, MacroDef>): void {
  writeChecksummedValue(buildStatePath(root, FOLDER, build, EXT), { format: FORMAT, key: builtinsKey(fingerprint), defines: [...builtins.values()] } satisfies BuiltinsFile);
}
