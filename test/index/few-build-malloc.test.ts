// An index run of few builds from a process that indexes and exits raises glibc's malloc thresholds once; a run of
// many builds, or a process that may stay (serve), leaves them.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allowFewBuildMalloc, FEW_BUILDS, fewBuildMalloc, fewBuildMallocRaised } from '../../src/indexer/few-build-malloc.js';
import { runIndex } from '../../src/cli/index-command.js';
import { copyFixtureToTemp, indexedFixture } from '../helpers/fixture-project.js';

describe("an index run's malloc thresholds", () => {
  afterEach(() => allowFewBuildMalloc(false));

  it('are raised once for a run of few builds in a process that indexes and exits', () => {
    fewBuildMalloc(1);
    expect(fewBuildMallocRaised()).toBe(false);
    allowFewBuildMalloc();
    fewBuildMalloc(FEW_BUILDS + 1);
    expect(fewBuildMallocRaised()).toBe(false);
    fewBuildMalloc(FEW_BUILDS);
    expect(fewBuildMallocRaised()).toBe(true);
  });

  it('are raised by an index run of one build once allowed', async () => {
    allowFewBuildMalloc();
    const { result } = await indexedFixture(['index', 'drivers-hal-cmake']);
    expect(result.builds.length).toBeLessThanOrEqual(FEW_BUILDS);
    expect(fewBuildMallocRaised()).toBe(true);
  });

  it('are left by a run that patches its one build (a .c edit): it hashes no large text and compiles little', async () => {
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    expect((await runIndex({ cwd: root, json: true })).exitCode).toBe(0);
    allowFewBuildMalloc(false);
    fs.appendFileSync(path.join(root, 'src/main.c'), '\nint added_by_the_test(void) { return 0; }\n');
    const out = await runIndex({ cwd: root, json: true });
    expect(out.exitCode).toBe(0);
    expect(JSON.parse(out.pieces ? [...out.pieces()].join('') : out.text)).toMatchObject({ preprocessed: 1, parsed: 1 });
    expect(fewBuildMallocRaised()).toBe(false);
  });

  it('are allowed by `fw-context index`', async () => {
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    const out = await runIndex({ cwd: root, json: true });
    expect(out.exitCode).toBe(0);
    expect(fewBuildMallocRaised()).toBe(true);
  });
});
