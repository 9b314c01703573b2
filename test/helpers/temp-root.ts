// Vitest global setup: every temp folder the tests make (os.tmpdir(), also for the CLI and compilers they
// spawn) goes under one folder per test run, removed when the run ends, so runs leave nothing in /tmp. HOME is an
// empty folder there too, and PlatformIO's folder variables are unset: the machine's PlatformIO core
// (~/.platformio, its board manifests and version) does not change what a test sees.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPLACED = ['TMPDIR', 'HOME', 'PLATFORMIO_CORE_DIR', 'PLATFORMIO_BOARDS_DIR'] as const;

export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-tests-'));
  const before = Object.fromEntries(REPLACED.map((n) => [n, process.env[n]]));
  const home = path.join(root, 'home');
  fs.mkdirSync(home);
  process.env.TMPDIR = root;
  process.env.HOME = home;
  delete process.env.PLATFORMIO_CORE_DIR;
  delete process.env.PLATFORMIO_BOARDS_DIR;
  return () => {
    for (const n of REPLACED) {
      if (before[n] === undefined) delete process.env[n];
      else process.env[n] = before[n];
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
}
