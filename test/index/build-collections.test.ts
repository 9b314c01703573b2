// A finished build is collected once the builds since the last collection preprocessed or parsed enough units and
// files (workPerCollection): a unit carried over counts as one walked (its stored row read, moved and written leave
// garbage too).
import { afterEach, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { collections, heapBeforeContent, workPerCollection } from '../../src/indexer/release-memory.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { indexedSmallCorpus } from '../helpers/small-corpus.js';

const WORK = workPerCollection.count;
const BEFORE_CONTENT = heapBeforeContent.bytes;

/** Collections made by an index run of the tree as it stands, with the run's summary. */
async function collectionsOf(root: string): Promise<{ made: number; carried: number; preprocessed: number }> {
  const before = collections.count;
  const r = await indexProject({ root, workers: 0 });
  return { made: collections.count - before, carried: r.carriedUnits, preprocessed: r.preprocessed };
}

describe('collections after builds', () => {
  afterEach(() => {
    workPerCollection.count = WORK;
    heapBeforeContent.bytes = BEFORE_CONTENT;
  });

  it('a header edit carried over under every unit collects as one that makes them walk does', async () => {
    const { root, sampleHeader } = await indexedSmallCorpus(2);
    workPerCollection.count = 10;
    // The test process's heap is not the run's: the last build's collection before the content index is left out.
    heapBeforeContent.bytes = Number.MAX_SAFE_INTEGER;
    collections.work = 0;
    replaceInFile(sampleHeader, '/** Object', 'int k_added_above(void);\n\n/** Object');
    // 12 units a build, past the 10 of a collection: the first build is collected (the last one is not, see above).
    expect(await collectionsOf(root)).toEqual({ made: 1, carried: 24, preprocessed: 24 });
    // A directive added: every unit reading the header is walked again (12 a build, past the 10 of a collection).
    replaceInFile(sampleHeader, 'int k_added_above(void);', '#if 1\nint k_added_above(void);\n#endif');
    const walked = await collectionsOf(root);
    expect([walked.carried, walked.preprocessed]).toEqual([0, 24]);
    expect(walked.made).toBeGreaterThanOrEqual(1);
  });
});
