// A task's reply is the caller's alone once the task settles: the pool keeps nothing of it. Each task used to be
// raced against one promise that settles only when the pool is lost, whose reactions kept every reply to the run's end.
import { describe, expect, it } from 'vitest';
import v8 from 'node:v8';
import vm from 'node:vm';
import { setTimeout as tick } from 'node:timers/promises';
import { ParsePool } from '../../src/indexer/parse-pool.js';
import type { ParseJob } from '../../src/indexer/mask-files.js';

function job(i: number): ParseJob {
  const text = `int value_${i}(void) { return ${i}; }\n`;
  return { text, rowsMasked: new Uint8Array(0), invocations: undefined, version: { path: `f${i}.c`, language: 'c' } } as unknown as ParseJob;
}

function collect(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Parses `count` jobs on the pool; weak references to the parses the workers sent (the caller keeps none). */
async function parsedOnWorkers(pool: ParsePool, count: number): Promise<WeakRef<object>[]> {
  const jobs = Array.from({ length: count }, (_, i) => job(i));
  const before = pool.onWorkers;
  await pool.run(jobs, new Map());
  expect(pool.onWorkers).toBeGreaterThan(before);
  return jobs.filter((j) => j.version.parsed !== undefined).map((j) => new WeakRef(j.version.parsed as object));
}

describe('worker pool replies', () => {
  it('are not held by the pool once their tasks settle', async () => {
    const pool = new ParsePool(1);
    try {
      pool.warm();
      const refs = await parsedOnWorkers(pool, 96);
      expect(refs.length).toBe(96);
      // Weak references keep their targets to the end of the job that made them.
      await tick(10);
      collect();
      expect(refs.filter((r) => r.deref() !== undefined).length).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
