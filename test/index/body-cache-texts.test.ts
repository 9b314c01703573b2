// The writer's cache of body ids holds bodies as strings of their own: a body cut from its file's masked text,
// held as it is, kept that whole text for as long as the cache kept the body (~440 libstdc++ texts, 7 MB, past the
// end of a host build).
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BodyStore } from '../../src/index/body-texts.js';
import { closeIndexForWrite, openIndexForWrite } from '../../src/index/open-index.js';
import { tempDir } from '../helpers/fixture-project.js';

/** Heap in use after a full collection. */
function heapAfterCollection(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return v8.getHeapStatistics().used_heap_size;
}

const TEXTS = 32;
const TEXT_CHARS = 1 << 20;

/** Stores one body cut from each of TEXTS texts of TEXT_CHARS characters; answers the heap the texts left behind. */
function keptByBodies(store: BodyStore): number {
  const before = heapAfterCollection();
  for (let i = 0; i < TEXTS; i++) {
    let text: string | null = `${' '.repeat(TEXT_CHARS)}int f${i}(void) { return ${i}; }${Math.random()}`;
    // Read once, so that the text is one flat string (a slice would flatten it).
    text.charCodeAt(0);
    store.id(text.slice(TEXT_CHARS, TEXT_CHARS + 30), `f${i}`);
    text = null;
  }
  return heapAfterCollection() - before;
}

describe('body id cache', () => {
  it('keeps no masked text alive through the bodies it holds', () => {
    const { db } = openIndexForWrite(path.join(tempDir(), 'index.db'));
    try {
      const store = new BodyStore(db);
      db.transaction(() => {
        store.begin();
        expect(keptByBodies(store)).toBeLessThan((TEXTS * TEXT_CHARS) / 8);
      })();
      expect(db.prepare('SELECT count(*) FROM bodies').pluck().get()).toBe(TEXTS);
    } finally {
      closeIndexForWrite(db);
    }
  });
});
