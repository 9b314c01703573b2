// Vitest global setup: every temp folder the tests make (os.tmpdir(), also for the CLI and compilers they
// spawn) goes under one folder per test run, removed when the run ends, so runs leave nothing in /tmp.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-tests-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(root, { recursive: true, force: true });
  };
}
