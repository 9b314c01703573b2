// The builds a project declares now: every adapter run over the root with the config's paths, and the
// config's [variants] renames applied.
import path from 'node:path';
import type { BuildDescription } from '../../adapters/contract.js';
import { detectBuilds, type DetectResult } from '../../adapters/detect-builds.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { STATE_DIR, type ProjectConfig } from './config.js';

/** Apply [variants] renames from the config: build folder (relative) or detected variant → new name. */
export function applyRenames(root: string, builds: BuildDescription[], config: ProjectConfig): void {
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

export function detectProjectBuilds(root: string, config: ProjectConfig): DetectResult {
  const abs = (p: string) => path.resolve(root, p);
  const detected = detectBuilds(root, {
    compileCommandsPaths: config.compileCommands.map(abs),
    excludePaths: config.excludePaths.map(abs),
    search: { dirs: config.buildDirs, cacheFile: discoveryCachePath(root) },
    derive: { mbed: config.mbedDerive, platformio: config.platformioDerive },
  });
  applyRenames(root, detected.builds, config);
  return detected;
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
