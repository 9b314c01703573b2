// `npm run bench`: indexes synthetic corpora and reports figures beside their goals (indexing-bench.ts: a
// Zephyr-shaped multi-board corpus, edits, memory, size, ctags ratio, 262 PlatformIO envs), then throughput,
// the preprocessing share, refresh and cross-build query latency, the build search on a 40 k-file workspace, and search_code
// relevance on the fixtures/relevance query sets (top-1, top-5, MRR; alone with --relevance-only). It reports figures; it asserts nothing.
// Usage: npm run bench -- [--boards N] [--units N] [--headers N] [--files N] [--functions N] [--queries N] [--envs N] [--indexing-only]
//        [--call-graph-only] [--cg-modules N] [--cg-functions N] (call-graph-bench.ts: find_callers p99 on a ≥ 100 k-symbol index)
//        [--relevance-only] (relevance-bench.ts: search_code top-1 / top-5 / MRR per query set)
//        [--device-header-only] (device-header-bench.ts: 6 and 24 MB vendor device headers, ms/MB and peak RSS)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { indexProject } from '../../src/indexer/index-project.js';
import { scanIncludes } from './all-lines-scan.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { openProject } from '../../src/query/project-context.js';
import { searchCode } from '../../src/query/search-code.js';
import { generateCorpus } from './synthetic-corpus.js';
import { refreshBench } from './refresh-bench.js';
import { indexingBench } from './indexing-bench.js';
import { generatePlatformioProject, writePlatformioSources } from './synthetic-platformio.js';
import { whichBuilds } from '../../src/query/which-builds.js';
import { isCompiled } from '../../src/query/is-compiled.js';
import { diffBuilds } from '../../src/query/diff-builds.js';
import { platformioAdapter } from '../../adapters/platformio/detect-platformio.js';
import { benchLargeFiles } from './large-file-bench.js';
import { benchDeviceHeaders } from './device-header-bench.js';
import { discoveryBench } from './discovery-bench.js';
import { callGraphBench } from './call-graph-bench.js';
import { relevanceBench } from './relevance-bench.js';

const { values } = parseArgs({ options: { boards: { type: 'string', default: '5' }, units: { type: 'string', default: '100' }, headers: { type: 'string', default: '80' }, 'indexing-only': { type: 'boolean', default: false }, files: { type: 'string', default: '600' }, functions: { type: 'string', default: '12' }, queries: { type: 'string', default: '400' }, envs: { type: 'string', default: '262' }, 'call-graph-only': { type: 'boolean', default: false }, 'cg-modules': { type: 'string', default: '850' }, 'cg-functions': { type: 'string', default: '40' }, 'relevance-only': { type: 'boolean', default: false }, 'device-header-only': { type: 'boolean', default: false } } });
const files = Number(values.files);
const functionsPerFile = Number(values.functions);
const queries = Number(values.queries);

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function fmt(n: number, digits = 1): string {
  return n.toFixed(digits);
}

