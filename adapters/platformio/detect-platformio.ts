// PlatformIO adapter: projects (platformio.ini) wherever the build search found them; each [env:NAME] is a
// variant (image `app`). Units are read from a compile database pio wrote for the env, else derived from
// platformio.ini (derive-env.ts). An env never built (no .pio/build/<env>) is derived only when no env of the project
// was built, or when [platformio] derive names it; notes name the derived envs whose board or framework is not known.
import path from 'node:path';
import type { AdapterOptions, AdapterResult, BuildAdapter, BuildDescription, CompileUnit, Diagnostic } from '../contract.js';
import { readCompileDatabase } from '../compile-commands/read-compile-database.js';
import { isDir, isFile, relPath } from '../shared/fs-helpers.js';
import { dirsWith, discoveryFor } from '../shared/discover-build-dirs.js';
import { guarded } from '../shared/guard.js';
import { applyLinkedUnits } from '../shared/linked-units.js';
import { UnitsKeeper } from '../kept-units.js';
import { keepUntilAsked } from '../lazy-units.js';
import { PioProjectConfig, type PioConfigOptions } from './project-config.js';
import { applyUnflags, parseBuildFlags, resolvePaths } from './build-flags.js';
import { newBoardCache } from './board-manifest.js';
import { clearListingCache } from './src-filter.js';
import { arduinoBuilderPlatforms } from './arduino-builders.js';
import { installedPackages } from './installed-packages.js';
import { LibraryCache } from './library-finder.js';
import { derivedEnv } from './derive-env.js';
import { expandFlagCommands, flagCommandDiagnostics, newFlagCommands } from './flag-commands.js';
import type { EnvShared, PioProject } from './pio-project.js';

