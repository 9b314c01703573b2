// Relevance section of `npm run bench`: indexes each fixture repo of fixtures/relevance in a temp folder and
// prints top-1 / top-5 hit rates and MRR per query set, the misses, and search_code latency over the queries.
import fs from 'node:fs';
import { copyFixture, fixturePath } from '../../src/project/copy-fixture.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { openProject } from '../../src/query/project-context.js';
import { searchCode } from '../../src/query/search-code.js';
import { tempDir } from '../helpers/fixture-project.js';
import { formatMisses, formatScores, queryFiles, scoreSet } from '../relevance/relevance-harness.js';

export async function relevanceBench(): Promise<void> {
  console.log('\nrelevance (fixtures/relevance, top-1 / top-5 hit rate and MRR per query set)');
  for (const { data } of queryFiles()) {
    const root = copyFixture(fixturePath('relevance', data.fixture), tempDir('fw-context-bench-rel-'));
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
    const ctx = openProject(root);
    try {
      const scores = data.sets.map((s) => scoreSet(ctx, s));
      console.log(`${data.fixture}:`);
      console.log(formatScores(scores));
      const misses = formatMisses(scores);
      if (misses) console.log(`misses:\n${misses}`);
      const ms: number[] = [];
      for (let round = 0; round < 5; round++) {
        for (const q of data.sets.flatMap((s) => s.queries)) {
          const t = performance.now();
          searchCode(ctx, { query: q.query });
          ms.push(performance.now() - t);
        }
      }
      ms.sort((a, b) => a - b);
      const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))].toFixed(2);
      console.log(`search_code over these queries (${ms.length} runs): p50 ${at(50)} ms, p99 ${at(99)} ms`);
    } finally {
      ctx.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }
}
