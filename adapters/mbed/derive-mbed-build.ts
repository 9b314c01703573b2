// Derives an mbed build for one target when the project has no build folder (target, app `target.*`
// overrides, label-filtered scan, configuration, GCC_ARM defines). Profile: develop. Marked `derived`.
import path from 'node:path';
import type { BuildDescription, CompileUnit, Diagnostic } from '../contract.js';
import { definesFromList } from '../shared/macros.js';
import { readText, relPath } from '../shared/fs-helpers.js';
import { readJsonFile } from './read-json-either.js';
import { resolveMbedConfig, type MbedConfigUnit } from './mbed-config.js';
import { CORE_GCC_FLAGS, CORE_SYMBOLS, resolveTarget, targetLabels, type TargetsDb } from './resolve-target.js';
import { scanMbedProject, type MbedLabels } from './scan-sources.js';

export const TOOLCHAIN_LABELS = ['GCC_ARM', 'GCC'];
/** The develop profile's flags that change what the preprocessor sees, and its define. */
const DEVELOP_C = ['-std=gnu11', '-Os', '-g', '-funsigned-char', '-ffunction-sections', '-fdata-sections', '-fomit-frame-pointer'];
const DEVELOP_CXX = ['-std=gnu++14', '-fno-rtti', '-fno-exceptions', '-Os', '-g', '-funsigned-char', '-ffunction-sections', '-fdata-sections', '-fomit-frame-pointer'];
const DEVELOP_DEFINES = ['MBED_TRAP_ERRORS_ENABLED=1'];

export interface MbedProjectFiles {
  projectDir: string;
  appFile?: string;
  app?: Record<string, unknown>;
  targetsFile: string;
  db: TargetsDb;
}

/** Unit argv for GCC_ARM: compiler, core flags, profile flags, include folders, -c file. */
export function mbedUnits(projectDir: string, sources: string[], includeDirs: string[], coreFlags: string[], extra: { c: string[]; cxx: string[] }): CompileUnit[] {
  const incs = includeDirs.map((d) => `-I${d}`);
  return sources.map((file) => {
    const cxx = !file.endsWith('.c');
    return {
      file,
      directory: projectDir,
      arguments: [cxx ? 'arm-none-eabi-g++' : 'arm-none-eabi-gcc', ...coreFlags, ...(cxx ? extra.cxx : extra.c), ...incs, '-c', file],
    };
  });
}

export function deriveMbedBuild(p: MbedProjectFiles, targetName: string, projectRoot: string, diagnostics: Diagnostic[]): BuildDescription | undefined {
  const t = resolveTarget(p.db, targetName, p.targetsFile, diagnostics, readText(p.targetsFile));
  if (!t) return undefined;
  // `public` is not inherited: a board is public unless it says otherwise.
  if (p.db[targetName].public === false) {
    diagnostics.push({ severity: 'warning', file: p.targetsFile, message: `target '${targetName}' is not public ("public": false); it is a base for boards, not a board`, fix: 'name a board target in mbed_app.json target_overrides' });
  }
  const appUnit: MbedConfigUnit[] = p.app && p.appFile ? [{ name: 'app', kind: 'application', file: p.appFile, json: p.app }] : [];
  // First pass: the app's target.* overrides (features_add...) change which folders the scan enters.
  resolveMbedConfig(p.db, p.targetsFile, t, [...targetLabels(t), 'RELEASE'], appUnit, []);
  const labels: MbedLabels = { TARGET: [...targetLabels(t), 'RELEASE'], FEATURE: t.attrs.features, COMPONENT: t.attrs.components, TOOLCHAIN: TOOLCHAIN_LABELS };
  const scan = scanMbedProject(p.projectDir, labels);
  const libs: MbedConfigUnit[] = [];
  for (const f of scan.libFiles) {
    const json = readJsonFile<Record<string, unknown>>(f, diagnostics, 'correct the JSON of this mbed_lib file');
    if (!json) continue;
    if (typeof json.name !== 'string') {
      diagnostics.push({ severity: 'warning', file: f, message: 'mbed_lib file without a "name"; its configuration is skipped', fix: 'add "name": "<library>"' });
      continue;
    }
    libs.push({ name: json.name, kind: 'library', file: f, json });
  }
  const cfg = resolveMbedConfig(p.db, p.targetsFile, t, labels.TARGET, [...libs, ...appUnit], diagnostics);
  const core = t.core;
  if (!core || !CORE_GCC_FLAGS[core]) {
    diagnostics.push({ severity: 'warning', file: p.targetsFile, message: `target '${targetName}' has ${core ? `an unknown core '${core}'` : 'no core'}; no -mcpu flags or core symbols`, fix: 'set "core" on the target or a parent' });
  }
  const defines: Record<string, string> = {};
  definesFromList(labels.TARGET.map((l) => `TARGET_${l}`), defines);
  definesFromList(TOOLCHAIN_LABELS.map((l) => `TOOLCHAIN_${l}`), defines);
  definesFromList(core ? (CORE_SYMBOLS[core] ?? []) : [], defines);
  definesFromList(['TARGET_LIKE_MBED', '__MBED__=1', ...DEVELOP_DEFINES], defines);
  definesFromList(t.attrs.macros, defines);
  definesFromList(t.attrs.device_has.map((d) => `DEVICE_${d}=1`), defines);
  definesFromList(t.attrs.features.map((d) => `FEATURE_${d}=1`), defines);
  definesFromList(t.attrs.components.map((d) => `COMPONENT_${d}=1`), defines);
  Object.assign(defines, cfg.params);
  definesFromList(cfg.macros, defines);

  let linkerScripts: string[] = [];
  const declared = t.get('linker_script');
  if (typeof declared === 'string') linkerScripts = [path.resolve(path.dirname(p.targetsFile), declared)];
  else if (scan.linkerScripts.length > 0) {
    const sorted = [...scan.linkerScripts].sort((a, b) => b.split(path.sep).length - a.split(path.sep).length);
    linkerScripts = [sorted[0]];
    if (sorted.length > 1) {
      diagnostics.push({ severity: 'warning', file: sorted[0], message: `target '${targetName}': ${sorted.length} GCC_ARM linker scripts match its labels; the most specific is used`, fix: 'add the others to .mbedignore' });
    }
  }
  const coreFlags = core ? (CORE_GCC_FLAGS[core] ?? []) : [];
  return {
    buildSystem: 'mbed',
    variant: targetName,
    image: 'app',
    imageType: 'app',
    defaultImage: true,
    board: targetName,
    description: `Mbed OS target ${targetName} (derived, not built: toolchain GCC_ARM, profile develop, from ${relPath(projectRoot, p.appFile ?? p.projectDir)} and ${relPath(projectRoot, p.targetsFile)}; ${scan.sources.length} units)`,
    buildDir: p.projectDir,
    units: mbedUnits(p.projectDir, scan.sources, scan.includeDirs, coreFlags, { c: DEVELOP_C, cxx: DEVELOP_CXX }),
    defines,
    linkerScripts,
    provenance: 'derived',
  };
}
