// The fingerprint of a build description: one hash over what the adapter says about the build (units,
// arguments, defines, board), the state of the non-source files it names and of the compiler binaries its
// units run (their implicit macros and include dirs come from them). Sources are checked apart.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BuildDescription } from '../../adapters/contract.js';
import { compilerIdentity, stripWrapper } from '../model/compiler-binary.js';

/** The non-source files a build description names: compile database, linker scripts, map file, Kconfig output. */
export function describedFiles(build: BuildDescription): string[] {
  return [build.compileCommands, ...build.linkerScripts, build.mapFile, build.kconfig?.dotConfig, build.kconfig?.autoconfH].filter((f): f is string => !!f);
}

/**
 * The compiler binaries a build's units run (a wrapper such as ccache stripped), each as path, size and mtime
 * (or the name alone when it is not installed): a replaced or upgraded compiler changes the fingerprint.
 */
export function compilerStates(build: BuildDescription): string[] {
  const seen = new Map<string, string>();
  for (const u of build.units) {
    const compiler = stripWrapper(u.arguments)[0];
    if (!compiler) continue;
    // A relative path with a folder resolves from the unit's folder; a bare name from PATH.
    const key = compiler.includes('/') && !path.isAbsolute(compiler) ? path.resolve(u.directory, compiler) : compiler;
    if (!seen.has(key)) seen.set(key, (compilerIdentity(compiler, u.directory) ?? compiler).replace(/\0/g, ' '));
  }
  return [...seen.values()].sort();
}

/** Everything a build description says, plus the state of the files it names that are not sources. */
export function buildFingerprint(build: BuildDescription, assume: { compileCommandsMtimeMs?: number } = {}): string {
  const fileState = (f: string | undefined) => {
    if (!f) return null;
    try {
      const st = fs.statSync(f);
      // `assume`: the fingerprint as it would be had the compile database kept an earlier mtime.
      return [f, st.size, f === build.compileCommands ? assume.compileCommandsMtimeMs ?? st.mtimeMs : st.mtimeMs];
    } catch {
      return [f, null];
    }
  };
  const text = JSON.stringify({
    units: build.units.map((u) => [u.file, u.directory, u.arguments]),
    linked: build.linkedUnits ?? null,
    defines: build.defines ?? {},
    board: build.board ?? null,
    description: build.description,
    compileCommands: fileState(build.compileCommands),
    scripts: build.linkerScripts.map(fileState),
    link: build.linkArguments ?? [],
    map: fileState(build.mapFile),
    kconfig: [fileState(build.kconfig?.dotConfig), fileState(build.kconfig?.autoconfH)],
    compilers: compilerStates(build),
  });
  return createHash('sha1').update(text).digest('hex');
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
