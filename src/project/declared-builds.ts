// Build detection for synchronous query code that must not load the adapters up front: a refusal naming builds
// declared on disk but not indexed yet. project-builds.ts lends its detector when it loads; before that, asking
// throws DetectorNotLoaded and the entry points (CLI, MCP) load it and run the request once more.
import type { DetectResult } from '../../adapters/detection-cache.js';
import { shareIdentity } from '../model/shared-identity.js';
import type { ProjectConfig } from './config.js';

export type ProjectDetector = (root: string, config: ProjectConfig) => DetectResult;

let lent: ProjectDetector | undefined;

/** Called by project-builds.ts as it loads: from then on detection answers synchronously in this process. */
export function lendDetector(detector: ProjectDetector): void {
  lent = detector;
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

/**
 * Runs a read-only request; when it needed the adapters before they were loaded, loads them and runs it once
 * more (a request that only reads repeats without effect). Most requests never need them and never load them.
 */
export async function withDetectorOnDemand<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof DetectorNotLoaded)) throw err;
    await import('./project-builds.js');
    return run();
  }
}
