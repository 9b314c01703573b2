// Build detection for synchronous query code that must not load the adapters up front: a refusal naming builds
// declared on disk but not indexed yet. project-builds.ts lends its detector when it loads; before that, asking
// throws DetectorNotLoaded and the entry points lend the detection cache's answer, else the adapters', and run
// the request again. A request that needs only the declared builds' names (choosing the default build) takes
// them from the detection cache's names file first (adapters/detection-names.ts), not from its every unit.
import type { DetectResult } from '../../adapters/detection-cache.js';
import { shareIdentity } from '../model/shared-identity.js';
import type { ProjectConfig } from './config.js';

export type ProjectDetector = (root: string, config: ProjectConfig) => DetectResult;

let lent: ProjectDetector | undefined;

/** A declared build's names (what resolving a build asks of detection), as detected builds give them. */
export type DeclaredName = Pick<DetectResult['builds'][number], 'variant' | 'image' | 'defaultVariant'>;

/** The declared builds' names from a part of the detection cache; undefined when it cannot tell. */
export type NamesDetector = (root: string, config: ProjectConfig) => DeclaredName[] | undefined;

let lentNames: NamesDetector | undefined;

/** Called by project-builds.ts as it loads: from then on detection answers synchronously in this process. */
export function lendDetector(detector: ProjectDetector): void {
  lent = detector;
}

/**
 * The names of the builds the project declares now: from the detection cache's list of them when one is lent and
 * holds, else from the builds detected (throws DetectorNotLoaded while no detector is lent).
 */
export function detectDeclaredNames(root: string, config: ProjectConfig): DeclaredName[] {
  return lentNames?.(root, config) ?? detectDeclaredBuilds(root, config).builds;
}

/**
 * The request needs build detection and the adapters are not loaded: load them and run it again. `instanceof`
 * knows the DetectorNotLoaded of every copy of this module (the command bundles hold their own).
 */
export class DetectorNotLoaded extends Error {
  static {
    shareIdentity(this, 'fw-context.DetectorNotLoaded');
  }

  constructor() {
    super('build detection is not loaded in this process: import src/project/project-builds.js, then run the request again');
    this.name = 'DetectorNotLoaded';
  }
}

/** The builds the project declares now; throws DetectorNotLoaded while project-builds.ts has not loaded. */
export function detectDeclaredBuilds(root: string, config: ProjectConfig): DetectResult {
  if (!lent) throw new DetectorNotLoaded();
  return lent(root, config);
}

/** Where a process takes build detection from: the detection cache alone, then every adapter. */
export interface DetectorLoaders {
  /** Build detection from the detection cache (a few modules); undefined answers a miss. */
  fromCache: () => Promise<(root: string, config: ProjectConfig) => DetectResult | undefined>;
  /** Build detection by every adapter (loads them all). */
  full: () => Promise<ProjectDetector>;
  /** The declared builds' names from the detection cache's small list of them (not its units); undefined answers a miss. */
  namesFromCache?: () => Promise<NamesDetector>;
}

/** This module's loaders (a bundle holding its own copy of this module passes paths of its own). */
const OWN_LOADERS: DetectorLoaders = {
  fromCache: async () => (await import('./build-detection.js')).detectProjectBuildsFromCache,
  full: async () => (await import('./project-builds.js')).detectProjectBuilds,
  namesFromCache: async () => (await import('./build-detection.js')).declaredNamesFromCache,
};

/**
 * Runs a read-only request; when it needed build detection before a detector was lent, lends the detection
 * cache's answer and runs it again, and only when the cache misses (something the adapters read changed) loads
 * the adapters and runs it a last time (a request that only reads repeats without effect). Most requests never
 * need detection, and a project whose builds are as detected last time never loads the adapters.
 */
export async function withDetectorOnDemand<T>(run: () => T | Promise<T>, loaders: DetectorLoaders = OWN_LOADERS): Promise<T> {
  const stages: (() => Promise<ProjectDetector>)[] = [
    async () => {
      lentNames = await loaders.namesFromCache?.();
      return cacheOnly(await loaders.fromCache());
    },
    loaders.full,
  ];
  for (const lend of stages) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof DetectorNotLoaded)) throw err;
    }
    lendDetector(await lend());
  }
  return run();
}

/** A detector answering from the detection cache, and throwing DetectorNotLoaded when it misses. */
function cacheOnly(fromCache: (root: string, config: ProjectConfig) => DetectResult | undefined): ProjectDetector {
  return (root, config) => {
    const detected = fromCache(root, config);
    if (!detected) throw new DetectorNotLoaded();
    return detected;
  };
}
