// A fixture's two builds indexed together, the second taking the first's masks: checks how many files the second
// masked again, and that its rows equal those it makes indexed alone (which recalls no mask).
import { expect } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { recordRows } from './build-record-rows.js';
import { indexedFixture } from './fixture-project.js';
import { removeIndexFiles } from './remove-index.js';

/** Of rows recordRows made, those of `variant`'s files and symbols. */
function buildRows(rows: Record<string, unknown[]>, variant: string): unknown[] {
  const of = (list: unknown[]) => list.filter((r) => (JSON.parse(r as string) as unknown[])[0] === variant);
  return [...of(rows.files), ...of(rows.symbols)];
}

/** What the second build of the fixture is expected to do. */
export interface SecondBuildMasks {
  /** The fixture's two variants in index order; both read the same number of files. */
  variants: [string, string];
  /** The fewest files the second build reads (the compiler's stdc-predef.h is one more where it has one). */
  minFiles: number;
  /** Files the second build masks again; every other file takes the first build's mask. */
  maskedAgain: number;
}

/** Indexes the fixture's builds, then the second alone, and checks both runs as `expected` says. */
export async function secondBuildTakesMasks(fixture: string[], expected: SecondBuildMasks): Promise<void> {
  const { root, result } = await indexedFixture(fixture);
  const [first, second] = result.builds;
  expect([first.variant, second.variant, second.files]).toEqual([...expected.variants, first.files]);
  expect(second.files).toBeGreaterThanOrEqual(expected.minFiles);
  expect(result.masksRecalled).toBe(second.files - expected.maskedAgain);
  const together = recordRows(root);
  removeIndexFiles(root);
  const alone = await indexProject({ root, variant: second.variant, workers: 0 });
  expect(alone.masksRecalled).toBe(0);
  expect(buildRows(recordRows(root), second.variant)).toEqual(buildRows(together, second.variant));
}
