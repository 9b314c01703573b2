// Helpers of the kill tests: `fw-context index` runs killed after delays, the symbols each build answers
// with as a reader of the index sees them, and the check that each build kept its previous or its new rows.
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { indexPath } from '../../src/project/config.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { openProject } from '../../src/query/project-context.js';
import { CLI } from './fixture-project.js';

/** Symbols per build, as a reader sees them. */
export function countsByBuild(root: string): Record<string, number> {
  const db = new Database(indexPath(root), { readonly: true });
  const rows = db.prepare('SELECT b.variant, count(s.id) AS n FROM builds b JOIN build_files bf ON bf.build_id = b.id JOIN parse_chunks sc ON sc.parsed_id = bf.parsed_id JOIN symbols s ON s.chunk_id = sc.chunk_id GROUP BY b.id ORDER BY b.variant').all() as { variant: string; n: number }[];
  db.close();
  return Object.fromEntries(rows.map((r) => [r.variant, r.n]));
}

/**
 * `fw-context index --jobs 2` in `root`, killed with SIGKILL `afterMs` after it starts (or, given `startWhen`, after
 * that first holds; polled every 2 ms) unless it ended first. Answers whether it ended on its own, successfully.
 */
export function killedRun(root: string, afterMs: number, startWhen?: () => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'index', '--jobs', '2'], { cwd: root, stdio: 'ignore' });
    let killed = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      timer = setTimeout(() => {
        killed = child.kill('SIGKILL');
      }, afterMs);
    };
    const poll = startWhen
      ? setInterval(() => {
          if (!startWhen()) return;
          clearInterval(poll);
          arm();
        }, 2)
      : undefined;
    if (!startWhen) arm();
    child.on('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve(!killed && code === 0);
    });
  });
}

/** A run killed after each delay in turn; after each, the index opens and answers. Answers the counts seen after each kill. */
export async function killAtEach(root: string, delaysMs: number[]): Promise<Record<string, number>[]> {
  const seen: Record<string, number>[] = [];
  for (const ms of delaysMs) {
    await killedRun(root, ms);
    seen.push(countsByBuild(root));
    const ctx = openProject(root);
    expect(lookupSymbol(ctx, { name: 'drv_0_handle_0', variant: 'build-board_0' })).toContainEqual(expect.objectContaining({ name: 'drv_0_handle_0' }));
    ctx.close();
  }
  return seen;
}

/** Every build's count after each kill is its count before the runs or after the last one, never a mix. */
export function expectPreviousOrNew(seen: Record<string, number>[], before: Record<string, number>, after: Record<string, number>): void {
  for (const counts of seen) {
    for (const [variant, n] of Object.entries(counts)) expect([before[variant], after[variant]]).toContain(n);
  }
}
