// Reads what Zephyr writes about a build: build_info.yml (board name/qualifiers/revision, app, version,
// sysbuild images) and the CMakeCache.txt entries that say the same for older Zephyr (BOARD, CACHED_BOARD), whose
// version the generated version.h gives (KERNEL_VERSION_STRING).
// Leaves out devicetree and Kconfig file lists.
import path from 'node:path';
import type { Diagnostic } from '../contract.js';
import { parseYaml } from '../shared/yaml-text.js';
import { readText } from '../shared/fs-helpers.js';
import { readCMakeCache, type CMakeCache } from '../shared/cmake-cache.js';

export interface ZephyrBuildInfo {
  /** Full board target: `name[@revision][/qualifiers]`, e.g. `nrf5340dk/nrf5340/cpuapp`. */
  board?: string;
  appSourceDir?: string;
  zephyrVersion?: string;
  zephyrBase?: string;
  toolchain?: string;
  sysbuild: boolean;
  /** Sysbuild images with their type (`MAIN`, `BOOTLOADER`...), from the top-level build_info.yml. */
  images: { name: string; type?: string; sourceDir?: string }[];
  cache?: CMakeCache;
}

/** `name@revision/qualifiers` as Zephyr spells a board target. */
export function boardTarget(name: string, qualifiers?: string, revision?: string): string {
  let b = name;
  if (revision) b += `@${revision}`;
  if (qualifiers) b += `/${qualifiers}`;
  return b;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined);

export function readZephyrBuildInfo(dir: string, diagnostics: Diagnostic[]): ZephyrBuildInfo {
  const info: ZephyrBuildInfo = { sysbuild: false, images: [] };
  info.cache = readCMakeCache(path.join(dir, 'CMakeCache.txt'));
  const file = path.join(dir, 'build_info.yml');
  const text = readText(file);
  if (text !== undefined) {
    try {
      const doc = parseYaml(text) as { cmake?: Record<string, any> } | null;
      const cm = doc?.cmake ?? {};
      const b = cm.board;
      if (b && str(b.name)) info.board = boardTarget(str(b.name)!, str(b.qualifiers), str(b.revision));
      info.appSourceDir = str(cm.application?.['source-dir']);
      info.zephyrVersion = str(cm.zephyr?.version);
      info.zephyrBase = str(cm.zephyr?.['zephyr-base']);
      info.toolchain = str(cm.toolchain?.name);
      info.sysbuild = cm.sysbuild === true || cm.sysbuild === 'true';
      if (Array.isArray(cm.images)) {
        for (const im of cm.images) if (im && str(im.name)) info.images.push({ name: str(im.name)!, type: str(im.type), sourceDir: str(im['source-dir']) });
      }
    } catch (err) {
      diagnostics.push({ severity: 'warning', file, message: `build_info.yml is not valid YAML: ${(err as Error).message}`, fix: 'rebuild with west build; the CMakeCache.txt entries are used instead' });
    }
  }
  const c = info.cache?.values;
  if (c) {
    info.board ??= str(c.get('BOARD')) ?? str(c.get('CACHED_BOARD'));
    info.appSourceDir ??= str(c.get('APPLICATION_SOURCE_DIR')) ?? str(c.get('APP_DIR'));
    info.zephyrBase ??= str(c.get('ZEPHYR_BASE'));
    info.toolchain ??= str(c.get('ZEPHYR_TOOLCHAIN_VARIANT'));
  }
  info.zephyrVersion ??= generatedVersion(dir);
  return info;
}

/** KERNEL_VERSION_STRING of the version.h a build generates (zephyr/include/generated/, zephyr/ under it since 3.5). */
function generatedVersion(dir: string): string | undefined {
  for (const rel of ['zephyr/include/generated/zephyr/version.h', 'zephyr/include/generated/version.h']) {
    const text = readText(path.join(dir, rel));
    const m = text === undefined ? null : /^\s*#\s*define\s+KERNEL_VERSION_STRING\s+"([^"\n]+)"/m.exec(text);
    if (m) return m[1];
  }
  return undefined;
}

/** A folder Zephyr configured: a CMakeCache.txt with ZEPHYR_BASE (or BOARD + a Zephyr marker), or a build_info.yml. */
export function isZephyrBuildDir(dir: string): boolean {
  const cache = readCMakeCache(path.join(dir, 'CMakeCache.txt'));
  if (cache) {
    const v = cache.values;
    if (v.has('ZEPHYR_BASE') || v.has('ZEPHYR_TOOLCHAIN_VARIANT') || (v.has('BOARD') && (v.has('CACHED_BOARD') || v.has('APPLICATION_SOURCE_DIR') || v.has('APP_DIR')))) return true;
  }
  const text = readText(path.join(dir, 'build_info.yml'));
  return text !== undefined && /^\s*(board|zephyr):/m.test(text);
}
