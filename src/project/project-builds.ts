// The builds a project declares now: every adapter run over the root with the config's paths, and the
// config's [variants] renames applied.
import path from 'node:path';
import type { BuildDescription } from '../../adapters/contract.js';
import { detectBuilds } from '../../adapters/detect-builds.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ProjectConfig } from './config.js';

/** Apply [variants] renames from the config: build folder (relative) or detected variant → new name. */
export function applyRenames(root: string, builds: BuildDescription[], config: ProjectConfig): void {
  for (const b of builds) {
    const rel = path.relative(root, b.buildDir).split(path.sep).join('/');
    const rename = config.variantNames[rel] ?? config.variantNames[b.variant];
    if (rename) b.variant = rename;
  }
}

export function detectProjectBuilds(root: string, config: ProjectConfig): { builds: BuildDescription[]; diagnostics: Diagnostic[] } {
  const abs = (p: string) => path.resolve(root, p);
  const detected = detectBuilds(root, {
    compileCommandsPaths: config.compileCommands.map(abs),
    excludePaths: config.excludePaths.map(abs),
  });
  applyRenames(root, detected.builds, config);
  return detected;
}
