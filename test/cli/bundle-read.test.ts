// The bin reads the command bundle and its code cache without reading either file whole into a buffer the process
// frees (each such block raises glibc's malloc thresholds, and every arena then keeps that much free memory), and
// V8 still takes the cache.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { assertCliBuilt, CLI } from '../helpers/fixture-project.js';

const PROBE = `
const fs = require('node:fs');
const read = [];
const readFileSync = fs.readFileSync;
fs.readFileSync = (file, ...rest) => { read.push(String(file)); return readFileSync(file, ...rest); };
const { loadMainCli } = require(${JSON.stringify(CLI)});
const { cacheUsed, cli } = loadMainCli();
process.stdout.write(JSON.stringify({ cacheUsed, runs: typeof cli.runAsProcess, read: read.filter((f) => /main-cli\\.(cjs|cache)$/.test(f)) }));
`;

describe('the command bundle as the bin loads it', () => {
  it('is compiled from its cache, neither file read whole', () => {
    assertCliBuilt();
    const r = spawnSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ cacheUsed: true, runs: 'function', read: [] });
  });
});
