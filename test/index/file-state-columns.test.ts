// A run's file states are held to its end (Meshtastic's 246 envs ask for ~20 000 files): in columns, a file's slot
// rather than two objects and two map entries, answering as before: states, stats in the order first stat'ed, hashes.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FileStates, UNTRUSTED_MTIME } from '../../src/indexer/file-states.js';
import { tempDir } from '../helpers/fixture-project.js';

describe('file states held in columns', () => {
  it('answer states, stats and hashes of files stat-ed, missing, folders and adopted', () => {
    const root = tempDir();
    const a = path.join(root, 'a.h');
    const b = path.join(root, 'b.h');
    fs.writeFileSync(a, '#define A 1\n');
    fs.writeFileSync(b, '#define B 2\n');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(a, old, old);
    const states = new FileStates(root, new Map());
    const sa = states.get(a)!;
    expect(sa).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{40}$/), size: 12, mtimeMs: fs.statSync(a).mtimeMs });
    expect(states.get(a)).toEqual(sa);
    // Written just now: hashed, its mtime not to be trusted.
    expect(states.get(b)!.mtimeMs).toBe(UNTRUSTED_MTIME);
    expect(states.get(path.join(root, 'missing.h'))).toBeNull();
    expect(states.get(root)).toBeNull();
    states.adopt({ file: path.join(root, 'c.h'), size: 3, mtimeMs: 1.5e12 + 0.25, hash: 'c'.repeat(40), bytes: new Uint8Array([1, 2, 3]) });
    expect(states.hash(path.join(root, 'c.h'))).toBe('c'.repeat(40));
    expect(states.get(path.join(root, 'c.h'))).toEqual({ hash: 'c'.repeat(40), size: 3, mtimeMs: 1.5e12 + 0.25 });
    expect(states.statOf(b)).toEqual({ size: 12, mtimeMs: fs.statSync(b).mtimeMs });
    expect(states.statOf(root)).toBeUndefined();
    expect(states.statOf(path.join(root, 'c.h'))).toEqual({ size: 3, mtimeMs: 1.5e12 + 0.25 });
    expect([...states.statedFiles()]).toEqual([a, b, path.join(root, 'c.h')]);
    expect(states.hash(path.join(root, 'missing.h'))).toBeNull();
  });

  it('hold under 260 bytes of heap a file (two objects and two map entries took ~350)', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const n = 20_000;
    const files = Array.from({ length: n }, (_, i) => `/p/src/module${i}/file${i}.h`);
    const hashes = Array.from({ length: n }, (_, i) => (i.toString(16) + 'a'.repeat(40)).slice(0, 40));
    const bytes = new Uint8Array(0);
    gc();
    const before = process.memoryUsage().heapUsed;
    const states = new FileStates('/p', new Map());
    for (let i = 0; i < n; i++) states.adopt({ file: files[i], size: 100 + i, mtimeMs: 1.5e12 + i + 0.25, hash: hashes[i], bytes });
    gc();
    expect((process.memoryUsage().heapUsed - before) / n).toBeLessThan(260);
    expect(states.hash(files[5])).toBe(hashes[5]);
  });
});
