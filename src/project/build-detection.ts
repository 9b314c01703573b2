// How a project's builds are detected: the search options from the config, the caches kept beside the
// index (build-search folders, last detection), the [variants] renames. detectProjectBuildsLazily answers
// from the detection cache without loading the adapters; they load only when something changed.
import path from 'node:path';
import type { AdapterOptions, BuildDescription } from '../../adapters/contract.js';
import { cachedDetection, cachedNames, cachedResult, type DetectResult } from '../../adapters/detection-cache.js';
import type { Discovery } from '../../adapters/shared/discover-build-dirs.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { configuredMakeRuns } from '../../adapters/make/configured-runs.js';
import { STATE_DIR, type ProjectConfig } from './config.js';
import type { DeclaredName } from './declared-builds.js';

/** Apply [variants] renames from the config: build folder (relative) or detected variant → new name. */
export function applyRenames(root: string, builds: Pick<BuildDescription, 'variant' | 'buildDir'>[], config: ProjectConfig): void {
  if (Object.keys(config.variantNames).length === 0) return;
  for (const b of builds) {
    const rel = path.relative(root, b.buildDir).split(path.sep).join('/');
    const rename = config.variantNames[rel] ?? config.variantNames[b.variant];
    if (rename) b.variant = rename;
  }
}

/** Where the build search keeps its folder cache between runs. */
export function discoveryCachePath(root: string): string {
  return path.join(root, STATE_DIR, 'build-search.json');
}

/** Where the last detection is kept with what it consulted. */
export function detectionCachePath(root: string): string {
  return path.join(root, STATE_DIR, 'detection.json');
}

/** The adapters' options for a project: the config's paths made absolute, the caches under the state folder. */
export function projectDetectOptions(root: string, config: ProjectConfig): AdapterOptions {
  const abs = (p: string) => path.resolve(root, p);
  return {
    compileCommandsPaths: config.compileCommands.map(abs),
    excludePaths: config.excludePaths.map(abs),
    search: { dirs: config.buildDirs, cacheFile: discoveryCachePath(root) },
    derive: { mbed: config.mbedDerive, platformio: config.platformioDerive },
    ...(config.platformioRunFlagCommands ? { runFlagCommands: { platformio: true } } : {}),
    stateDir: path.join(root, STATE_DIR),
    detectionCache: detectionCachePath(root),
    ...makeRunsOption(root, config),
  };
}

/** The make dry runs the config names, for the make adapter (none: every recorded run is a build). */
function makeRunsOption(root: string, config: ProjectConfig): Pick<AdapterOptions, 'makeRuns'> {
  const runs = configuredMakeRuns(root, config);
  return runs.length ? { makeRuns: runs.map((r) => (r.variant === undefined ? { dir: r.dir } : { dir: r.dir, variant: r.variant })) } : {};
}

/** The detection cache's answer for a project: its builds (renamed) on a hit; on a miss, the options and build search to detect with. */
function detectionFromCache(root: string, config: ProjectConfig): { detected?: DetectResult; options: AdapterOptions; discovery: Discovery } {
  const options = projectDetectOptions(root, config);
  const { hit, discovery } = cachedDetection(root, options);
  if (!hit) return { options, discovery };
  const detected = cachedResult(hit, discovery);
  applyRenames(root, detected.builds, config);
  return { detected, options, discovery };
}

/** detectProjectBuilds for a caller that can wait: the adapters load only when the cached detection no longer holds. */
export async function detectProjectBuildsLazily(root: string, config: ProjectConfig): Promise<DetectResult> {
  const { detected, options, discovery } = detectionFromCache(root, config);
  if (detected) return detected;
  const fresh = (await import('../../adapters/detect-builds.js')).detectBuilds(root, { ...options, discovery });
  applyRenames(root, fresh.builds, config);
  return fresh;
}

/** The project's builds from the detection cache alone (no adapter loaded); undefined when it misses. */
export function detectProjectBuildsFromCache(root: string, config: ProjectConfig): DetectResult | undefined {
  return detectionFromCache(root, config).detected;
}

/** The names of the builds the detection cache holds for a project (renamed), from its names file; undefined when it misses. */
export function declaredNamesFromCache(root: string, config: ProjectConfig): DeclaredName[] | undefined {
  const names = cachedNames(root, projectDetectOptions(root, config));
  if (names) applyRenames(root, names, config);
  return names;
}

/**
 * The error that kept a build folder from describing a build this time (a compile database cut short or
 * not valid JSON), if any: such a build is unreadable, not gone, so its previous index stays.
 */
export function unreadableDescription(root: string, diagnostics: readonly Diagnostic[], buildDir: string): Diagnostic | undefined {
  const dir = path.resolve(root, buildDir);
  return diagnostics.find((d) => {
    if (d.severity !== 'error') return false;
    const rel = path.relative(dir, path.resolve(root, d.file));
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  });
}
