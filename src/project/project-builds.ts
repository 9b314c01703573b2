// The builds a project declares now: every adapter run over the root with the config's paths (answered
// from the detection cache while what the adapters read is unchanged), and the config's [variants] renames.
// Loading this module loads every adapter (and the linker reader; yaml and json5 load with the first file of theirs): read-only commands avoid it.
import { detectBuilds, type DetectResult } from '../../adapters/detect-builds.js';
import type { ProjectConfig } from './config.js';
import { applyRenames, projectDetectOptions } from './build-detection.js';
import { lendDetector } from './declared-builds.js';

export { applyRenames, discoveryCachePath, unreadableDescription } from './build-detection.js';

export function detectProjectBuilds(root: string, config: ProjectConfig): DetectResult {
  const detected = detectBuilds(root, projectDetectOptions(root, config));
  applyRenames(root, detected.builds, config);
  return detected;
}

// Code that must not load the adapters itself (a refusal naming builds not indexed yet) asks through declared-builds.ts.
lendDetector(detectProjectBuilds);
