// A worker thread lets go of its recorded header walks when a new build's walks come and its heap is past
// workerWalksBudget, as the main thread does between builds: kept to the run's end, they grew with the builds.
// Walked here through the worker's own entry (walkBatch), whose state is the thread's.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { walkBatch } from '../../src/indexer/walk-worker.js';
import { workerWalksBudget } from '../../src/indexer/worker-release.js';
import { compilerCachePath, DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from '../helpers/fixture-project.js';

const saved = workerWalksBudget.bytes;
afterEach(() => {
  workerWalksBudget.bytes = saved;
});

function corpusUnits(): { root: string; units: CompileUnit[] } {
  const root = tempDir();
  generateZephyrCorpus(root, { boards: 1, units: 4, headers: 12 });
  writeConfig(root, DEFAULT_CONFIG);
  const commands = JSON.parse(fs.readFileSync(path.join(root, 'build-board_0', 'compile_commands.json'), 'utf8')) as { file: string; directory: string; command: string }[];
  return { root, units: commands.map((c) => ({ file: c.file, directory: c.directory, arguments: c.command.split(' ') })) };
}

/**
 * Header inclusions walked (not replayed) by one thread walking a unit in a first build, then the same unit in a
 * second build after the other units of the first.
 */
function walkedByBuild(): { first: number; next: number } {
  const { root, units } = corpusUnits();
  const task = { kind: 'walk' as const, root, compilerCacheDir: compilerCachePath(root) };
  const first = walkBatch({ ...task, build: 1, units: units.slice(0, 1) });
  walkBatch({ ...task, build: 1, units: units.slice(1) });
  const next = walkBatch({ ...task, build: 2, units: units.slice(0, 1) });
  for (const reply of [first, next]) expect(reply.outcomes.every((o) => 'row' in o)).toBe(true);
  return { first: first.headerWalks.walked, next: next.headerWalks.walked };
}

describe("a worker thread's recorded header walks", () => {
  it('are kept for the next build while its heap is within the budget', () => {
    workerWalksBudget.bytes = Number.MAX_SAFE_INTEGER;
    const { first, next } = walkedByBuild();
    expect(first).toBeGreaterThan(10);
    expect(next).toBe(0);
  });

  it('go when the next build begins with its heap past the budget', () => {
    workerWalksBudget.bytes = 0;
    const { first, next } = walkedByBuild();
    expect(first).toBeGreaterThan(10);
    expect(next).toBe(first);
  });
});
