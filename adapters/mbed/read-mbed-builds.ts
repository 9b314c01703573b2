// Existing mbed build folders: CMake-generated ones wherever the build search found them (mbed CE `build/`
// with MBED_TARGET in CMakeCache.txt, mbed-tools `cmake_build/<TARGET>/<profile>/<TOOLCHAIN>/`; read as built,
// from compile_commands.json or else build.ninja)
// and Mbed CLI 1 `BUILD/<TARGET>/<TOOLCHAIN>/` (profile flags read, sources re-scanned: derived).
import path from 'node:path';
import type { BuildDescription, CompileUnit, Diagnostic } from '../contract.js';
import { readCompileDatabase } from '../compile-commands/read-compile-database.js';
import { findLinkCommand, linkFromManifest, type FoundLink } from '../cmake/find-link-command.js';
import { isMakefileGenerator, readMakefileUnits } from '../cmake/makefile-units.js';
import { parseNinjaManifest } from '../ninja/parse-ninja.js';
import { recoverFromManifest } from '../ninja/recover-units.js';
import { definesFromList } from '../shared/macros.js';
import { isFile, listDirs, listNames, readText, relPath } from '../shared/fs-helpers.js';
import { readCMakeCache } from '../shared/cmake-cache.js';
import { applyLinkedUnits } from '../shared/linked-units.js';
import type { DiscoveredDir } from '../shared/discover-build-dirs.js';
import { readJsonFile } from './read-json-either.js';
import { scanMbedProject, type MbedLabels } from './scan-sources.js';
import { mbedUnits } from './derive-mbed-build.js';

