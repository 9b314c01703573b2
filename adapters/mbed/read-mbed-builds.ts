// Existing mbed build folders: mbed-tools `cmake_build/<TARGET>/<profile>/<TOOLCHAIN>/` (read as built) and
// Mbed CLI 1 `BUILD/<TARGET>/<TOOLCHAIN>/` (profile flags read, sources re-scanned: derived).
import fs from 'node:fs';
import path from 'node:path';
import type { BuildDescription, Diagnostic } from '../contract.js';
import { readCompileDatabase } from '../compile-commands/read-compile-database.js';
import { findLinkCommand } from '../cmake/find-link-command.js';
import { definesFromList } from '../shared/macros.js';
import { isFile, listDirs, readText, relPath } from '../shared/fs-helpers.js';
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

export function readCmakeBuilds(projectDir: string, projectRoot: string, diagnostics: Diagnostic[]): BuildDescription[] {
  const builds: BuildDescription[] = [];
  const base = path.join(projectDir, 'cmake_build');
  for (const target of listDirs(base)) {
    for (const profile of listDirs(path.join(base, target))) {
      for (const toolchain of listDirs(path.join(base, target, profile))) {
        const dir = path.join(base, target, profile, toolchain);
        const db = path.join(dir, 'compile_commands.json');
        if (!isFile(db)) continue;
        const r = readCompileDatabase(db);
        diagnostics.push(...r.diagnostics);
        if (r.units.length === 0 && r.diagnostics.length > 0) continue;
        const cfgText = readText(path.join(dir, 'mbed_config.cmake'));
        const cfg = cfgText ? readMbedConfigCmake(cfgText) : new Map<string, string[]>();
        const name = cfg.get('MBED_TARGET')?.[0] ?? target;
        const link = findLinkCommand(dir);
        diagnostics.push(...link.diagnostics);
        let scripts = link.link?.info.linkerScripts ?? [];
        if (scripts.length === 0) scripts = fs.readdirSync(dir).filter((f) => f.endsWith('.link_script.ld')).map((f) => path.join(dir, f));
        builds.push({
          buildSystem: 'mbed',
          variant: name,
          image: 'app',
          imageType: 'app',
          defaultImage: true,
          board: name,
          description: `Mbed OS target ${name} (mbed-tools, toolchain ${cfg.get('MBED_TOOLCHAIN')?.[0] ?? toolchain}, profile ${profile}; ${r.units.length} units from ${relPath(projectRoot, db)})`,
          buildDir: dir,
          compileCommands: db,
          units: r.units,
          linkerScripts: scripts,
          linkArguments: link.link?.argv,
          mapFile: link.link?.info.mapFile,
          elfFile: link.link?.info.output,
          provenance: 'read',
        });
      }
    }
  }
  return builds;
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
      const elf = fs.readdirSync(dir).find((f) => f.endsWith('.elf'));
      const map = fs.readdirSync(dir).find((f) => f.endsWith('.map'));
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
        mapFile: map ? path.join(dir, map) : undefined,
        elfFile: elf ? path.join(dir, elf) : undefined,
        provenance: 'derived',
      });
    }
  }
  return builds;
}
