// Runs the build search once (discover-build-dirs.ts), then every adapter over its result, most specific
// first; a compile database (or, for builds without one, a build folder) claimed by one adapter is not claimed
// again by a later one, compared by real path. New build systems are added to ADAPTERS. Identical diagnostics
// from several adapters (the same broken file) are reported once.
import { realPathOf, recordDetectInputs } from './shared/detect-inputs.js';
import { cachedResult, detectionKey, loadDetection, saveDetection, type DetectResult } from './detection-cache.js';
import type { AdapterOptions, AdapterResult, BuildAdapter, Diagnostic } from './contract.js';
import { zephyrAdapter } from './zephyr/detect-zephyr.js';
import { mbedAdapter } from './mbed/detect-mbed.js';
import { platformioAdapter } from './platformio/detect-platformio.js';
import { cmakeAdapter } from './cmake/detect-cmake.js';
import { ninjaAdapter } from './ninja/detect-ninja.js';
import { compileCommandsAdapter } from './compile-commands/detect-compile-commands.js';
import { makeAdapter } from './make/detect-make.js';
import { cdtAdapter } from './cdt/detect-cdt.js';
import { iarAdapter } from './iar/detect-iar.js';
import { keilAdapter } from './keil/detect-keil.js';
import { sesAdapter } from './ses/detect-ses.js';
import { discoveryFor } from './shared/discover-build-dirs.js';

export type { DetectResult } from './detection-cache.js';

function realPath(p: string): string {
  return realPathOf(p) ?? p;
}

/** Most specific first; the generic compile-database adapter stays last. */
export const ADAPTERS: BuildAdapter[] = [zephyrAdapter, mbedAdapter, platformioAdapter, cmakeAdapter, ninjaAdapter, makeAdapter, cdtAdapter, keilAdapter, iarAdapter, sesAdapter, compileCommandsAdapter];

function diagnosticKey(d: Diagnostic): string {
  return `${d.severity}\u0000${d.file}\u0000${d.line ?? ''}\u0000${d.message}`;
}

/** Every adapter over the project, most specific first; a build claimed once is not claimed again. */
function runAdapters(projectRoot: string, options: AdapterOptions, adapters: BuildAdapter[]): AdapterResult {
  const out: AdapterResult = { builds: [], diagnostics: [] };
  /** Compile database → the adapter that claimed it and the images it read from it (one link each: several programs). */
  const claimedDbs = new Map<string, { adapter: string; images: Set<string> }>();
  /** Build folder → the adapter that claimed it. */
  const claimedDirs = new Map<string, string>();
  const seenDiagnostics = new Set<string>();
  for (const adapter of adapters) {
    let r: AdapterResult;
    try {
      r = adapter.detect(projectRoot, options);
    } catch (err) {
      out.diagnostics.push({ severity: 'error', file: projectRoot, message: `the ${adapter.name} adapter failed: ${(err as Error).message}`, fix: 'report this as a bug in fw-context, with the build folder if possible' });
      continue;
    }
    for (const d of r.diagnostics) {
      const k = diagnosticKey(d);
      if (seenDiagnostics.has(k)) continue;
      seenDiagnostics.add(k);
      out.diagnostics.push(d);
    }
    for (const b of r.builds) {
      const db = b.compileCommands && realPath(b.compileCommands);
      const dir = realPath(b.buildDir);
      const dbOwner = db ? claimedDbs.get(db) : undefined;
      if (dbOwner && (dbOwner.adapter !== adapter.name || dbOwner.images.has(b.image))) continue;
      const owner = claimedDirs.get(dir);
      if (!db && owner !== undefined && owner !== adapter.name) continue;
      if (db) claimedDbs.set(db, { adapter: adapter.name, images: new Set([...(dbOwner?.images ?? []), b.image]) });
      if (!claimedDirs.has(dir)) claimedDirs.set(dir, adapter.name);
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

/**
 * The builds of a project: the build search, then every adapter over its result. With
 * `options.detectionCache`, an answer whose consulted inputs all still hold is read back instead (the
 * default adapters only).
 */
export function detectBuilds(projectRoot: string, options: AdapterOptions = {}, adapters: BuildAdapter[] = ADAPTERS): DetectResult {
  projectRoot = realPath(projectRoot);
  const discovery = discoveryFor(projectRoot, options);
  options = { ...options, discovery };
  const cacheFile = adapters === ADAPTERS ? options.detectionCache : undefined;
  const key = cacheFile ? detectionKey(projectRoot, options, discovery) : '';
  const cached = cacheFile ? loadDetection(cacheFile, key) : undefined;
  if (cached) return cachedResult(cached, discovery);
  const checkedAt = Date.now();
  const run = recordDetectInputs(() => runAdapters(projectRoot, options, adapters));
  if (cacheFile) saveDetection(cacheFile, key, checkedAt, run.inputs, run.value);
  return { builds: run.value.builds, diagnostics: [...discovery.diagnostics, ...run.value.diagnostics], discovery, consulted: { checkedAt, inputs: run.inputs } };
}