/** The env a compile database was written for: the `<build_dir>/<env>/` its commands write into. */
export function envOfDatabase(units: CompileUnit[], buildDir: string, envs: string[]): string | undefined {
  const counts = new Map<string, number>();
  const prefix = buildDir + path.sep;
  for (const u of units) {
    for (const a of [u.output ?? '', ...u.arguments]) {
      const i = a.indexOf(prefix);
      const rel = i >= 0 ? a.slice(i + prefix.length) : a.startsWith('.pio/build/') ? a.slice('.pio/build/'.length) : undefined;
      if (rel === undefined) continue;
      const env = rel.split(/[\\/]/)[0];
      if (envs.includes(env)) {
        counts.set(env, (counts.get(env) ?? 0) + 1);
        break;
      }
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export interface PioProjectResult {
  builds: BuildDescription[];
  diagnostics: Diagnostic[];
  config: PioProjectConfig;
}

/** The root compile_commands.json (pio run -t compiledb), read when it exists, and the env it belongs to. */
interface RootDatabase {
  file: string;
  env?: string;
  read?: ReturnType<typeof readCompileDatabase>;
}

/** What the project's settings ask of derivation: envs to derive though others were built; whether flag commands run. */
export interface PioDeriveSettings {
  derive?: string[];
  runFlagCommands?: boolean;
}

/** All envs of one PlatformIO project folder. */
export function describePlatformioProject(projectDir: string, projectRoot: string, options: PioConfigOptions = {}, settings: PioDeriveSettings = {}): PioProjectResult {
  const project = projectLayout(projectDir, projectRoot, options, settings.runFlagCommands === true);
  const derive = settings.derive ?? [];
  const { config, envs, buildDir, diagnostics } = project;
  const rootDb = rootDatabase(project);
  const builds: BuildDescription[] = [];
  const keeper = new UnitsKeeper();
  // With a firmware.map, the image's units are the objects it shows loaded. Then they are kept until asked for: a
  // project of many envs holds each env's units as a few argument lists, not a list per unit (lazy-units.ts).
  const pushBuild = (b: BuildDescription) => {
    applyLinkedUnits(b, undefined, diagnostics);
    keepUntilAsked(b, keeper);
    builds.push(b);
  };
  const built = envs.filter((e) => isDir(path.join(buildDir, e)) || rootDb.env === e);
  const skipped: string[] = [];
  const filesCache = new Map<string, string[]>();
  for (const env of envs) {
    const shared = envShared(project, env);
    const read = envFromDatabase(project, env, shared, rootDb);
    if (read) {
      pushBuild(read);
      continue;
    }
    const wasBuilt = built.includes(env);
    if (!wasBuilt && built.length > 0 && !derive.includes(env)) {
      skipped.push(env);
      continue;
    }
    pushBuild(derivedEnv(project, env, shared, wasBuilt, filesCache));
  }
  const boards = missingBoardsNote(project);
  if (boards) diagnostics.push(boards);
  const frameworks = frameworksNote(project);
  if (frameworks) diagnostics.push(frameworks);
  diagnostics.push(...flagCommandDiagnostics(project.flagCommands));
  if (skipped.length > 0) {
    diagnostics.push({
      severity: 'info',
      file: project.iniFile,
      message: `${skipped.length} env(s) never built are not derived because other envs of this project were built: ${firstEnvs(skipped)}`,
      fix: 'build them (`pio run -e <env> -t compiledb`), or name them in [platformio] derive in .fw-context/config.ini',
    });
  }
  return { builds, diagnostics: [...config.diagnostics, ...diagnostics], config };
}

/** The project's platformio.ini read: its envs, default envs (each checked to name an env) and folders. */
function projectLayout(projectDir: string, projectRoot: string, options: PioConfigOptions, runFlagCommands: boolean): PioProject {
  const iniFile = path.join(projectDir, 'platformio.ini');
  const config = new PioProjectConfig(projectDir, iniFile, options);
  const diagnostics: Diagnostic[] = [];
  const envs = config.envs();
  const dir = (opt: string) => path.resolve(projectDir, config.get('platformio', opt) ?? opt.replace(/_dir$/, ''));
  const srcDir = dir('src_dir');
  const includeDir = dir('include_dir');
  const buildDir = dir('build_dir');
  const defaults = config.defaultEnvs();
  for (const d of defaults) {
    if (!envs.includes(d)) diagnostics.push({ severity: 'warning', file: iniFile, message: `default_envs names '${d}', which is not an [env:${d}] section`, fix: `add [env:${d}] or remove it from default_envs` });
  }
  if (envs.length === 0) diagnostics.push({ severity: 'warning', file: iniFile, message: 'no [env:NAME] section: PlatformIO has nothing to build', fix: 'add an [env:NAME] section' });
  return { projectDir, projectRoot, iniFile, config, envs, defaults, srcDir, includeDir, buildDir, diagnostics, boards: newBoardCache(), packages: installedPackages(config), libraries: new LibraryCache(), boardsMissing: [], frameworksUnread: [], flagCommands: newFlagCommands(runFlagCommands, projectDir) };
}

/** A root compile_commands.json (pio run -t compiledb) belongs to the env whose build folder it writes into. */
function rootDatabase(project: PioProject): RootDatabase {
  const { envs, defaults, diagnostics } = project;
  const file = path.join(project.projectDir, 'compile_commands.json');
  if (!isFile(file)) return { file };
  const read = readCompileDatabase(file);
  const fallback = read.units.length === 0 ? 'no env is read from it: each takes its own folder\'s database or is derived from platformio.ini' : null;
  diagnostics.push(...(fallback ? asFallback(read.diagnostics, fallback) : read.diagnostics));
  let env = envOfDatabase(read.units, project.buildDir, envs);
  if (!env && read.units.length > 0) {
    env = defaults.find((d) => envs.includes(d)) ?? envs[0];
    diagnostics.push({ severity: 'info', file, message: `cannot tell which env wrote this compile database; taken as env '${env}'`, fix: 'regenerate it with `pio run -t compiledb -e <env>`' });
  }
  return { file, env, read };
}

/** An env's section read: its flags, board, folders, linker scripts, map and ELF, and how descriptions name it. */
function envShared(project: PioProject, env: string): EnvShared {
  const { config, projectDir, envs, defaults } = project;
  const section = `env:${env}`;
  // Single-value options written on the line below their name keep configparser's leading newline.
  const platform = config.get(section, 'platform')?.trim() || undefined;
  const board = config.get(section, 'board')?.trim() || undefined;
  const frameworks = config.getList(section, 'framework');
  // Each option's command lines (`!cmd`) are run or left out as the project allows (flag-commands.ts).
  const lines = (option: string) => expandFlagCommands(config.getList(section, option), { config, section, option, env }, project.flagCommands);
  const buildFlags = lines('build_flags');
  const userFlags = parseBuildFlags([...buildFlags, ...lines('build_src_flags'), ...lines('src_build_flags')]);
  const unflags = lines('build_unflags');
  const flags = resolvePaths(applyUnflags(userFlags, unflags), projectDir);
  const ldscript = config.get(section, 'board_build.ldscript');
  const linkerScripts = [...flags.linkerScripts, ...(ldscript ? [path.resolve(projectDir, ldscript)] : [])];
  const envBuild = path.join(project.buildDir, env);
  const elf = path.join(envBuild, 'firmware.elf');
  const map = path.join(envBuild, 'firmware.map');
  const isDefault = defaults.length ? defaults.includes(env) : env === envs[0];
  // `pio run` without -e builds default_envs; a query naming no build answers from the first of them.
  const firstDefault = env === defaults.find((d) => envs.includes(d));
  const what = [platform && `platform ${platform}`, board && `board ${board}`, frameworks.length && `framework ${frameworks.join(', ')}`].filter(Boolean).join(', ');
  const base = {
    buildSystem: 'platformio' as const,
    variant: env,
    image: 'app',
    imageType: 'app',
    defaultImage: true,
    ...(firstDefault ? { defaultVariant: true } : {}),
    board,
    buildDir: envBuild,
    linkerScripts,
    ...(isFile(map) ? { mapFile: map } : { mapFile: undefined, mapCandidates: [map] }),
    elfFile: isFile(elf) ? elf : undefined,
  };
  return { section, platform, board, flags, userFlags, libraryFlags: parseBuildFlags(buildFlags), unflags, named: `PlatformIO env ${env}${isDefault ? ' (default)' : ''}`, what, frameworks, base };
}

/** The env read from its own folder's compile database, else from the root one when that is the env's; undefined when neither gives a unit. */
function envFromDatabase(project: PioProject, env: string, shared: EnvShared, rootDb: RootDatabase): BuildDescription | undefined {
  const envDb = path.join(project.buildDir, env, 'compile_commands.json');
  const db = isFile(envDb) ? envDb : rootDb.env === env ? rootDb.file : undefined;
  if (!db) return undefined;
  const r = db === rootDb.file && rootDb.read ? rootDb.read : readCompileDatabase(db);
  if (db !== rootDb.file) project.diagnostics.push(...(r.units.length > 0 ? r.diagnostics : asFallback(r.diagnostics, `env '${env}' is derived from platformio.ini instead`)));
  if (r.units.length === 0) return undefined;
  return {
    ...shared.base,
    description: `${shared.named} (${shared.what}; ${r.units.length} units from ${relPath(project.projectRoot, db)})`,
    compileCommands: db,
    units: r.units,
    provenance: 'read',
  };
}

/** The first eight of a note's envs, `, ...` after them when there are more. */
function firstEnvs(envs: readonly string[]): string {
  return `${envs.slice(0, 8).join(', ')}${envs.length > 8 ? ', ...' : ''}`;
}

/** One note for the envs whose board manifest no folder PlatformIO searches holds. */
function missingBoardsNote(project: PioProject): Diagnostic | undefined {
  const missing = project.boardsMissing;
  if (missing.length === 0) return undefined;
  return {
    severity: 'info',
    file: project.iniFile,
    message: `no board manifest found for ${missing.length} derived env(s): ${firstEnvs(missing)}; their F_CPU and the board's extra_flags are unknown, and their -mcpu/-mmcu unless the board's id names the MCU`,
    fix: 'install the platforms (`pio pkg install`) or set [platformio] core_dir to where PlatformIO keeps them, or add boards/<board>.json to the project',
  };
}

/**
 * One note for the derived envs whose framework builder is not in arduino-builders.ts' table (or needs what
 * derivation lacks): the defines it adds (ESP-IDF's, another Arduino core's ARDUINO_ARCH_*, ...) come from
 * PlatformIO's framework packages, which derivation does not run, so code that tests them reads them undefined.
 */
function frameworksNote(project: PioProject): Diagnostic | undefined {
  const envs = project.frameworksUnread;
  if (envs.length === 0) return undefined;
  return {
    severity: 'info',
    file: project.iniFile,
    message: `${envs.length} derived env(s) build with a framework whose own defines only PlatformIO's builder knows: ${firstEnvs(envs)}; code that tests them is read as if they were undefined (the Arduino builders of ${arduinoBuilderPlatforms()} are applied)`,
    fix: 'with PlatformIO installed, `fw-context index --build` (or `pio run -t compiledb -e <env>`) writes each env\'s compile database with its exact flags',
  };
}

export const platformioAdapter: BuildAdapter = {
  name: 'platformio',
  detect(projectRoot: string, options: AdapterOptions): AdapterResult {
    clearListingCache();
    const result: AdapterResult = { builds: [], diagnostics: [] };
    // Outer projects first: a platformio.ini an enclosing project reads through extra_configs (a variant folder's
    // own platformio.ini, as large projects lay out their boards) is part of that project, not a project of its own.
    const dirs = dirsWith(discoveryFor(projectRoot, options), 'platformio.ini').map((d) => d.dir).sort((a, b) => a.length - b.length);
    const readByProject = new Set<string>();
    for (const dir of dirs) {
      const ini = path.join(dir, 'platformio.ini');
      if (readByProject.has(ini)) continue;
      const r = guarded(ini, 'reading the PlatformIO project', result.diagnostics, () => describePlatformioProject(dir, projectRoot, {}, { derive: options.derive?.platformio, runFlagCommands: options.runFlagCommands?.platformio }));
      if (!r) continue;
      for (const f of r.config.files) readByProject.add(f);
      result.builds.push(...r.builds);
      result.diagnostics.push(...r.diagnostics);
    }
    return result;
  },
};

/**
 * Errors of a compile database that gives no unit, when the envs it would describe are indexed another way:
 * warnings saying how, since no build fails (`fw-context index` exits 1 only when one does).
 */
function asFallback(diagnostics: Diagnostic[], how: string): Diagnostic[] {
  // The reader's "nothing to index" no longer holds once the env is indexed another way.
  return diagnostics.map((d) => (d.severity === 'error' ? { ...d, severity: 'warning', message: `${d.message.replace(/, so this build has nothing to index$/, '')}; ${how}` } : d));
}
