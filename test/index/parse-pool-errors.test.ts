// An error the worker pool reports that no task waits on (a stray reply, an idle thread failing) is counted,
// not thrown: the process goes on, and the pool still parses.
import { describe, expect, it } from 'vitest';
import type { EventEmitter } from 'node:events';
import { ParsePool } from '../../src/indexer/parse-pool.js';
import type { ParseJob } from '../../src/indexer/mask-files.js';

function job(i: number): ParseJob {
  const text = `int value_${i}(void) { return ${i}; }\n`;
  return { text, rowsMasked: new Uint8Array(0), invocations: undefined, version: { path: `f${i}.c`, language: 'c' } } as unknown as ParseJob;
}

describe('parse pool errors', () => {
  it('counts an error no task waits on and keeps parsing', async () => {
    const pool = new ParsePool(1);
    try {
      pool.warm();
      const jobs = Array.from({ length: 64 }, (_, i) => job(i));
      await pool.run(jobs, new Map());
      const inner = (pool as unknown as { pool: EventEmitter }).pool;
      expect(() => inner.emit('error', new Error('Unexpected message from Worker: { taskId: 7 }'))).not.toThrow();
      expect(pool.poolErrors).toBe(1);
      const again = Array.from({ length: 64 }, (_, i) => job(100 + i));
      await pool.run(again, new Map());
      expect(again.every((j) => j.version.parsed !== undefined)).toBe(true);
      expect(pool.onWorkers + pool.inline).toBe(128);
    } finally {
      await pool.close();
    }
  });
});
