// The parse stage's stores: every file of the build stored once, in the build's order, a few parses at a time,
// with a turn of the event loop between batches (Node frees dropped tree-sitter trees from an immediate).
import { describe, expect, it } from 'vitest';
import { ParsePool } from '../../src/indexer/parse-pool.js';
import { JOBS_PER_STORE, parseAndStore } from '../../src/indexer/store-parses.js';
import type { MaskedFiles, ParseJob } from '../../src/indexer/mask-files.js';
import type { FileVersion, IndexWriter } from '../../src/index/index-writer.js';

function version(i: number): FileVersion {
  return { path: `f${i}.c`, language: 'c' } as unknown as FileVersion;
}

function job(v: FileVersion, i: number): ParseJob {
  return { text: `int value_${i}(void) { return ${i}; }\n`, rowsMasked: new Uint8Array(0), file: `/p/${v.path}`, version: v } as unknown as ParseJob;
}

describe('parse and store', () => {
  it('stores every file once in order, turning the event loop between batches of parses', async () => {
    const versions = Array.from({ length: 3 * JOBS_PER_STORE + 2 }, (_, i) => version(i));
    // Every other file is parsed; the others were kept from an earlier run.
    const jobs = versions.flatMap((v, i) => (i % 2 === 0 ? [job(v, i)] : []));
    const masked = { versions, jobs, kept: 0, remasked: 0, diagnostics: [], values: new Map() } as unknown as MaskedFiles;
    let turns = 0;
    let ticking = true;
    const tick = (): void => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const stores: { paths: string[]; turns: number; parsed: boolean }[] = [];
    const writer = { storeFiles: (vs: FileVersion[]) => stores.push({ paths: vs.map((v) => v.path), turns, parsed: vs.every((v, k) => v.parsed !== undefined || versions.indexOf(vs[k]) % 2 === 1) }) } as unknown as IndexWriter;
    const pool = new ParsePool(0);
    try {
      await parseAndStore(masked, pool, new Map(), writer);
    } finally {
      ticking = false;
      await pool.close();
    }
    expect(stores.flatMap((s) => s.paths)).toEqual(versions.map((v) => v.path));
    expect(stores.every((s) => s.parsed)).toBe(true);
    const batches = stores.filter((s) => s.paths.length);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    // Each store after a batch of parses comes a turn of the loop later than the store before it.
    for (let k = 1; k < batches.length; k++) expect(batches[k].turns).toBeGreaterThan(batches[k - 1].turns);
    expect(versions.filter((_, i) => i % 2 === 0).every((v) => v.parsed?.symbols.some((s) => s.name.startsWith('value_')))).toBe(true);
  });
});
