// The CLI piped into a reader that stops early (`fw-context symbols | head`) ends quietly: exit 0 and no
// stack trace, as other command-line tools do.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli } from '../helpers/fixture-project.js';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fwc-pipe-'));
  fs.mkdirSync(path.join(root, 'src'));
  fs.mkdirSync(path.join(root, 'build'));
  // Far more output than a pipe buffers (64 KiB), so the writer meets the closed pipe.
  const body = Array.from({ length: 3000 }, (_, i) => `int function_number_${i}(int value) { return value + ${i}; }`).join('\n');
  fs.writeFileSync(path.join(root, 'src/big.c'), body + '\n');
  fs.writeFileSync(path.join(root, 'build/compile_commands.json'), JSON.stringify([{ directory: root, file: 'src/big.c', command: 'cc -c src/big.c -o big.o' }]));
  expect(runCli(root, ['init']).status).toBe(0);
  expect(runCli(root, ['index']).status).toBe(0);
});

describe('output into a closed pipe', () => {
  it('symbols | head ends with exit 0 and nothing on stderr', () => {
    const script = `node "${CLI}" symbols 2>"${root}/err.txt" | head -c 20 >/dev/null; echo \${PIPESTATUS[0]}`;
    const r = spawnSync('bash', ['-c', script], { cwd: root, encoding: 'utf8' });
    if (r.error) return; // no bash on this machine
    expect(r.stdout.trim()).toBe('0');
    expect(fs.readFileSync(path.join(root, 'err.txt'), 'utf8')).toBe('');
  });
});