async function main(): Promise<void> {
  const callGraph = () => callGraphBench({ modules: Number(values['cg-modules']), functionsPerModule: Number(values['cg-functions']), queries: Math.max(1000, queries) });
  if (values['relevance-only']) {
    await relevanceBench();
    clearInterval(sampler);
    return;
  }
  if (values['device-header-only']) {
    benchDeviceHeaders();
    clearInterval(sampler);
    return;
  }
  if (values['call-graph-only']) {
    await callGraph();
    clearInterval(sampler);
    return;
  }
  await indexingBench({ boards: Number(values.boards), units: Number(values.units), headers: Number(values.headers), envs: Number(values.envs), queries });
  if (values['indexing-only']) {
    clearInterval(sampler);
    return;
  }
  await relevanceBench();
  console.log('\nsingle-build corpus');
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-bench-')));
  const { bytes, units } = generateCorpus(root, { files, functionsPerFile });
  writeConfig(root, DEFAULT_CONFIG);
  console.log(`corpus: ${units} units, ${(bytes / 1e6).toFixed(2)} MB in ${root}`);

  // Baseline: every line active (no #if evaluation), as the Foundation indexed.
  const baseRoot = root + '-baseline';
  fs.cpSync(root, baseRoot, { recursive: true });
  const base = await indexProject({ root: baseRoot, preprocess: scanIncludes });
  const full = await indexProject({ root });
  const b = full.builds[0];
  const secs = full.elapsedMs / 1000;
  console.log(`\nfull index: ${fmt(secs, 2)} s`);
  console.log(`  files/s:   ${fmt(b.files / secs)}  (${b.files} files)`);
  console.log(`  MB/s:      ${fmt(bytes / 1e6 / secs, 2)}`);
  console.log(`  symbols/s: ${fmt(b.symbols / secs)}  (${b.symbols} symbols)`);
  console.log(`  per file:  ${fmt(full.elapsedMs / b.files, 2)} ms`);
  console.log(`  preprocessing: ${fmt(full.preprocessMs / 1000, 2)} s = ${fmt((100 * full.preprocessMs) / full.elapsedMs)} % of index time; parsing+extraction ${fmt((100 * full.parseMs) / full.elapsedMs)} %`);
  console.log(`  without #if evaluation (all lines active): ${fmt(base.elapsedMs / 1000, 2)} s; with the preprocessor: ${fmt(secs, 2)} s; ratio ${fmt(full.elapsedMs / base.elapsedMs, 2)}x`);

  const again = await indexProject({ root });
  console.log(`\nre-index, nothing changed: ${fmt(again.elapsedMs / 1000, 2)} s (parsed ${again.parsed}, reused ${again.reused})`);
  fs.appendFileSync(path.join(root, 'src', 'driver_0.c'), '\nint driver_0_added(void) { return 0; }\n');
  const touched = await indexProject({ root });
  console.log(`re-index after editing one file: ${fmt(touched.elapsedMs / 1000, 2)} s (parsed ${touched.parsed}, reused ${touched.reused})`);

  await refreshBench(root, 'src/driver_1.c');

  const ctx = openProject(root);
  const words = ['handle', 'module', 'state', 'config', 'counter', 'request', 'driver', 'operation', 'busy', 'speed'];
  const time = (fn: () => unknown) => {
    const t = performance.now();
    fn();
    return performance.now() - t;
  };
  const searchMs: number[] = [];
  const lookupMs: number[] = [];
  for (let i = 0; i < queries; i++) {
    const q = `${words[i % words.length]} ${words[(i * 7 + 3) % words.length]}`;
    searchMs.push(time(() => searchCode(ctx, { query: q })));
    lookupMs.push(time(() => lookupSymbol(ctx, { name: `driver_${i % files}_handle_${i % functionsPerFile}` })));
  }
  ctx.close();
  searchMs.sort((x, y) => x - y);
  lookupMs.sort((x, y) => x - y);
  console.log(`\nsearch_code over ${queries} queries: p50 ${fmt(pct(searchMs, 50), 2)} ms, p99 ${fmt(pct(searchMs, 99), 2)} ms`);
  console.log(`lookup_symbol over ${queries} queries: p50 ${fmt(pct(lookupMs, 50), 2)} ms, p99 ${fmt(pct(lookupMs, 99), 2)} ms`);
  const pio = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-bench-pio-')));
  generatePlatformioProject(pio, 500);
  const pioStart = performance.now();
  const pioBuilds = platformioAdapter.detect(pio, {}).builds.length;
  const pioMs = performance.now() - pioStart;
  console.log(`\nplatformio.ini with ${pioBuilds} envs in extra_configs: detected and resolved in ${fmt(pioMs)} ms (${fmt((pioMs / pioBuilds) * 1000, 0)} µs per env)`);
  fs.rmSync(pio, { recursive: true, force: true });
  await crossBuildBench(Number(values.envs));
  await benchLargeFiles();
  benchDeviceHeaders();
  await callGraph();
  const ws = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-bench-ws-')));
  discoveryBench(ws);
  fs.rmSync(ws, { recursive: true, force: true });
  clearInterval(sampler);
  console.log(`\npeak RSS: ${fmt(peakRss / 1024 / 1024)} MiB`);
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(baseRoot, { recursive: true, force: true });
}

/** which_builds / is_compiled / diff_builds over a PlatformIO project with many envs (each a build). */
async function crossBuildBench(envs: number): Promise<void> {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-bench-xb-')));
  generatePlatformioProject(dir, envs);
  writePlatformioSources(dir, 20);
  writeConfig(dir, DEFAULT_CONFIG);
  const indexed = await indexProject({ root: dir });
  console.log(`
cross-build: ${indexed.builds.length} PlatformIO envs indexed in ${fmt(indexed.elapsedMs / 1000, 1)} s`);
  const ctx = openProject(dir);
  const timed = (label: string, runs: number, fn: (i: number) => unknown) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      fn(i);
      ms.push(performance.now() - t);
    }
    ms.sort((x, y) => x - y);
    console.log(`  ${label}: p50 ${fmt(pct(ms, 50), 1)} ms, max ${fmt(ms[ms.length - 1], 1)} ms (${runs} calls)`);
  };
  const all = { limit: 1000 };
  timed('which_builds, defined in 1 env (deciding #if for the others)', 10, (i) => whichBuilds(ctx, { name: `drv_${i}_special`, ...all }));
  timed('which_builds, defined in half the envs', 10, (i) => whichBuilds(ctx, { name: `drv_${i}_even`, ...all }));
  timed('which_builds, a macro with a value per env', 10, () => whichBuilds(ctx, { name: 'BOARD_UART_COUNT', ...all }));
  timed('which_builds, a name no env has (sources scanned)', 3, (i) => whichBuilds(ctx, { name: `missing_${i}`, ...all }));
  timed('is_compiled on a line under #if', 10, (i) => isCompiled(ctx, { file: `src/drv_${i}.c`, line: 7, ...all }));
  timed('diff_builds between two envs', 10, (i) => diffBuilds(ctx, { a: { variant: `board_${i}` }, b: { variant: `board_${i + 1}` } }));
  ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
