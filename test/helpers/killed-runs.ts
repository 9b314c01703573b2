// Helpers of the kill tests: an `fw-context index` run killed after a delay, and the symbols each build
// answers with, as a reader of the index sees them.
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { indexPath } from '../../src/project/config.js';
import { CLI } from './fixture-project.js';

/** Symbols per build, as a reader sees them. */
export function countsByBuild(root: string): Record<string, number> {
  const db = new Database(indexPath(root), { readonly: true });
  const rows = db.prepare('SELECT b.variant, count(s.id) AS n FROM builds b JOIN build_files bf ON bf.build_id = b.id JOIN symbols s ON s.parsed_id = bf.parsed_id GROUP BY b.id ORDER BY b.variant').all() as { variant: string; n: number }[];
  db.close();
  return Object.fromEntries(rows.map((r) => [r.variant, r.n]));
}

/** `fw-context index --jobs 2` in `root`, killed with SIGKILL after `afterMs` unless it ended first. */
export function killedRun(root: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'index', '--jobs', '2'], { cwd: root, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), afterMs);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
