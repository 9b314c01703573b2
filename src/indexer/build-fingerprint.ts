// The fingerprint of a build description: one hash over what the adapter says about the build (units,
// arguments, defines, board) and the state of the non-source files it names. Sources are checked apart.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { BuildDescription } from '../../adapters/contract.js';

/** The non-source files a build description names: compile database, linker scripts, map file, Kconfig output. */
export function describedFiles(build: BuildDescription): string[] {
  return [build.compileCommands, ...build.linkerScripts, build.mapFile, build.kconfig?.dotConfig, build.kconfig?.autoconfH].filter((f): f is string => !!f);
}

/** Everything a build description says, plus the state of the files it names that are not sources. */
export function buildFingerprint(build: BuildDescription): string {
  const fileState = (f: string | undefined) => {
    if (!f) return null;
    try {
      const st = fs.statSync(f);
      return [f, st.size, st.mtimeMs];
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
  });
  return createHash('sha1').update(text).digest('hex');
}
