// Bench section: the server's background refresh on an indexed corpus — time from saving an edit (a new
// function) until lookup_symbol finds it with nobody running `fw-context index`, and query latency while
// a refresh runs (calls must not wait for it). Reports figures; asserts nothing.
import fs from 'node:fs';
import path from 'node:path';
import { FreshnessKeeper } from '../../src/mcp/keep-fresh.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { searchCode } from '../../src/query/search-code.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** `file` is a project-relative unit of the indexed project at `root`; each round appends one function to it. */
export async function refreshBench(root: string, file: string, rounds = 5): Promise<void> {
  const keeper = new FreshnessKeeper({ debounceMs: 50 });
  keeper.watch(root);
  const editToFound: number[] = [];
  const duringRefresh: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const name = `bench_refresh_added_${i}_${Date.now()}`;
      fs.appendFileSync(path.join(root, file), `\nint ${name}(void) { return ${i}; }\n`);
      const start = performance.now();
      for (;;) {
        const t = performance.now();
        const hit = withProject(root, (ctx) => {
          searchCode(ctx, { query: 'driver handle' });
          return (lookupSymbol(ctx, { name }) as { kind?: string }[]).some((x) => x.kind);
        });
        if (keeper.state(root).running) duringRefresh.push(performance.now() - t);
        if (hit) break;
        if (performance.now() - start > 60_000) throw new Error(`${name} not found within 60 s`);
        await sleep(5);
      }
      editToFound.push(performance.now() - start);
      while (keeper.state(root).running) await sleep(10);
    }
  } finally {
    keeper.close();
  }
  editToFound.sort((a, b) => a - b);
  duringRefresh.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(0);
  console.log(`\nbackground refresh (fw-context serve), ${rounds} edits of ${file}: edit saved → new function found p50 ${f(pct(editToFound, 50))} ms, max ${f(editToFound[editToFound.length - 1])} ms (the first includes starting the refresh process)`);
  if (duringRefresh.length) console.log(`  search_code + lookup_symbol while a refresh runs: p50 ${pct(duringRefresh, 50).toFixed(1)} ms, max ${duringRefresh[duringRefresh.length - 1].toFixed(1)} ms (${duringRefresh.length} calls)`);
}
