// The call-graph figures of `npm run bench` (alone: `npm run bench -- --call-graph-only`): a generated corpus
// of ≥ 100 k symbols indexed once, then find_callers / find_callees / find_call_path timed over many names,
// p50/p99 beside their goals. Reports figures; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { findCallPath } from '../../src/query/call-graph/call-path.js';
import { findCallees, findCallers } from '../../src/query/call-graph/call-sites.js';
import { openProject } from '../../src/query/project-context.js';
import { generateCallGraphCorpus } from './synthetic-call-graph.js';

export const CALL_GRAPH_GOALS = { findCallersP99Ms: 10, minSymbols: 100_000 };

export interface CallGraphBenchOptions {
  modules: number;
  functionsPerModule: number;
  queries: number;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function line(label: string, value: string, goal: string, met: boolean | null): void {
  const mark = met === null ? '' : met ? '  ok' : '  MISSED';
  console.log(`  ${label.padEnd(44)} ${value.padStart(22)}   goal ${goal}${mark}`);
}

/** Wall-clock and CPU milliseconds of `fn` over `inputs` (after a few warm-up calls), each sorted. */
function timedBoth<T>(inputs: T[], fn: (x: T) => unknown): { wall: number[]; cpu: number[] } {
  for (const x of inputs.slice(0, 5)) fn(x);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const x of inputs) {
    const c = process.cpuUsage();
    const t = performance.now();
    fn(x);
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

function timed<T>(inputs: T[], fn: (x: T) => unknown): number[] {
  return timedBoth(inputs, fn).wall;
}

function figures(ms: number[]): string {
  return `p50 ${pct(ms, 50).toFixed(2)} / p99 ${pct(ms, 99).toFixed(2)} ms`;
}

export async function callGraphBench(opts: CallGraphBenchOptions): Promise<void> {
  console.log('\ncall graph');
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-bench-cg-')));
  try {
    const genStart = performance.now();
    const corpus = generateCallGraphCorpus(root, { modules: opts.modules, functionsPerModule: opts.functionsPerModule });
    const genMs = performance.now() - genStart;
    writeConfig(root, DEFAULT_CONFIG);
    const indexed = await indexProject({ root });
    const b = indexed.builds[0];
    console.log(`  corpus: ${corpus.units} units, ${corpus.functions.length} functions, generated in ${(genMs / 1000).toFixed(2)} s; indexed in ${(indexed.elapsedMs / 1000).toFixed(1)} s`);
    line('symbols in the index', String(b.symbols), `≥ ${CALL_GRAPH_GOALS.minSymbols}`, b.symbols >= CALL_GRAPH_GOALS.minSymbols);
    const ctx = openProject(root);
    try {
      // Names drawn uniformly over the functions (hubs included as often as any other name), then the hubs alone.
      const pick = (i: number) => corpus.functions[(i * 7919) % corpus.functions.length];
      const names = Array.from({ length: opts.queries }, (_, i) => pick(i));
      const callers = timedBoth(names, (name) => findCallers(ctx, { name }));
      line(`find_callers, ${names.length} names`, figures(callers.wall), `p99 ≤ ${CALL_GRAPH_GOALS.findCallersP99Ms} ms`, pct(callers.wall, 99) <= CALL_GRAPH_GOALS.findCallersP99Ms);
      // On a shared machine the wall-clock tail is mostly waiting for a core: the process's CPU time leaves that out.
      line('  the same, CPU time of this process', figures(callers.cpu), `p99 ≤ ${CALL_GRAPH_GOALS.findCallersP99Ms} ms`, pct(callers.cpu, 99) <= CALL_GRAPH_GOALS.findCallersP99Ms);
      console.log(`  (load average while measuring: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
      const hubs = timed(corpus.hubs.slice(0, 20), (name) => findCallers(ctx, { name }));
      line('find_callers, the 20 most-called (1st page)', `${figures(hubs)}`, '—', null);
      const callees = timed(names, (name) => findCallees(ctx, { name }));
      line(`find_callees, ${names.length} names`, figures(callees), '—', null);
      // Pairs that join (a top function to a helper a few calls down) and pairs that mostly do not (to a random
      // function: the search runs until its node budget or depth is spent, the worst case).
      const pairs = Array.from({ length: Math.min(200, opts.queries) }, (_, i) => ({ from: corpus.entryFunctions[(i * 31) % corpus.entryFunctions.length], to: i % 2 ? pick(i * 13 + 5) : corpus.hubs[i % 10] }));
      const joined = pairs.filter((_, i) => i % 2 === 0);
      const far = pairs.filter((_, i) => i % 2 === 1);
      const found = far.filter((p) => (findCallPath(ctx, p)[0] as { found: number }).found).length;
      line(`find_call_path, ${joined.length} pairs that join`, figures(timed(joined, (p) => findCallPath(ctx, p))), '—', null);
      line(`find_call_path, ${far.length} random pairs (${found} join)`, figures(timed(far, (p) => findCallPath(ctx, p))), '—', null);
    } finally {
      ctx.close();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
