// A query chooses its build among the builds' names and reads only the chosen build's row whole: every row's
// diagnostics and units lists read for each query cost a project of many envs ~0.4 s a query.
import { beforeAll, describe, expect, it } from 'vitest';
import type { IndexReader } from '../../src/index/index-reader.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

/** Counts the reader's whole-row reads (builds(), build(id)) while `fn` runs. */
function countRowReads<T>(reader: IndexReader, fn: () => T): { all: number; one: number[]; value: T } {
  const counts = { all: 0, one: [] as number[] };
  const builds = reader.builds.bind(reader);
  const build = reader.build.bind(reader);
  reader.builds = () => (counts.all++, builds());
  reader.build = (id: number) => (counts.one.push(id), build(id));
  return { ...counts, value: fn() };
}

describe('choosing the build of a query', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['adapters', 'platformio-multi-env']));
  });

  it('reads the builds names and the chosen build alone', () => {
    withProject(root, (ctx) => {
      const reader = ctx.reader!;
      expect(reader.buildChoices().map((b) => b.variant)).toEqual(reader.builds().map((b) => b.variant));
      const esp = reader.buildChoices().find((b) => b.variant === 'esp32dev')!;
      const run = countRowReads(reader, () => lookupSymbol(ctx, { name: 'setup', variant: 'esp32dev' }));
      expect(run.all).toBe(0);
      expect(run.one).toEqual([esp.id]);
      expect(run.value.find((r) => 'total' in r)).toMatchObject({ variant: 'esp32dev' });
    });
  });

  it('gives the chosen build its whole row', () => {
    withProject(root, (ctx) => {
      const reader = ctx.reader!;
      for (const b of reader.builds()) expect(reader.build(b.id)).toEqual(b);
      expect(reader.build(-1)).toBeUndefined();
    });
  });
});
