// The bin's status path: a status run from the status bundle that throws is reported once (exit 1, the error on
// stderr), not run again by the command bundle, which would print its output a second time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt, CLI, tempDir } from '../helpers/fixture-project.js';

const PROBE = fileURLToPath(new URL('./status-throw-probe.cjs', import.meta.url));

describe('a status run that throws', () => {
  beforeAll(() => assertCliBuilt());

  it('is reported once and not run again by another bundle', () => {
    const dir = tempDir('fwc-status-throw-');
    const log = path.join(dir, 'bundles.log');
    const r = spawnSync(process.execPath, ['--require', PROBE, CLI, 'status'], { cwd: dir, encoding: 'utf8', env: { ...process.env, FWC_BUNDLE_LOG: log } });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('status printed this\n');
    expect(r.stderr).toContain('fw-context: Error: status broke after printing');
    const bundles = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map((f) => path.basename(f));
    expect(bundles).toEqual(['status-cli.cjs']);
  });
});
