// mbed adapter: CMake-generated mbed builds wherever the build search found them (mbed CE, mbed-tools), and
// Mbed OS projects (mbed_app.json(5), .mbed, mbed-os/ or mbed-os.lib) at the root or in a direct sub-folder
// with their Mbed CLI 1 BUILD/ folders. Only when the project has no real mbed build is each board target of
// mbed_app's target_overrides derived; [mbed] derive names targets to derive regardless ("derived, not built").
import path from 'node:path';
import type { AdapterOptions, AdapterResult, BuildAdapter, BuildDescription, Diagnostic } from '../contract.js';
import { isDir, isExcluded, isFile, listDirs, realDir, relPath } from '../shared/fs-helpers.js';
import { discoveryFor } from '../shared/discover-build-dirs.js';
import { guarded } from '../shared/guard.js';
import { findJsonEither, readJsonFile } from './read-json-either.js';
import { deriveMbedBuild, type MbedProjectFiles } from './derive-mbed-build.js';
import { isMbedCmakeBuild, readCli1Builds, readMbedCmakeBuild } from './read-mbed-builds.js';
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

/** Which targets to derive from project files: all of target_overrides' boards (`auto`) and/or the named ones. */
export interface MbedDerivePlan {
  auto: boolean;
  targets: string[];
}

/** Builds of one mbed project folder: its Mbed CLI 1 build folders, and the derived builds `plan` asks for. */
export function describeMbedProject(projectDir: string, projectRoot: string, plan: MbedDerivePlan = { auto: true, targets: [] }): AdapterResult {
  const diagnostics: Diagnostic[] = [];
  const built = readCli1Builds(projectDir, projectRoot, diagnostics);
  const auto = plan.auto && built.length === 0;
  if (!auto && plan.targets.length === 0) return { builds: built, diagnostics };

  const appFile = findJsonEither(projectDir, 'mbed_app');
  const app = appFile ? readJsonFile<Record<string, unknown>>(appFile, diagnostics, 'correct the JSON of mbed_app') : undefined;
  const { file: targetsFile, db } = loadTargets(projectDir, diagnostics);
  if (!targetsFile) {
    diagnostics.push({
      severity: 'warning',
      file: projectDir,
      message: `Mbed OS project without targets.json(5) (looked in ${relPath(projectRoot, path.join(projectDir, 'mbed-os', 'targets'))} and ${relPath(projectRoot, path.join(projectDir, 'targets'))}): cannot derive a build`,
      fix: 'fetch mbed-os (`mbed-tools deploy`, or the mbed-os submodule for mbed CE), or build once (`cmake -B build -DMBED_TARGET=<board>` / `mbed-tools compile`)',
    });
    return { builds: built, diagnostics };
  }
  const overrides = app?.target_overrides && typeof app.target_overrides === 'object' ? Object.keys(app.target_overrides as object) : [];
  // Board targets named in target_overrides; keys that are not public targets are label overrides.
  const targets = auto ? overrides.filter((k) => k !== '*' && k in db && db[k].public !== false) : [];
  if (auto) {
    for (const k of overrides) {
      if (k !== '*' && !(k in db)) {
        diagnostics.push({ severity: 'info', file: appFile!, message: `target_overrides key '${k}' is not a target in ${path.basename(targetsFile)}; taken as a label override`, fix: 'correct the name if it was meant to be a board target' });
      }
    }
  }
  for (const t of plan.targets) {
    if (t in db) targets.push(t);
    else diagnostics.push({ severity: 'warning', file: targetsFile, message: `[mbed] derive names '${t}', which is not a target in ${path.basename(targetsFile)}`, fix: 'correct [mbed] derive in .fw-context/config.ini' });
  }
  if (auto && targets.length === 0) {
    diagnostics.push({
      severity: 'warning',
      file: appFile ?? projectDir,
      message: 'mbed_app names no board target in target_overrides, so no build can be derived',
      fix: 'add an entry for your board, e.g. "target_overrides": { "NUCLEO_F401RE": {} }, or build once with mbed-tools',
    });
  }
  const builds: BuildDescription[] = [...built];
  const files: MbedProjectFiles = { projectDir, appFile, app, targetsFile, db };
  for (const t of [...new Set(targets)]) {
    if (builds.some((b) => b.variant === t)) continue;
    const b = deriveMbedBuild(files, t, projectRoot, diagnostics);
    if (b) builds.push(b);
  }
  return { builds, diagnostics };
}

export const mbedAdapter: BuildAdapter = {
  name: 'mbed',
  detect(projectRoot: string, options: AdapterOptions): AdapterResult {
    const result: AdapterResult = { builds: [], diagnostics: [] };
    const discovery = discoveryFor(projectRoot, options);
    for (const found of discovery.dirs.filter(isMbedCmakeBuild)) {
      const b = guarded(found.dir, 'reading the mbed build folder', result.diagnostics, () => readMbedCmakeBuild(found, projectRoot, result.diagnostics));
      if (b) result.builds.push(b);
    }
    // A build folder (CMake binary dir, with its own mbed-os/ sub-folder) is not a project.
    const buildDirs = new Set(discovery.dirs.filter((d) => d.markers.includes('CMakeCache.txt')).map((d) => d.dir));
    const projects = findMbedProjects(projectRoot, options.excludePaths).filter((d) => !buildDirs.has(realDir(d)));
    const named = options.derive?.mbed ?? [];
    const perProject = projects.map((dir) => ({ dir, r: guarded(dir, 'reading the mbed project', result.diagnostics, () => describeMbedProject(dir, projectRoot, { auto: result.builds.length === 0, targets: named })) }));
    const realElsewhere = result.builds.length > 0;
    for (const { dir, r } of perProject) {
      if (!r) continue;
      result.builds.push(...r.builds);
      result.diagnostics.push(...r.diagnostics);
      if (realElsewhere && named.length === 0) {
        result.diagnostics.push({
          severity: 'info',
          file: findJsonEither(dir, 'mbed_app') ?? dir,
          message: 'the project has real mbed builds, so no build is derived from mbed_app target_overrides',
          fix: 'to index a target nobody built as well, name it in [mbed] derive in .fw-context/config.ini (its build is marked "derived, not built")',
        });
      }
    }
    return result;
  },
};
