// Where each build's implicit macros (the compiler's built-ins its units agree on) are kept beside the index, and
// a read of one build's set as plain definitions for queries, without the preprocessor's classes (see kept-builtins.ts).
import path from 'node:path';
import { STATE_DIR } from '../project/config.js';
import { buildStatePath, readChecksummed, readChecksummedValue, writeChecksummedValue, type BuildName } from './build-state-files.js';

export const BUILTINS_FORMAT = 2;
/** The per-build files naming a build's set. */
export const BUILTINS_FOLDER = 'build-builtins';
/** The sets, one file each, named by the hash of their content. */
const SETS_FOLDER = 'builtin-sets';
export const SET_EXT = 'v8';

/** A build's file: the key it was kept for (builtinsKey) and the hash of its set. */
export interface BuildBuiltinsFile {
  format: number;
  key: string;
  set: string;
}

export const setFolder = (root: string): string => path.join(root, STATE_DIR, SETS_FOLDER);
export const setPath = (root: string, hash: string): string => path.join(setFolder(root), `${hash}.${SET_EXT}`);

/** The file naming the build's set, when whole and of this format. */
export function readBuildBuiltinsFile(root: string, build: BuildName): BuildBuiltinsFile | undefined {
  const data = readChecksummed(buildStatePath(root, BUILTINS_FOLDER, build)) as BuildBuiltinsFile | undefined;
  return data && data.format === BUILTINS_FORMAT && typeof data.key === 'string' && typeof data.set === 'string' ? data : undefined;
}

/** The stored fields of a definition (a MacroDef as V8 serialized it): the replacement is `rep`, see MacroDef. */
export interface StoredBuiltin {
  name: string;
  rep: string | number | { text: string; replacement: string | number };
  text: string;
}

/** A set's file: the definitions (MacroDef, V8-serialized) and the hash it is named by. */
interface SetFile {
  format: number;
  hash: string;
  defines: unknown[];
}

/** Writes set `hash` (whole or not at all); false when it could not. */
export function writeBuiltinSet(root: string, hash: string, defines: unknown[]): boolean {
  return writeChecksummedValue(setPath(root, hash), { format: BUILTINS_FORMAT, hash, defines } satisfies SetFile);
}

/** The definitions of set `hash` as stored, when its file is whole; undefined otherwise. */
export function readBuiltinSet(root: string, hash: string): StoredBuiltin[] | undefined {
  const data = readChecksummedValue(setPath(root, hash)) as Partial<SetFile> | undefined;
  if (!data || data.format !== BUILTINS_FORMAT || data.hash !== hash || !Array.isArray(data.defines)) return undefined;
  return data.defines as StoredBuiltin[];
}
