// A re-index on the fast path (patched build) reports its stage times as the full path does: the build's stageMs
// and the run's preprocessMs / parseMs, through the API and through `fw-context index --json`.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject, type BuildIndexSummary } from '../../src/indexer/index-project.js';
import { indexedFixture, runCli } from '../helpers/fixture-project.js';

const STAGES = ['preprocess', 'merge', 'macros', 'mask', 'parse', 'write'];

/** Each stage present as a finite, non-negative number of milliseconds. */
function expectStageTimes(b: Pick<BuildIndexSummary, 'stageMs'>): Record<string, number> {
  expect(b.stageMs).toBeDefined();
  const stage = b.stageMs as Record<string, number>;
  expect(Object.keys(stage).sort()).toEqual([...STAGES].sort());
  for (const k of STAGES) {
    expect(Number.isFinite(stage[k]), k).toBe(true);
    expect(stage[k], k).toBeGreaterThanOrEqual(0);
  }
  return stage;
}

describe('stage times of a patched build', () => {
  it('a .c edit: the build reports each stage, and the run the unit it redid and the file it parsed', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\nint gpio_timed(void) { return 3; }\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 1 });
    const stage = expectStageTimes(r.builds[0]);
    // A unit was redone (carried over) and a file parsed and written: each took time.
    expect(stage.preprocess).toBeGreaterThan(0);
    expect(stage.parse).toBeGreaterThan(0);
    expect(stage.write).toBeGreaterThan(0);
    expect(r.parseMs).toBeGreaterThan(0);
    expect(r.preprocessMs).toBeGreaterThan(0);
    // The run's times are its builds' stages (one build here).
    expect(r.parseMs).toBeCloseTo(stage.parse, 6);
    expect(r.preprocessMs).toBeCloseTo(stage.preprocess + stage.merge + stage.macros, 6);
  });

  it('an edit changing no active line: stage times present, nothing parsed', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const unit = path.join(root, 'src/drivers/gpio.c');
    fs.writeFileSync(unit, fs.readFileSync(unit, 'utf8').replace('#include "gpio.h"', '#include "gpio.h" /* pins */'));
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 0 });
    expectStageTimes(r.builds[0]);
    expect(r.preprocessMs).toBeGreaterThan(0);
  });

  it('fw-context index --json after a .c edit: the patched entry has stageMs, parseMs and preprocessMs are not 0', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\nint gpio_timed(void) { return 3; }\n');
    const out = runCli(root, ['index', '--json']);
    expect(out.status, out.stderr).toBe(0);
    const r = JSON.parse(out.stdout) as { parsed: number; parseMs: number; preprocessMs: number; builds: BuildIndexSummary[] };
    expect(r.builds[0]).toMatchObject({ patched: true, parsed: 1 });
    expect(expectStageTimes(r.builds[0]).parse).toBeGreaterThan(0);
    expect(r.parsed).toBe(1);
    expect(r.parseMs).toBeGreaterThan(0);
    expect(r.preprocessMs).toBeGreaterThan(0);
  });
});
