// Worker threads that fail end the run in bounded time (the pool's backstop): threads that cannot start, or that the
// pool loses once started, leave the work to the main thread (the same index); the work of a thread that dies in a
// task (exit, uncaught throw, out of memory) is done again, each file alone on the pool, and the run warns of it (the
// same index); a file whose thread dies again fails its build with an error naming it, while the previous index stays.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Piscina } from 'piscina';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { ParsePool, poolThreads } from '../../src/indexer/parse-pool.js';
import type { PoolTask } from '../../src/indexer/parse-worker.js';
import { poolWalks } from '../../src/indexer/pooled-walks.js';
import { indexPath, DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from '../helpers/fixture-project.js';
import { until } from '../helpers/until.js';

const builtWorker = fileURLToPath(new URL('../../dist/src/indexer/parse-worker.js', import.meta.url));

/** A worker module that answers as the built one, except that `kind` tasks run `body` instead. */
function failingWorker(kind: 'walk' | 'parse', body: string): string {
  const file = path.join(tempDir(), 'failing-worker.mjs');
  const test = kind === 'walk' ? `task.kind === 'walk'` : `!task.kind && task.jobs.length > 0`;
  fs.writeFileSync(file, `import run from ${JSON.stringify(builtWorker)};\nexport default function (task) {\n  if (${test}) {\n    ${body}\n  }\n  return run(task);\n}\n`);
  return file;
}

/** A worker module that loads and answers as the built one; loaded a second time (a thread in place of one lost), it throws. */
function loadsOnce(): string {
  const dir = tempDir();
  const file = path.join(dir, 'loads-once.mjs');
  const loaded = JSON.stringify(path.join(dir, 'loaded'));
  fs.writeFileSync(
    file,
    `import fs from 'node:fs';\nimport run from ${JSON.stringify(builtWorker)};\n` +
      `if (fs.existsSync(${loaded})) throw new Error('the worker module fails to load again');\nfs.writeFileSync(${loaded}, '');\nexport default run;\n`,
  );
  return file;
}

/**
 * A worker module that answers as the built one, except that a thread exits (code 3) in a `kind` task holding `file`
 * (a unit walked, a text parsed), the first `times` such tasks of the run (counted in a folder: `deaths()`).
 */
function diesFor(kind: 'walk' | 'parse', file: string, times: number): { workerFile: string; deaths: () => number } {
  const dir = tempDir();
  const workerFile = path.join(dir, 'dies-for.mjs');
  const marks = path.join(dir, 'deaths');
  fs.mkdirSync(marks);
  fs.writeFileSync(
    workerFile,
    `import fs from 'node:fs';\nimport path from 'node:path';\nimport run from ${JSON.stringify(builtWorker)};\n` +
      `const file = ${JSON.stringify(file)};\nconst marks = ${JSON.stringify(marks)};\n` +
      `export default function (task) {\n` +
      (kind === 'walk'
        ? `  const holds = task.kind === 'walk' && task.units.some((u) => u.file.endsWith('/' + file));\n`
        : `  const holds = !task.kind && task.jobs.some((j) => j.relPath === file);\n`) +
      `  if (holds && fs.readdirSync(marks).length < ${times}) {\n    fs.writeFileSync(path.join(marks, String(Date.now()) + Math.random()), '');\n    process.exit(3);\n  }\n` +
      `  return run(task);\n}\n`,
  );
  return { workerFile, deaths: () => fs.readdirSync(marks).length };
}

type TaskMethod = (this: ParsePool, pool: Piscina, task: PoolTask) => Promise<unknown>;

/**
 * Runs `body` with the pool's tasks held at the first task that `fails` picks: the worker threads, idle (a thread
 * waits for its next task blocked, so only something outside it can end it there), are ended; that task and every
 * later one go to the pool once it has lost its threads. Answers `body`'s result, and whether the threads were ended.
 */
async function losingThreadsAt<T>(fails: (task: PoolTask) => boolean, body: () => Promise<T>): Promise<{ result: T; ended: boolean }> {
  const proto = ParsePool.prototype as unknown as { task: TaskMethod };
  const original = proto.task;
  let ended = false;
  proto.task = async function (pool, task) {
    if (!ended && fails(task)) {
      ended = true;
      for (const thread of pool.threads) void thread.terminate();
    }
    if (ended) await until(() => this.unavailable ?? null, 10);
    return original.call(this, pool, task);
  };
  try {
    return { result: await body(), ended };
  } finally {
    proto.task = original;
  }
}

const EXIT = 'process.exit(3);';
const THROW = `setTimeout(() => { throw new Error('thrown on purpose'); }, 0);\n    return new Promise(() => {});`;
const GROW = 'const kept = [];\n    for (;;) kept.push(new Array(1 << 16).fill(kept.length));';

function corpus(boards = 1): string {
  const root = tempDir();
  generateZephyrCorpus(root, { boards, units: 60, headers: 12, functionsPerUnit: 3 });
  writeConfig(root, DEFAULT_CONFIG);
  return root;
}

function dump(root: string): unknown[][] {
  const db = new Database(indexPath(root), { readonly: true });
  const rows = [
    db.prepare('SELECT f.path, s.name, s.kind, s.line, s.col FROM symbols s JOIN parse_chunks sc ON sc.chunk_id = s.chunk_id JOIN parsed_files p ON p.id = sc.parsed_id JOIN files f ON f.id = p.file_id ORDER BY 1, 4, 5, 2').all(),
    db.prepare('SELECT f.path, r.name, r.line, r.col FROM refs r JOIN parse_chunks rc ON rc.chunk_id = r.chunk_id JOIN parsed_files p ON p.id = rc.parsed_id JOIN files f ON f.id = p.file_id ORDER BY 1, 3, 4, 2').all(),
    db.prepare('SELECT f.path, f.content_hash, p.mask_hash FROM parsed_files p JOIN files f ON f.id = p.file_id ORDER BY 1, 2, 3').all(),
  ];
  db.close();
  return rows;
}

describe('worker threads that fail', () => {
  const { minUnits, steal } = poolWalks;
  beforeAll(() => Object.assign(poolWalks, { minUnits: 1, steal: false }));
  afterAll(() => Object.assign(poolWalks, { minUnits, steal }));
  afterEach(() => {
    delete poolThreads.workerFile;
    delete poolThreads.resourceLimits;
  });

  it('that cannot start leave the run to the main thread, with the same index', async () => {
    const [a, b] = [corpus(), corpus()];
    const single = await indexProject({ root: a, workers: 0 });
    poolThreads.workerFile = path.join(tempDir(), 'no-such-worker.js');
    const pooled = await indexProject({ root: b, workers: 2 });
    expect(pooled.builds.map((x) => x.error)).toEqual([undefined]);
    expect([pooled.parsedOnWorkers, pooled.preprocessedOnWorkers]).toEqual([0, 0]);
    expect([pooled.parsed, pooled.preprocessed]).toEqual([single.parsed, single.preprocessed]);
    expect(pooled.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', message: expect.stringContaining('worker threads cannot start') }));
    expect(dump(b)).toEqual(dump(a));
  }, 20_000);

  for (const [stage, fails] of [
    ['walking', (t: PoolTask) => 'kind' in t && t.kind === 'walk'],
    ['parsing', (t: PoolTask) => !('kind' in t) && t.jobs.length > 0],
  ] as const) {
    it(`that the pool loses while ${stage} leave the rest of the run to the main thread, with the same index`, async () => {
      const [a, b] = [corpus(), corpus()];
      const single = await indexProject({ root: a, workers: 0 });
      poolThreads.workerFile = loadsOnce();
      const { result: pooled, ended } = await losingThreadsAt(fails, () => indexProject({ root: b, workers: 1 }));
      expect(ended).toBe(true);
      expect(pooled.builds.map((x) => x.error)).toEqual([undefined]);
      // Nothing after the loss went to the worker (walks before it may have).
      expect(pooled.parsedOnWorkers).toBe(0);
      if (stage === 'walking') expect(pooled.preprocessedOnWorkers).toBe(0);
      expect([pooled.parsed, pooled.preprocessed]).toEqual([single.parsed, single.preprocessed]);
      expect(pooled.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', message: expect.stringContaining('the worker module fails to load again') }));
      expect(dump(b)).toEqual(dump(a));
    }, 30_000);
  }

  for (const [name, body, limits, says] of [
    ['exits', EXIT, undefined, 'worker exited with code: 3'],
    ['throws outside its task', THROW, undefined, 'thrown on purpose'],
    ['runs out of memory', GROW, { maxOldGenerationSizeMb: 64 }, 'memory'],
  ] as const) {
    it(`that ${name} while walking fail the build, and the previous index stays`, async () => {
      // The index holds the first board; the run adds the second, whose units all walk on the pool.
      const root = corpus(2);
      expect((await indexProject({ root, workers: 0, variant: 'build-board_0' })).builds).toHaveLength(1);
      const before = dump(root);
      poolThreads.workerFile = failingWorker('walk', body);
      if (limits) poolThreads.resourceLimits = limits;
      const r = await indexProject({ root, workers: 1, variant: 'build-board_1' });
      expect(r.builds).toHaveLength(1);
      expect(r.builds[0].error).toContain('a worker thread failed while walking');
      expect(r.builds[0].error).toContain(says);
      expect(r.builds[0].diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', message: expect.stringContaining('its previous index is kept') }));
      expect(dump(root)).toEqual(before);
      // The next run, with threads that work, indexes the edit.
      delete poolThreads.workerFile;
      delete poolThreads.resourceLimits;
      const next = await indexProject({ root, workers: 1, variant: 'build-board_1' });
      expect(next.builds.map((b) => b.error)).toEqual([undefined]);
      expect(dump(root)).not.toEqual(before);
    }, 30_000);
  }

  for (const [stage, done] of [['walking', 'walked'], ['parsing', 'parsed']] as const) {
    it(`that dies once in a task while ${stage}: its files are ${done} again on the pool, with the same index, and the run warns of it`, async () => {
      const [a, b] = [corpus(), corpus()];
      const single = await indexProject({ root: a, workers: 0 });
      // A unit of the first batch each lane takes (walks: the first units; parses: the first texts).
      const hook = diesFor(stage === 'walking' ? 'walk' : 'parse', 'drivers/drv_1.c', 1);
      poolThreads.workerFile = hook.workerFile;
      const pooled = await indexProject({ root: b, workers: 2 });
      expect(hook.deaths()).toBe(1);
      expect(pooled.builds.map((x) => x.error)).toEqual([undefined]);
      expect([pooled.parsed, pooled.preprocessed]).toEqual([single.parsed, single.preprocessed]);
      expect(pooled.diagnostics).toContainEqual(
        expect.objectContaining({ severity: 'warning', message: expect.stringMatching(new RegExp(`a worker thread died while ${stage} .*drv_1\\.c.*worker exited with code: 3.* ${done} again`)) }),
      );
      expect(dump(b)).toEqual(dump(a));
    }, 30_000);
  }

  it('a unit whose thread dies again when given alone fails the build, naming it; the previous index stays', async () => {
    const root = corpus(2);
    expect((await indexProject({ root, workers: 0, variant: 'build-board_0' })).builds).toHaveLength(1);
    const before = dump(root);
    const hook = diesFor('walk', 'drivers/drv_1.c', 2);
    poolThreads.workerFile = hook.workerFile;
    const r = await indexProject({ root, workers: 2, variant: 'build-board_1' });
    expect(hook.deaths()).toBe(2);
    expect(r.builds[0].error).toMatch(/a worker thread failed while walking \S*drivers\/drv_1\.c, and again when given that file alone: worker exited with code: 3/);
    expect(dump(root)).toEqual(before);
  }, 30_000);

  it('that exits while parsing fails the build', async () => {
    const root = corpus();
    poolThreads.workerFile = failingWorker('parse', EXIT);
    const r = await indexProject({ root, workers: 1 });
    expect(r.builds[0].error).toContain('a worker thread failed while parsing');
    expect(r.builds[0].error).toContain('worker exited with code: 3');
  }, 30_000);
});
