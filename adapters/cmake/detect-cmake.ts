// Plain CMake adapter: a folder with CMakeCache.txt and compile_commands.json (or, from a Makefile generator, its
// targets' Makefiles: makefile-units.ts) that is not a Zephyr or mbed build.
// Variant = the folder (`build/Debug` → `Debug`); CMAKE_BUILD_TYPE and generator go in the description; the
// board comes from BOARD/MCU-like cache entries; -T/-Map/-o from the link command (find-link-command.ts). A folder
// linking several programs has one image per program, named after it (image-links.ts); one link gives the image `app`.
import path from 'node:path';
import type { AdapterOptions, AdapterResult, BuildAdapter, BuildDescription, CompileUnit, Diagnostic } from '../contract.js';
import { applyLinkedUnits } from '../shared/linked-units.js';
import { readCompileDatabase } from '../compile-commands/read-compile-database.js';
import { folderVariantName, isFile, relPath } from '../shared/fs-helpers.js';
import { dirsWith, discoveryFor, type DiscoveredDir } from '../shared/discover-build-dirs.js';
import { readCMakeCache, type CMakeCache } from '../shared/cmake-cache.js';
import { findLinkCommands } from './find-link-command.js';
import { folderImages } from '../shared/image-links.js';
import { guarded } from '../shared/guard.js';
import { isMakefileGenerator, readMakefileUnits } from './makefile-units.js';

/** Cache entries projects use to name the board or chip, most specific first. */
export const BOARD_CACHE_VARS = ['BOARD', 'PICO_BOARD', 'TARGET_BOARD', 'MCU', 'TARGET_MCU', 'MCU_MODEL', 'STM32_CHIP', 'CHIP', 'DEVICE'];

export function isZephyrCache(cache: CMakeCache): boolean {
  return cache.values.has('ZEPHYR_BASE') || cache.values.has('ZEPHYR_TOOLCHAIN_VARIANT') || cache.values.has('SYSBUILD');
}

/** mbed CE (and mbed-tools) configure with -DMBED_TARGET=<board>: an mbed build, read by the mbed adapter. */
export function isMbedCache(cache: CMakeCache): boolean {
  return !!cache.values.get('MBED_TARGET');
}

export function boardFromCache(cache: CMakeCache): string | undefined {
  for (const v of BOARD_CACHE_VARS) {
    const val = cache.values.get(v);
    if (val) return val;
  }
  return undefined;
}

/**
 * A CMake build folder's compile units: its compile_commands.json, else (a Makefile generator's folder configured
 * without CMAKE_EXPORT_COMPILE_COMMANDS) its targets' Makefiles; undefined when it has neither (a Ninja folder without a
 * database is the ninja adapter's).
 */
function folderUnits(dir: string, generator: string | undefined): { units: CompileUnit[]; diagnostics: Diagnostic[]; db?: string; targets?: number } | undefined {
  const db = path.join(dir, 'compile_commands.json');
  if (isFile(db)) return { ...readCompileDatabase(db), db };
  return isMakefileGenerator(generator) ? readMakefileUnits(dir) : undefined;
}

export const cmakeAdapter: BuildAdapter = {
  name: 'cmake',
  detect(projectRoot: string, options: AdapterOptions): AdapterResult {
    const result: AdapterResult = { builds: [], diagnostics: [] };
    for (const found of dirsWith(discoveryFor(projectRoot, options), 'CMakeCache.txt')) {
      guarded(found.dir, 'reading the CMake build folder', result.diagnostics, () => detectIn(found));
    }
    return result;

    function detectIn({ dir, shownAs }: DiscoveredDir): void {
      const cache = readCMakeCache(path.join(dir, 'CMakeCache.txt'));
      if (!cache || isZephyrCache(cache) || isMbedCache(cache)) return;
      const generator = cache.values.get('CMAKE_GENERATOR') || undefined;
      const read = folderUnits(dir, generator);
      if (!read) return;
      const { units, db } = read;
      result.diagnostics.push(...read.diagnostics);
      if (units.length === 0 && read.diagnostics.length > 0) return;
      const buildType = cache.values.get('CMAKE_BUILD_TYPE') || undefined;
      const project = cache.values.get('CMAKE_PROJECT_NAME') || undefined;
      const found = findLinkCommands(dir);
      result.diagnostics.push(...found.diagnostics);
      const counted = db ? `${units.length} units` : `${units.length} units read from the Makefiles of ${read.targets} target(s): no compile_commands.json`;
      const details = [buildType && `CMAKE_BUILD_TYPE=${buildType}`, generator && `generator ${generator}`, counted].filter(Boolean).join(', ');
      const about = `CMake build ${relPath(projectRoot, shownAs)}${project ? ` of ${project}` : ''}`;
      for (const { link, image, defaultImage, named } of folderImages(found.links, found.chosen, dir)) {
        const links = named && link?.info.output ? `, links ${relPath(dir, link.info.output)}` : '';
        const build: BuildDescription = {
          buildSystem: 'cmake',
          variant: folderVariantName(projectRoot, shownAs),
          image,
          imageType: 'app',
          defaultImage,
          board: boardFromCache(cache),
          description: `${about} (${details}${links})`,
          buildDir: dir,
          compileCommands: db,
          units,
          linkerScripts: link?.info.linkerScripts ?? [],
          linkArguments: link?.argv,
          linkSource: link?.linkSource,
          mapFile: link?.info.mapFile,
          elfFile: link?.info.output,
          provenance: 'read',
        };
        applyLinkedUnits(build, link?.objects ?? found.built, result.diagnostics);
        result.builds.push(build);
      }
    }
  },
};
