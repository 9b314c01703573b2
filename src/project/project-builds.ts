// The builds a project declares now: every adapter run over the root with the config's paths (answered
// from the detection cache while what the adapters read is unchanged), and the config's [variants] renames.
import { detectBuilds, type DetectResult } from '../../adapters/detect-builds.js';
import type { ProjectConfig } from './config.js';
import { applyRenames, projectDetectOptions } from './build-detection.js';

export { applyRenames, discoveryCachePath, unreadableDescription } from './build-detection.js';

export function detectProjectBuilds(root: string, config: ProjectConfig): DetectResult {
  const detected = detectBuilds(root, projectDetectOptions(root, config));
  applyRenames(root, detected.builds, config);
  return detected;
}
