// Benchmark helper run as a child process: indexes one project and prints the run's figures as JSON, with
// the process's peak resident memory (so the figure is the indexer's own, not the benchmark's).
import { indexProject } from '../../src/indexer/index-project.js';
import { tuneTieringForShortRun } from '../../src/indexer/short-run-tiering.js';

// As `fw-context index` runs: V8 tiering tuned for a process that indexes and exits.
tuneTieringForShortRun();

const [root, workers] = process.argv.slice(2);
const r = await indexProject({ root, ...(workers !== undefined ? { workers: Number(workers) } : {}) });
console.log(
  JSON.stringify({
    elapsedMs: r.elapsedMs,
    preprocessMs: r.preprocessMs,
    parseMs: r.parseMs,
    parsed: r.parsed,
    preprocessed: r.preprocessed,
    carriedUnits: r.carriedUnits,
    parsedOnWorkers: r.parsedOnWorkers,
    preprocessedOnWorkers: r.preprocessedOnWorkers,
    builds: r.builds.map((b) => ({ variant: b.variant, elapsedMs: b.elapsedMs, files: b.files, units: b.units, error: b.error ?? null })),
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  }),
);
