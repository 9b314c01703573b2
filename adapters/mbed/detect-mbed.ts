// mbed adapter: an Mbed OS project (mbed_app.json(5), .mbed, mbed-os/ or mbed-os.lib) at the root or in a
// direct sub-folder. Existing build folders win (mbed-tools cmake_build/, Mbed CLI 1 BUILD/); without one,
// each target mbed_app.json's target_overrides names (other than `*` and non-board labels) is derived.
import path from 'node:path';
import type { AdapterOptions, AdapterResult, BuildAdapter, BuildDescription, Diagnostic } from '../contract.js';
import { isDir, isExcluded, isFile, listDirs } from '../shared/fs-helpers.js';
import { guarded } from '../shared/guard.js';
import { findJsonEither, readJsonFile } from './read-json-either.js';
import { deriveMbedBuild, type MbedProjectFiles } from './derive-mbed-build.js';
import { readCli1Builds, readCmakeBuilds } from './read-mbed-builds.js';
import type { TargetsDb } from './resolve-target.js';

export function isMbedProject(dir: string): boolean {
  return !!findJsonEither(dir, 'mbed_app') || isFile(path.join(dir, '.mbed')) || isFile(path.join(dir, 'mbed-os.lib')) || isDir(path.join(dir, 'mbed-os'));
}

export function findMbedProjects(projectRoot: string, excluded: string[] = []): string[] {
  const out: string[] = [];
  if (isMbedProject(projectRoot)) out.push(projectRoot);
  for (const d of listDirs(projectRoot)) {
    if (d.startsWith('.') || d === 'node_modules' || d === 'mbed-os') continue;
    const p = path.join(projectRoot, d);
    if (!isExcluded(p, excluded) && isMbedProject(p)) out.push(p);
  }
  return out;
}

/** targets.json(5) of mbed-os (or of the project when it is mbed-os), plus custom_targets.json(5). */
export function loadTargets(projectDir: string, diagnostics: Diagnostic[]): { file?: string; db: TargetsDb } {
  const file = findJsonEither(path.join(projectDir, 'mbed-os', 'targets'), 'targets') ?? findJsonEither(path.join(projectDir, 'targets'), 'targets');
  const db: TargetsDb = {};
  const fix = 'correct the JSON (a build with mbed-tools reports the same error)';
  if (file) Object.assign(db, readJsonFile<TargetsDb>(file, diagnostics, fix) ?? {});
  const custom = findJsonEither(projectDir, 'custom_targets');
  if (custom) Object.assign(db, readJsonFile<TargetsDb>(custom, diagnostics, fix) ?? {});
  return { file: file ?? custom, db };
}

export function describeMbedProject(projectDir: string, projectRoot: string): AdapterResult {
  const diagnostics: Diagnostic[] = [];
  const built: BuildDescription[] = [...readCmakeBuilds(projectDir, projectRoot, diagnostics), ...readCli1Builds(projectDir, projectRoot, diagnostics)];
  if (built.length > 0) return { builds: built, diagnostics };

  const appFile = findJsonEither(projectDir, 'mbed_app');
  const app = appFile ? readJsonFile<Record<string, unknown>>(appFile, diagnostics, 'correct the JSON of mbed_app') : undefined;
  const { file: targetsFile, db } = loadTargets(projectDir, diagnostics);
  if (!targetsFile) {
    diagnostics.push({ severity: 'warning', file: path.join(projectDir, 'mbed-os', 'targets', 'targets.json'), message: 'Mbed OS project without targets.json: cannot derive a build', fix: 'fetch mbed-os (`mbed-tools deploy`), or build once with `mbed-tools compile`' });
    return { builds: [], diagnostics };
  }
  const overrides = app?.target_overrides && typeof app.target_overrides === 'object' ? Object.keys(app.target_overrides as object) : [];
  // Board targets named in target_overrides; keys that are not public targets are label overrides.
  const targets = overrides.filter((k) => k !== '*' && k in db && db[k].public !== false);
  for (const k of overrides) {
    if (k !== '*' && !(k in db)) {
      diagnostics.push({ severity: 'info', file: appFile!, message: `target_overrides key '${k}' is not a target in ${path.basename(targetsFile)}; taken as a label override`, fix: 'correct the name if it was meant to be a board target' });
    }
  }
  if (targets.length === 0) {
    diagnostics.push({
      severity: 'warning',
      file: appFile ?? projectDir,
      message: 'mbed_app names no board target in target_overrides, so no build can be derived',
      fix: 'add an entry for your board, e.g. "target_overrides": { "NUCLEO_F401RE": {} }, or build once with mbed-tools',
    });
  }
  const builds: BuildDescription[] = [];
  const files: MbedProjectFiles = { projectDir, appFile, app, targetsFile, db };
  for (const t of targets) {
    const b = deriveMbedBuild(files, t, projectRoot, diagnostics);
    if (b) builds.push(b);
  }
  return { builds, diagnostics };
}

export const mbedAdapter: BuildAdapter = {
  name: 'mbed',
  detect(projectRoot: string, options: AdapterOptions): AdapterResult {
    const result: AdapterResult = { builds: [], diagnostics: [] };
    for (const dir of findMbedProjects(projectRoot, options.excludePaths)) {
      const r = guarded(dir, 'reading the mbed project', result.diagnostics, () => describeMbedProject(dir, projectRoot));
      if (!r) continue;
      result.builds.push(...r.builds);
      result.diagnostics.push(...r.diagnostics);
    }
    return result;
  },
};