/** `set(NAME "value" ...)` and `set(NAME\n  a\n  b\n  CACHE ...)` entries of mbed_config.cmake. */
export function readMbedConfigCmake(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of text.matchAll(/set\(\s*([A-Z_][A-Z0-9_]*)\s+([^)]*)\)/g)) {
    const body = m[2].replace(/\bCACHE\s+\w+\s+"[^"]*"\s*$/s, '').trim();
    const items = [...body.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((x) => (x[1] !== undefined ? x[1].replace(/\\"/g, '"') : x[2]));
    out.set(m[1], items);
  }
  return out;
}

/** mbed CE (`cmake -B build -DMBED_TARGET=...`) and mbed-tools (`cmake_build/<T>/<profile>/<TC>`) build folders. */
export function isMbedCmakeBuild(found: DiscoveredDir): boolean {
  if (found.markers.includes('mbed_config.cmake')) return true;
  return found.markers.includes('CMakeCache.txt') && !!readCMakeCache(path.join(found.dir, 'CMakeCache.txt'))?.values.get('MBED_TARGET');
}

/**
 * A CMake-generated mbed build folder, read as built: units from its compile database, else (mbed CE does not ask
 * CMake for one) from the compile edges of its build.ninja or a Makefile generator's files; target from the cache.
 */
export function readMbedCmakeBuild(found: DiscoveredDir, projectRoot: string, diagnostics: Diagnostic[]): BuildDescription | undefined {
  const { dir, shownAs } = found;
  const db = path.join(dir, 'compile_commands.json');
  const ninjaFile = path.join(dir, 'build.ninja');
  const hasDb = isFile(db);
  const hasNinja = isFile(ninjaFile);
  const cache = readCMakeCache(path.join(dir, 'CMakeCache.txt'));
  const makefiles = !hasDb && !hasNinja && isMakefileGenerator(cache?.values.get('CMAKE_GENERATOR')) ? readMakefileUnits(dir) : undefined;
  if (!hasDb && !hasNinja && !makefiles) {
    diagnostics.push({ severity: 'warning', file: dir, message: 'mbed CMake build folder with neither compile_commands.json, build.ninja nor a Makefile generator\'s files; not read', fix: 'configure with -G Ninja or -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, then run fw-context index again' });
    return undefined;
  }
  const r = hasDb ? readCompileDatabase(db) : makefiles;
  if (r) {
    diagnostics.push(...r.diagnostics);
    if (r.units.length === 0 && r.diagnostics.length > 0) return undefined;
  }
  const cfgText = readText(path.join(dir, 'mbed_config.cmake'));
  const cfg = cfgText ? readMbedConfigCmake(cfgText) : new Map<string, string[]>();
  // mbed-tools folders are cmake_build/<TARGET>/<profile>/<TOOLCHAIN>.
  const parts = shownAs.split(path.sep);
  const toolsLayout = parts.length >= 4 && parts[parts.length - 4] === 'cmake_build';
  const target = cache?.values.get('MBED_TARGET') || cfg.get('MBED_TARGET')?.[0] || (toolsLayout ? parts[parts.length - 3] : undefined);
  if (!target) {
    diagnostics.push({ severity: 'warning', file: path.join(dir, 'CMakeCache.txt'), message: 'mbed build folder that names no MBED_TARGET; read as a plain CMake build', fix: 'configure with -DMBED_TARGET=<board>' });
    return undefined;
  }
  const toolchain = cfg.get('MBED_TOOLCHAIN')?.[0] ?? (toolsLayout ? parts[parts.length - 1] : undefined);
  const profile = cache?.values.get('CMAKE_BUILD_TYPE') || (toolsLayout ? parts[parts.length - 2] : undefined);
  const read = r ? { units: r.units, ...findLinkCommand(dir) } : readNinjaUnits(ninjaFile);
  diagnostics.push(...read.diagnostics);
  if (!r && read.units.length === 0) {
    diagnostics.push({ severity: 'warning', file: ninjaFile, message: 'mbed build.ninja without C/C++ compile edges; not read', fix: 'configure again (cmake -B <folder> -G Ninja -DMBED_TARGET=<board>), then run fw-context index again' });
    return undefined;
  }
  let scripts = read.link?.info.linkerScripts ?? [];
  if (scripts.length === 0) scripts = listNames(dir).filter((f) => f.endsWith('.link_script.ld')).map((f) => path.join(dir, f));
  const tool = toolsLayout ? 'mbed-tools' : 'mbed CE';
  const what = [toolchain && `toolchain ${toolchain}`, profile && `profile ${profile}`].filter(Boolean).join(', ');
  const build: BuildDescription = {
    buildSystem: 'mbed',
    variant: target,
    image: 'app',
    imageType: 'app',
    defaultImage: true,
    board: target,
    description: `Mbed OS target ${target} (${tool}, folder ${relPath(projectRoot, shownAs)}${what ? `, ${what}` : ''}; ${read.units.length} units from ${makefiles ? `the Makefiles of ${makefiles.targets} target(s)` : relPath(projectRoot, r ? db : ninjaFile)})`,
    buildDir: dir,
    ...(hasDb ? { compileCommands: db } : {}),
    units: read.units,
    linkerScripts: scripts,
    linkArguments: read.link?.argv,
    linkSource: read.link?.linkSource,
    mapFile: read.link?.info.mapFile,
    elfFile: read.link?.info.output,
    provenance: 'read',
  };
  applyLinkedUnits(build, read.link?.objects, diagnostics);
  return build;
}

/** Units and link edge of a build.ninja, parsed once (as the ninja adapter reads a folder with no database). */
function readNinjaUnits(ninjaFile: string): { units: CompileUnit[]; link?: FoundLink; diagnostics: Diagnostic[] } {
  const m = parseNinjaManifest(ninjaFile);
  const r = recoverFromManifest(m);
  return { units: r.units, link: linkFromManifest(ninjaFile, m, r), diagnostics: [...m.diagnostics, ...r.diagnostics] };
}

interface ProfileFile {
  flags?: string[];
  macros?: string[];
  symbols?: string[];
}

export function readCli1Builds(projectDir: string, projectRoot: string, diagnostics: Diagnostic[]): BuildDescription[] {
  const builds: BuildDescription[] = [];
  const base = path.join(projectDir, 'BUILD');
  for (const target of listDirs(base)) {
    for (const toolchainDir of listDirs(path.join(base, target))) {
      const dir = path.join(base, target, toolchainDir);
      const pc = path.join(dir, '.profile-c');
      const pcxx = path.join(dir, '.profile-cxx');
      if (!isFile(pc) && !isFile(pcxx)) continue;
      const fix = 'rebuild with `mbed compile` to rewrite it';
      const c = isFile(pc) ? readJsonFile<ProfileFile>(pc, diagnostics, fix) : undefined;
      const cxx = isFile(pcxx) ? readJsonFile<ProfileFile>(pcxx, diagnostics, fix) ?? c : c;
      const symbols = [...(c?.symbols ?? cxx?.symbols ?? []), ...(c?.macros ?? [])];
      const labels: MbedLabels = { TARGET: [], FEATURE: [], COMPONENT: [], TOOLCHAIN: [] };
      for (const s of symbols) {
        const m = /^(TARGET|FEATURE|COMPONENT|TOOLCHAIN)_([^=]+)/.exec(s);
        if (m) labels[m[1] as keyof MbedLabels].push(m[2]);
      }
      const scan = scanMbedProject(projectDir, labels, [base, path.join(projectDir, 'cmake_build')]);
      const mbedConfigH = path.join(dir, 'mbed_config.h');
      const strip = (flags: string[] | undefined) => (flags ?? []).filter((f) => f !== '-c' && f !== '-MMD' && !f.startsWith('-D'));
      const inc = isFile(mbedConfigH) ? ['-include', mbedConfigH] : [];
      const defines = definesFromList(symbols);
      definesFromList([...(c?.flags ?? []), ...(cxx?.flags ?? [])].filter((f) => f.startsWith('-D')).map((f) => f.slice(2)), defines);
      const elf = listNames(dir).find((f) => f.endsWith('.elf'));
      const map = listNames(dir).find((f) => f.endsWith('.map'));
      const ld = path.join(dir, '.link_script.ld');
      builds.push({
        buildSystem: 'mbed',
        variant: target,
        image: 'app',
        imageType: 'app',
        defaultImage: true,
        board: target,
        description: `Mbed OS target ${target} (Mbed CLI 1, ${toolchainDir}; flags and defines from ${relPath(projectRoot, dir)}/.profile-*, ${scan.sources.length} units re-scanned)`,
        buildDir: dir,
        units: mbedUnits(projectDir, scan.sources, scan.includeDirs, [], { c: [...strip(c?.flags), ...inc], cxx: [...strip(cxx?.flags), ...inc] }),
        defines,
        kconfig: undefined,
        linkerScripts: isFile(ld) ? [ld] : scan.linkerScripts.slice(0, 1),
        ...(isFile(ld) ? {} : { linkerScriptCandidates: [ld] }),
        // `mbed compile` names its outputs after the program's folder.
        ...(map ? { mapFile: path.join(dir, map) } : { mapFile: undefined, mapCandidates: [path.join(dir, `${path.basename(projectDir)}.map`)] }),
        elfFile: elf ? path.join(dir, elf) : undefined,
        provenance: 'derived',
      });
    }
  }
  return builds;
}
