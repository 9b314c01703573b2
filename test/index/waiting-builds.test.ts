// The builds of an index run wait their turn with their units' argument lists packed (see waiting-builds.ts): the
// lists come back as detected, in the same unit objects, and the waiting builds hold their bases and differences only.
import { describe, expect, it } from 'vitest';
import type { BuildDescription, CompileUnit } from '../../adapters/contract.js';
import { WaitingBuilds } from '../../src/indexer/waiting-builds.js';

const FLAGS = Array.from({ length: 40 }, (_, i) => `-DFLAG_${i}=1`);

/** A PlatformIO-shaped env: C and C++ units sharing their flags, each naming its own object and source. */
function env(name: string, units: number): BuildDescription {
  const defines = [`-DENV_${name.toUpperCase()}`, ...FLAGS];
  const list: CompileUnit[] = Array.from({ length: units }, (_, i) => {
    const cxx = i % 3 === 0;
    const file = `/p/src/file_${i}.${cxx ? 'cpp' : 'c'}`;
    const output = `/p/.pio/build/${name}/src/file_${i}.o`;
    const args = [cxx ? 'g++' : 'gcc', '-o', output, '-c', ...(cxx ? ['-std=gnu++17'] : []), ...defines, '-I/p/include', file];
    return { file, directory: '/p', arguments: args, output };
  });
  return { buildSystem: 'platformio', variant: name, image: 'app', description: name, buildDir: `/p/.pio/build/${name}`, linkerScripts: [], units: list, provenance: 'derived' };
}

describe('waiting builds', () => {
  it('hand each build back with its units and their arguments as detected, in order', () => {
    const builds = [env('a', 30), env('b', 30), env('c', 30)];
    // Two images of one compile database share their unit list.
    builds.push({ ...builds[2]!, image: 'second' });
    const before = JSON.stringify(builds);
    const units = builds.map((b) => [...b.units]);
    const waiting = new WaitingBuilds(builds);
    expect(builds[1]!.units.every((u) => u.arguments.length === 0)).toBe(true);
    const taken: BuildDescription[] = [];
    for (let b = waiting.takeNext(); b; b = waiting.takeNext()) taken.push(b);
    expect(taken).toHaveLength(4);
    expect(taken.every((b, i) => b === builds[i] && b.units.every((u, k) => u === units[i]![k]))).toBe(true);
    expect(taken[3]!.units).toBe(taken[2]!.units);
    expect(JSON.stringify(taken)).toBe(before);
  });

  it('hold a base list per language and build and the values units differ by, not every unit’s list', () => {
    const builds = Array.from({ length: 20 }, (_, i) => env(`env${i}`, 60));
    const detected = builds.reduce((n, b) => n + b.units.reduce((m, u) => m + u.arguments.length, 0), 0);
    const waiting = new WaitingBuilds(builds);
    // Each build: a C and a C++ base (47 and 48 slots); their units differ by their own object and source only.
    const perBuild = 47 + 48 + 2 * 2;
    expect(waiting.argumentSlots()).toBeLessThanOrEqual(20 * perBuild);
    expect(waiting.argumentSlots() * 10).toBeLessThan(detected);
    waiting.takeNext();
    expect(waiting.argumentSlots()).toBeLessThanOrEqual(19 * perBuild);
  });

  it('keep of a waiting unit’s object path what follows its build’s folder, alike for builds naming it alike', () => {
    const builds = [env('a', 6), env('b', 6), env('c', 6)];
    delete builds[2]!.units[4]!.output;
    const detected = builds.map((b) => b.units.map((u) => u.output));
    const waiting = new WaitingBuilds(builds);
    expect(builds[0]!.units.map((u) => u.output)).toEqual(builds[1]!.units.map((u) => u.output));
    expect(builds[1]!.units.map((u) => u.output)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `file_${i}.o`));
    // A build with a unit of no object path keeps its units' paths whole.
    expect(builds[2]!.units.map((u) => u.output)).toEqual(detected[2]);
    for (let b = waiting.takeNext(), i = 0; b; b = waiting.takeNext(), i++) {
      expect(b.units.map((u) => u.output)).toEqual(detected[i]);
      expect(b.units.every((u) => u.output === undefined || u.arguments[2] === u.output)).toBe(true);
    }
  });

  it('keep a unit differing from every base at many places as a base of its own', () => {
    const b = env('x', 4);
    b.units[1]!.arguments = b.units[1]!.arguments.map((a, i) => (i > 3 ? `${a}_other` : a));
    const expected = b.units.map((u) => [...u.arguments]);
    const waiting = new WaitingBuilds([b]);
    expect(waiting.takeNext()!.units.map((u) => u.arguments)).toEqual(expected);
  });
});
