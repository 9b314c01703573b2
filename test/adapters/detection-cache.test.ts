// The detection cache keeps the units' arguments as indexes into one list of the distinct ones: a flag every unit
// passes is written once, and the answer read back is the one detected. The file is gzip, smaller than its text.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectBuilds } from '../../adapters/detect-builds.js';
import { cacheFileText } from '../../adapters/detection-cache.js';
import { copyFixtureToTemp, tempDir } from '../helpers/fixture-project.js';
import path from 'node:path';

describe('detection cache', () => {
  it('writes each distinct argument once and reads back the units detected', () => {
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    const cacheFile = path.join(tempDir(), 'detection.json');
    const fresh = detectBuilds(root, { detectionCache: cacheFile });
    expect(fresh.builds.length).toBeGreaterThan(0);
    const units = fresh.builds.flatMap((b) => b.units);
    expect(units.length).toBeGreaterThan(1);
    // A flag every unit passes (the compiler, at least).
    const everywhere = units[0].arguments.filter((a) => units.every((u) => u.arguments.includes(a)));
    expect(everywhere.length).toBeGreaterThan(0);
    const text = cacheFileText(cacheFile);
    expect(fs.statSync(cacheFile).size).toBeLessThan(text.length);
    for (const a of everywhere) expect(text.split(JSON.stringify(a)).length - 1).toBe(1);
    const kept = JSON.parse(text) as { strings: string[]; result: { builds: { units: { arguments: unknown[] }[] }[] } };
    expect(new Set(kept.strings).size).toBe(kept.strings.length);
    expect(kept.result.builds[0].units[0].arguments.every((a) => typeof a === 'number')).toBe(true);

    const cached = detectBuilds(root, { detectionCache: cacheFile });
    expect(cached.fromCache).toBeDefined();
    expect(cached.builds).toEqual(fresh.builds);
    // The answer still holds once written again from a cached one (a check by content re-saves it).
    expect(detectBuilds(root, { detectionCache: cacheFile }).builds).toEqual(fresh.builds);
  });

  it('keeps the units of images read from one compile database once, and reads them back shared', () => {
    const root = copyFixtureToTemp('adapters', 'cmake-pico-examples');
    const cacheFile = path.join(tempDir(), 'detection.json');
    const fresh = detectBuilds(root, { detectionCache: cacheFile });
    expect(fresh.builds.map((b) => b.image)).toEqual(['blink', 'bs2_default', 'hello']);
    const kept = JSON.parse(cacheFileText(cacheFile)) as { result: { builds: { units: unknown[]; unitsOf?: number }[] } };
    expect(kept.result.builds.map((b) => [b.units.length, b.unitsOf])).toEqual([[6, undefined], [0, 0], [0, 0]]);
    const cached = detectBuilds(root, { detectionCache: cacheFile });
    expect(cached.fromCache).toBeDefined();
    expect(cached.builds).toEqual(fresh.builds);
    expect(cached.builds[1].units).toBe(cached.builds[0].units);
  });

  it('a kept index naming no argument is not trusted: detected afresh', () => {
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    const cacheFile = path.join(tempDir(), 'detection.json');
    const fresh = detectBuilds(root, { detectionCache: cacheFile });
    const kept = JSON.parse(cacheFileText(cacheFile)) as { strings: string[] };
    kept.strings = kept.strings.slice(0, 1);
    fs.writeFileSync(cacheFile, JSON.stringify(kept));
    const again = detectBuilds(root, { detectionCache: cacheFile });
    expect(again.fromCache).toBeUndefined();
    expect(again.builds).toEqual(fresh.builds);
  });
});
