// A walk that throws on a worker thread fails its build as the same walk throwing on the main thread does (same
// error, same diagnostics), and so does a worker that dies; the run goes on and the pool closes.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { ParsePool } from '../../src/indexer/parse-pool.js';
import { poolWalks } from '../../src/indexer/pooled-walks.js';
import { walkBatch } from '../../src/indexer/walk-worker.js';
import { compilerCachePath, DEFAULT_CONFIG, STATE_DIR, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from '../helpers/fixture-project.js';

const failing = vi.hoisted(() => ({ file: '' }));

// On the main thread, the walk of `failing.file` throws.
vi.mock('../../src/preprocessor/unit-result.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/preprocessor/unit-result.js')>();
  return {
    ...m,
    walkUnit: (...args: Parameters<typeof m.walkUnit>) => {
      if (args[0].file === failing.file) throw new Error('walk failed on purpose');
      return m.walkUnit(...args);
    },
  };
});

const MESSAGE = 'walk failed on purpose';
const walk = ParsePool.prototype.walk;

function corpus(): string {
  const root = tempDir();
  generateZephyrCorpus(root, { boards: 1, units: 20, headers: 20 });
  writeConfig(root, DEFAULT_CONFIG);
  return root;
}

async function fullIndex(root: string, workers: number) {
  for (const f of fs.readdirSync(path.join(root, STATE_DIR))) if (f.startsWith('index')) fs.rmSync(path.join(root, STATE_DIR, f));
  const r = await indexProject({ root, workers });
  return { error: r.builds[0].error, diagnostics: r.builds[0].diagnostics, preprocessedOnWorkers: r.preprocessedOnWorkers };
}

describe('a walk that fails on a worker thread', () => {
  const { minUnits, steal } = poolWalks;
  beforeAll(() => Object.assign(poolWalks, { minUnits: 1, steal: false }));
  afterAll(() => Object.assign(poolWalks, { minUnits, steal }));
  afterEach(() => {
    ParsePool.prototype.walk = walk;
    failing.file = '';
  });

  it('fails the build as on the main thread', async () => {
    const root = corpus();
    // The workers take the first batches: the first unit of the first one fails there (as walk-worker.ts answers a throw).
    let sawIt = false;
    ParsePool.prototype.walk = async function (this: ParsePool, task) {
      failing.file ||= task.units[0].file;
      const reply = await walk.call(this, task);
      const at = task.units.findIndex((u) => u.file === failing.file);
      if (at >= 0) {
        sawIt = true;
        reply.outcomes[at] = { error: MESSAGE };
      }
      return reply;
    };
    const pooled = await fullIndex(root, 1);
    expect(sawIt).toBe(true);
    ParsePool.prototype.walk = walk;
    const single = await fullIndex(root, 0);
    expect(single.error).toBe(MESSAGE);
    expect(pooled.error).toBe(MESSAGE);
    expect(pooled.diagnostics).toEqual(single.diagnostics);
  }, 60_000);

  it('is answered in the place of its unit by the worker', async () => {
    const root = corpus();
    const units = (JSON.parse(fs.readFileSync(path.join(root, 'build-board_0', 'compile_commands.json'), 'utf8')) as { file: string; directory: string; command: string }[])
      .slice(0, 3)
      .map((c) => ({ file: c.file, directory: c.directory, arguments: c.command.split(' ') }));
    failing.file = units[1].file;
    const reply = walkBatch({ kind: 'walk', root, compilerCacheDir: compilerCachePath(root), build: 1, units });
    expect(reply.outcomes.map((o) => ('error' in o ? o.error : 'row'))).toEqual(['row', MESSAGE, 'row']);
  });

  it('fails the build when its worker dies, and the run ends', async () => {
    const root = corpus();
    ParsePool.prototype.walk = async function () {
      throw new Error('the worker thread exited');
    };
    const r = await fullIndex(root, 1);
    expect(r.error).toBe('the worker thread exited');
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', message: expect.stringContaining('indexing this build failed: the worker thread exited') }));
  }, 60_000);
});
