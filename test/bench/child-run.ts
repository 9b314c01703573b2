// Indexing in a child process for the benchmarks (index-child.ts): the figures of one `fw-context index` run, read
// from the command's JSON, with the child's peak RSS.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ChildRun {
  elapsedMs: number;
  preprocessMs: number;
  parseMs: number;
  parsed: number;
  preprocessed: number;
  carriedUnits: number;
  parsedOnWorkers: number;
  preprocessedOnWorkers: number;
  builds: { variant: string; elapsedMs: number; files: number; units: number }[];
  maxRssMiB: number;
}

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'index-child.js');

/** Indexes ROOT in a child process as `fw-context index` does (WORKERS threads, or the default). */
export function indexInChild(root: string, workers?: number): ChildRun {
  const r = spawnSync(process.execPath, [CHILD, root, ...(workers !== undefined ? [String(workers)] : [])], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const lines = r.stdout.trimEnd().split('\n');
  const tail = JSON.parse(lines.pop() ?? '{}') as { exitCode?: number; maxRssMiB?: number };
  if (r.status !== 0 || tail.exitCode !== 0) throw new Error(`index child failed (exit ${r.status}/${tail.exitCode}): ${r.stderr}${lines.join('\n')}`);
  const run = JSON.parse(lines.join('\n')) as Omit<ChildRun, 'maxRssMiB'>;
  return { ...run, maxRssMiB: tail.maxRssMiB ?? 0 };
}
