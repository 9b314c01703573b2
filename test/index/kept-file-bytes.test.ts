// A run keeps the bytes of the files it read and hashed for the stages that read them again, up to 1 MiB in all: past
// it a file is read again where needed (held to the run's end: the first builds' files, which a whole Meshtastic run's
// peaks, 127th and 207th of 246 builds, do not read).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileStates } from '../../src/indexer/file-states.js';
import { tempDir } from '../helpers/fixture-project.js';

describe('bytes kept of the files a run hashed', () => {
  it('are held up to 1 MiB in all; a file past it answers its text read again', () => {
    const root = tempDir();
    const files = [0, 1, 2].map((k) => path.join(root, `part-${k}.h`));
    files.forEach((f, k) => fs.writeFileSync(f, `/* ${k} */\n`.padEnd(450 * 1024, 'x')));
    const states = new FileStates(root, new Map());
    for (const f of files) expect(states.get(f)?.hash).toMatch(/^[0-9a-f]{40}$/);
    expect(files.map((f) => states.keptBytes(f) !== undefined)).toEqual([true, true, false]);
    expect(states.readText(files[2])?.text.startsWith('/* 2 */')).toBe(true);
    expect(states.readText(files[2])?.hash).toBe(states.get(files[2])?.hash);
  });
});
