// The writer lock: one index run per project across processes; a holder killed with SIGKILL leaves nothing
// that blocks the next run, and a lock file naming some other live process (a reused pid) blocks nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, IndexBusyError, lockPath, readLock, updateLockProgress } from '../../src/indexer/index-lock.js';
import { CLI, PROJECT_ROOT, assertCliBuilt, copyFixtureToTemp, runCli, tempDir } from '../helpers/fixture-project.js';

/** A separate process that takes the lock, says so, and holds it until killed. */
function holder(root: string) {
  assertCliBuilt();
  const mod = path.join(PROJECT_ROOT, 'dist/src/indexer/index-lock.js');
  const script = `import { acquireLock, updateLockProgress } from ${JSON.stringify(mod)}; acquireLock(${JSON.stringify(root)}); updateLockProgress(${JSON.stringify(root)}, 'holding'); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return { child, locked, exited: new Promise<void>((resolve) => child.on('exit', () => resolve())) };
}

describe('index writer lock', () => {
  it('excludes a second writer in another process; SIGKILL of the holder frees it at once', async () => {
    const root = tempDir();
    const h = holder(root);
    await h.locked;
    expect(() => acquireLock(root)).toThrow(IndexBusyError);
    expect(() => acquireLock(root)).toThrow(new RegExp(`pid ${h.child.pid}.*holding`));
    expect(readLock(root)).toMatchObject({ pid: h.child.pid, progress: 'holding' });
    h.child.kill('SIGKILL');
    await h.exited;
    // The dead holder's JSON is still on disk, but it neither blocks nor reads as a run.
    expect(fs.existsSync(lockPath(root))).toBe(true);
    expect(readLock(root)).toBeNull();
    const release = acquireLock(root);
    expect(readLock(root)).toMatchObject({ pid: process.pid });
    updateLockProgress(root, 'step 2');
    expect(readLock(root)?.progress).toBe('step 2');
    release();
    expect(readLock(root)).toBeNull();
  });

  it('a lock file naming another live process does not block (the pid may have been reused)', () => {
    const root = tempDir();
    fs.mkdirSync(path.dirname(lockPath(root)), { recursive: true });
    fs.writeFileSync(lockPath(root), JSON.stringify({ pid: process.ppid, startedAt: '2020-01-01T00:00:00Z' }));
    const release = acquireLock(root);
    expect(readLock(root)?.pid).toBe(process.pid);
    release();
  });

  it('one process cannot take it twice', () => {
    const root = tempDir();
    const release = acquireLock(root);
    try {
      expect(() => acquireLock(root)).toThrow(IndexBusyError);
    } finally {
      release();
    }
    acquireLock(root)();
  });

  it('fw-context index waits for the run that holds the lock, then indexes', async () => {
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    expect(runCli(root, ['init']).status).toBe(0);
    const h = holder(root);
    await h.locked;
    const order: string[] = [];
    const cli = spawn(process.execPath, [CLI, 'index'], { cwd: root, stdio: 'ignore' });
    const cliDone = new Promise<number | null>((resolve) => cli.on('exit', (code) => (order.push('index'), resolve(code))));
    // Let the index command meet the lock before the holder goes away.
    await new Promise((r) => setTimeout(r, 1500));
    h.child.kill('SIGKILL');
    await h.exited;
    order.push('holder');
    expect(await cliDone).toBe(0);
    expect(order).toEqual(['holder', 'index']);
  });
});
