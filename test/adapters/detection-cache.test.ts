// The detection cache keeps the units' arguments as indexes into one list of the distinct ones, a build's units as a
// few argument lists with each unit's own values: a flag every unit passes is written once, and the answer read back
// is the one detected, a build's units made when first asked for. The file is gzip, smaller than its text.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BuildDescription, CompileUnit } from '../../adapters/contract.js';
import { detectBuilds } from '../../adapters/detect-builds.js';
import { cacheFileText, loadDetection, saveDetection } from '../../adapters/detection-cache.js';
import { keepUntilAsked, unitCount, unitsWaiting } from '../../adapters/lazy-units.js';
import { UnitsKeeper } from '../../adapters/kept-units.js';
import { WaitingBuilds } from '../../src/indexer/waiting-builds.js';
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
    const kept = JSON.parse(text) as { strings: string[]; result: { builds: { units: { lists: unknown[][] } }[] } };
    expect(new Set(kept.strings).size).toBe(kept.strings.length);
    expect(kept.result.builds[0].units.lists.flat().every((a) => typeof a === 'number')).toBe(true);

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
    const kept = JSON.parse(cacheFileText(cacheFile)) as { result: { builds: { units: { file?: unknown[]; of?: number } }[] } };
    expect(kept.result.builds.map((b) => [b.units.file?.length, b.units.of])).toEqual([[6, undefined], [undefined, 0], [undefined, 0]]);
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

  it('reads back PlatformIO envs as detected: units with their own objects and sources', () => {
    const root = copyFixtureToTemp('adapters', 'platformio-multi-env');
    const cacheFile = path.join(tempDir(), 'detection.json');
    const fresh = detectBuilds(root, { detectionCache: cacheFile });
    expect(fresh.builds.length).toBeGreaterThan(1);
    expect(fresh.builds.every((b) => b.units.length > 0 && b.units.every((u) => u.output && u.arguments.includes(u.file)))).toBe(true);
    const cached = detectBuilds(root, { detectionCache: cacheFile });
    expect(cached.fromCache).toBeDefined();
    expect(cached.builds.map(unitCount)).toEqual(fresh.builds.map((b) => b.units.length));
    expect(cached.builds).toEqual(fresh.builds);
  });

  it('holds detected PlatformIO envs\' units kept until each is asked for, and writes the cache without making them', () => {
    const root = copyFixtureToTemp('adapters', 'platformio-multi-env');
    const cacheFile = path.join(tempDir(), 'detection.json');
    const fresh = detectBuilds(root, { detectionCache: cacheFile });
    expect(fresh.fromCache).toBeUndefined();
    expect(fresh.builds.length).toBe(3);
    // Written to the cache, yet none made: a many-env project holds no env's argument lists as detected.
    expect(fresh.builds.map(unitsWaiting)).toEqual([true, true, true]);
    const counts = fresh.builds.map(unitCount);
    expect(counts.every((n) => n > 0)).toBe(true);
    expect(fresh.builds[1]!.units.length).toBe(counts[1]);
    expect(fresh.builds.map(unitsWaiting)).toEqual([true, false, true]);
    const cached = detectBuilds(root, { detectionCache: cacheFile });
    expect(cached.fromCache).toBeDefined();
    expect(cached.builds).toEqual(fresh.builds);
  });

  it('writes builds whose units wait kept as it writes the units made, byte for byte', () => {
    const builds = Array.from({ length: 3 }, (_, i) => env(`env${i}`, 12));
    // Units differing from their build's list at a place of their own (a define of one unit).
    for (const b of builds) b.units.forEach((u, k) => k % 4 === 1 && (u.arguments[5] = `-DUNIT_${k}`));
    const made = JSON.parse(JSON.stringify(builds)) as BuildDescription[];
    const keeper = new UnitsKeeper();
    // The keeper met other strings first: its indexes are not the cache's.
    keeper.keep(env('other', 3).units);
    for (const b of builds) keepUntilAsked(b, keeper);
    const [waitingFile, madeFile] = [path.join(tempDir(), 'detection.json'), path.join(tempDir(), 'detection.json')];
    saveDetection(waitingFile, 'key', 1, [], { builds, diagnostics: [] });
    saveDetection(madeFile, 'key', 1, [], { builds: made, diagnostics: [] });
    expect(builds.map(unitsWaiting)).toEqual([true, true, true]);
    expect(cacheFileText(waitingFile)).toBe(cacheFileText(madeFile));
    expect(builds).toEqual(made);
  });

  it('keeps a build\'s units as a list per language with each unit\'s own values, not an argument list per unit', () => {
    const cacheFile = path.join(tempDir(), 'detection.json');
    const builds = Array.from({ length: 20 }, (_, i) => env(`env${i}`, 60));
    const detected = JSON.parse(JSON.stringify(builds)) as BuildDescription[];
    saveDetection(cacheFile, 'key', Date.now(), [], { builds, diagnostics: [] });
    const text = cacheFileText(cacheFile);
    const kept = JSON.parse(text) as { result: { builds: { units: { lists: unknown[][]; file: unknown[] } }[] } };
    // A C and a C++ list per env, each unit naming one of them.
    expect(kept.result.builds.map((b) => [b.units.lists.length, b.units.file.length])).toEqual(builds.map(() => [2, 60]));
    expect(text.length * 10).toBeLessThan(JSON.stringify(builds).length);
    expect(loadDetection(cacheFile, 'key')!.result.builds).toEqual(detected);
  });

  it('makes a cached build\'s units when they are first asked for, and no other build\'s', () => {
    const cacheFile = path.join(tempDir(), 'detection.json');
    const builds = Array.from({ length: 4 }, (_, i) => env(`env${i}`, 9));
    // Two images of one compile database share their unit list.
    builds.push({ ...builds[3]!, image: 'second' });
    const detected = JSON.parse(JSON.stringify(builds)) as BuildDescription[];
    saveDetection(cacheFile, 'key', Date.now(), [], { builds, diagnostics: [] });
    const cached = loadDetection(cacheFile, 'key')!.result.builds;
    expect(cached.map(unitsWaiting)).toEqual([true, true, true, true, true]);
    expect(cached.map(unitCount)).toEqual([9, 9, 9, 9, 9]);
    expect(cached[1]!.units).toEqual(detected[1]!.units);
    expect(cached.map(unitsWaiting)).toEqual([true, false, true, true, true]);
    expect(cached[4]!.units).toBe(cached[3]!.units);
    // An index run's waiting builds make none: a build's are made when the run, having taken it, asks for them.
    const waiting = new WaitingBuilds([cached[0]!, cached[2]!]);
    expect([cached[0], cached[2]].map((b) => unitsWaiting(b!))).toEqual([true, true]);
    expect(waiting.takeNext()).toEqual(detected[0]);
    expect([cached[0], cached[2]].map((b) => unitsWaiting(b!))).toEqual([false, true]);
    expect(waiting.takeNext()).toEqual(detected[2]);
  });
});

const FLAGS = Array.from({ length: 40 }, (_, i) => `-DFLAG_${i}=1`);

/** A PlatformIO-shaped env: C and C++ units sharing their flags, each naming its own object and source. */
function env(name: string, units: number): BuildDescription {
  const list: CompileUnit[] = Array.from({ length: units }, (_, i) => {
    const cxx = i % 3 === 0;
    const file = `/p/src/file_${i}.${cxx ? 'cpp' : 'c'}`;
    const output = `/p/.pio/build/${name}/src/file_${i}.o`;
    return { file, directory: '/p', arguments: [cxx ? 'g++' : 'gcc', '-o', output, '-c', ...(cxx ? ['-std=gnu++17'] : []), `-DENV_${name}`, ...FLAGS, file], output };
  });
  return { buildSystem: 'platformio', variant: name, image: 'app', description: name, buildDir: `/p/.pio/build/${name}`, linkerScripts: [], units: list, provenance: 'derived' };
}
