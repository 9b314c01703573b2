// Test helper: a small generated Zephyr-shaped corpus (12 units a board, each reading 10 common headers and the sample
// header), with its config written and indexed once on the main thread: the starting point of the edit tests.
import { indexProject, type IndexResult } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from './fixture-project.js';

/**
 * The corpus for `boards` boards, indexed; with what the generator says of it (sample header and unit, build folders)
 * and what that first index run answered (`first`).
 */
export async function indexedSmallCorpus(boards: number): Promise<{ root: string; first: IndexResult } & ReturnType<typeof generateZephyrCorpus>> {
  const root = tempDir();
  const corpus = generateZephyrCorpus(root, { boards, units: 12, headers: 10, functionsPerUnit: 1 });
  writeConfig(root, DEFAULT_CONFIG);
  const first = await indexProject({ root, workers: 0 });
  return { root, first, ...corpus };
}
