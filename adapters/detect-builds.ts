// Runs every adapter over a project, most specific first; a compile database claimed by one adapter
// is not claimed again by a later one. New build systems are added to ADAPTERS.
import type { AdapterOptions, AdapterResult, BuildAdapter } from './contract.js';
import { compileCommandsAdapter } from './compile-commands/detect-compile-commands.js';

/** Most specific first; the generic compile-database adapter stays last. */
export const ADAPTERS: BuildAdapter[] = [compileCommandsAdapter];

export function detectBuilds(projectRoot: string, options: AdapterOptions = {}, adapters: BuildAdapter[] = ADAPTERS): AdapterResult {
  const out: AdapterResult = { builds: [], diagnostics: [] };
  const claimedDbs = new Set<string>();
  const claimedDirs = new Set<string>();
  for (const adapter of adapters) {
    let r: AdapterResult;
    try {
      r = adapter.detect(projectRoot, options);
    } catch (err) {
      out.diagnostics.push({ severity: 'error', file: projectRoot, message: `the ${adapter.name} adapter failed: ${(err as Error).message}` });
      continue;
    }
    out.diagnostics.push(...r.diagnostics);
    for (const b of r.builds) {
      if (b.compileCommands && claimedDbs.has(b.compileCommands)) continue;
      if (!b.compileCommands && claimedDirs.has(b.buildDir) && b.buildSystem === 'compile_commands') continue;
      if (b.compileCommands) claimedDbs.add(b.compileCommands);
      claimedDirs.add(b.buildDir);
      out.builds.push(b);
    }
  }
  // Two builds with the same (variant, image): disambiguate by the build folder's name.
  const seen = new Map<string, number>();
  for (const b of out.builds) {
    const key = `${b.variant}\u0000${b.image}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    if (n > 0) b.variant = `${b.variant}-${n + 1}`;
  }
  return out;
}
