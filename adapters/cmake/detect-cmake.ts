// Plain CMake adapter: a folder with CMakeCache.txt and compile_commands.json that is not a Zephyr build.
// Variant = the folder (`build/Debug` → `Debug`); CMAKE_BUILD_TYPE and generator go in the description; the
// board comes from BOARD/MCU-like cache entries; -T/-Map/-o from the link command (find-link-command.ts). A folder
// linking several programs has one image per program, named after it (image-links.ts); one link gives the image `app`.
import path from 'node:path';
import type { AdapterOptions, AdapterResult, BuildAdapter, BuildDescription } from '../contract.js';
import { applyLinkedUnits } from '../shared/linked-units.js';
import { readCompileDatabase } from '../compile-commands/read-compile-database.js';
import { folderVariantName, isFile, relPath } from '../shared/fs-helpers.js';
import { dirsWith, discoveryFor, type DiscoveredDir } from '../shared/discover-build-dirs.js';
import { readCMakeCache, type CMakeCache } from '../shared/cmake-cache.js';
import { findLinkCommands } from './find-link-command.js';
import { folderImages } from '../shared/image-links.js';
import { guarded } from '../shared/guard.js';

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

export const cmakeAdapter: BuildAdapter = {
  name: 'cmake',
  detect(projectRoot: string, options: AdapterOptions): AdapterResult {
    const result: AdapterResult = { builds: [], diagnostics: [] };
    for (const found of dirsWith(discoveryFor(projectRoot, options), 'CMakeCache.txt')) {
      guarded(found.dir, 'reading the CMake build folder', result.diagnostics, () => detectIn(found));
    }
    return result;

    function detectIn({ dir, shownAs }: DiscoveredDir): void {
      const db = path.join(dir, 'compile_commands.json');
      const cache = readCMakeCache(path.join(dir, 'CMakeCache.txt'));
      if (!cache || !isFile(db) || isZephyrCache(cache) || isMbedCache(cache)) return;
      const { units, diagnostics } = readCompileDatabase(db);
      result.diagnostics.push(...diagnostics);
      if (units.length === 0 && diagnostics.length > 0) return;
      const buildType = cache.values.get('CMAKE_BUILD_TYPE') || undefined;
      const generator = cache.values.get('CMAKE_GENERATOR') || undefined;
      const project = cache.values.get('CMAKE_PROJECT_NAME') || undefined;
      const found = findLinkCommands(dir);
      result.diagnostics.push(...found.diagnostics);
      const details = [buildType && `CMAKE_BUILD_TYPE=${buildType}`, generator && `generator ${generator}`, `${units.length} units`].filter(Boolean).join(', ');
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
