// Requires a tree-sitter package (the runtime or a grammar) with its `require('node-gyp-build')(dir)` answered by the
// file node-gyp-build would choose, found in one or two folder listings: loading node-gyp-build and its search (its
// module, os, the package's package.json, every prebuild's tags) was ~4–7 ms of a run's ~15 ms tree-sitter load.
// Only the cases whose choice is certain are answered so; any other (an override in the environment, a prebuild
// folder of tagged or several files, no build at all) is left to node-gyp-build itself.
import fs from 'node:fs';
import type ModuleType from 'node:module';
import path from 'node:path';
import { requirePackage } from '../model/require-package.js';

/** The first `.node` file a folder lists (node-gyp-build's choice in build/Release and build/Debug), if any. */
function firstAddon(dir: string): string | undefined {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return undefined;
  }
  const name = names.find((n) => n.endsWith('.node'));
  return name === undefined ? undefined : path.join(dir, name);
}

/** Whether the environment changes node-gyp-build's search (PREBUILDS_ONLY, a target, a package's own <NAME>_PREBUILD). */
function searchOverridden(): boolean {
  const env = process.env;
  if (env.PREBUILDS_ONLY || env.npm_config_arch || env.npm_config_platform || typeof (requirePackage as { addon?: unknown }).addon === 'function') return true;
  for (const name in env) if (name.endsWith('_PREBUILD')) return true;
  return false;
}

/**
 * The addon node-gyp-build 4.x loads for the package at `dir`, when certain: the first `.node` of build/Release, else
 * of build/Debug, else the one file of prebuilds/<platform>-<arch> (the only single-architecture folder matching, so
 * the one it takes) when that file is named `<name>.node` with no tag (no runtime, ABI or libc to match: it matches
 * any). Undefined otherwise.
 */
export function certainAddon(dir: string): string | undefined {
  if (!path.isAbsolute(dir) || searchOverridden()) return undefined;
  const built = firstAddon(path.join(dir, 'build', 'Release')) ?? firstAddon(path.join(dir, 'build', 'Debug'));
  if (built) return built;
  const tuple = path.join(dir, 'prebuilds', `${process.platform}-${process.arch}`);
  let names: string[];
  try {
    names = fs.readdirSync(tuple);
  } catch {
    return undefined;
  }
  return names.length === 1 && /^[^.]+\.node$/.test(names[0]) ? path.join(tuple, names[0]) : undefined;
}

/** Files loaded through certainAddon and through node-gyp-build itself in this thread (tests read them). */
export const addonLoads = { direct: 0, searched: 0 };

/**
 * Requires the package `name` with node-gyp-build, as its own require of it resolves, answered by certainAddon for the
 * time of the require (the module cache entry is put back as it was). A package that requires no node-gyp-build, or
 * another copy of it, loads as it would.
 */
export function requireNativePackage(name: string): unknown {
  const cache = requirePackage.cache;
  let ngb: string;
  try {
    const main = requirePackage.resolve(name);
    if (cache[main]) return cache[main].exports;
    // Resolved from the package's main file's folder, where its require of node-gyp-build is.
    ngb = requirePackage.resolve('node-gyp-build', { paths: [path.dirname(main)] });
  } catch {
    return requirePackage(name);
  }
  /** node-gyp-build's own module, when it was loaded already or when a search needs it. */
  let real = cache[ngb];
  const Module = requirePackage('node:module') as typeof ModuleType;
  const shim = new Module(ngb);
  const searched = (dir: string): unknown => {
    addonLoads.searched++;
    if (!real) {
      delete cache[ngb];
      try {
        requirePackage(ngb);
        real = cache[ngb];
      } finally {
        cache[ngb] = shim;
      }
    }
    return (real!.exports as (d: string) => unknown)(dir);
  };
  shim.filename = ngb;
  shim.loaded = true;
  shim.exports = (dir: string): unknown => {
    const file = certainAddon(dir);
    if (file === undefined) return searched(dir);
    addonLoads.direct++;
    return requirePackage(file);
  };
  cache[ngb] = shim;
  try {
    return requirePackage(name);
  } finally {
    if (real) cache[ngb] = real;
    else delete cache[ngb];
  }
}
