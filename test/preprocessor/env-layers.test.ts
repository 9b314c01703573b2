// Shared macro layers (env-layer.ts): units whose walks replay the same header walks onto one starting
// environment share the macros those replays set; every unit result (views, consulted macros, the names read
// in their order, diagnostics) equals a walk that sets them in a map of its own.
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { SkeletonCache } from '../../src/preprocessor/file-skeleton.js';
import { FileSource } from '../../src/preprocessor/file-source.js';
import { HeaderWalkCache } from '../../src/preprocessor/header-walk-cache.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { IncludeResolver } from '../../src/preprocessor/include-resolver.js';
import { setUpUnit } from '../../src/preprocessor/unit-environment.js';
import { readNameList, TrackedEnv } from '../../src/preprocessor/tracked-env.js';
import { walkUnit, type UnitResult } from '../../src/preprocessor/unit-result.js';
import { copyFixture } from './fixture-support.js';

const provider = new ImplicitMacroProvider({ useRealCompiler: false });

/** Every unit walked in order over one header cache, with or without shared layers. */
function walkAll(units: CompileUnit[], sharedLayers: boolean, readFile?: (f: string) => string | undefined, decisions = true): { results: UnitResult[]; cache: HeaderWalkCache } {
  const source = new FileSource(readFile, new SkeletonCache());
  const resolver = new IncludeResolver((f) => source.exists(f));
  const cache = new HeaderWalkCache();
  const host = { source, resolver, fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache: cache, sharedLayers };
  // Twice over: the second round replays every header walk the first recorded.
  const results = [...units, ...units].map((u) => walkUnit(u, setUpUnit(u, provider), host, decisions));
  return { results, cache };
}

/** A unit of the in-memory project under /p compiling `file` with `flags` (its headers in /p/inc). */
const unitOf = (file: string, flags: string[]): CompileUnit => ({
  file,
  directory: '/p',
  arguments: ['arm-none-eabi-gcc', ...flags, '-I/p/inc', '-c', file],
});

/**
 * The results as JSON: the names read in their order, views and consulted macros as they are (not which reads a
 * walk took whole from a layer, `shared`: how the result was made, not what it says).
 */
const exact = (results: UnitResult[]): string => JSON.stringify(results.map(({ shared: _, ...r }) => r));

describe('shared macro layers', () => {
  it('give the unit results of walks on maps of their own, on a fixture of headers seen under different macro states', () => {
    const fx = copyFixture('header-states');
    const units = ['compile_commands.json', 'build-extra/compile_commands.json'].flatMap((db) => fx.units(db));
    const shared = walkAll(units, true);
    expect(shared.cache.replayed).toBeGreaterThan(5);
    expect(exact(shared.results)).toBe(exact(walkAll(units, false).results));
  });

  it('give the same results with -imacros, redefinitions of names read before, #undefs and a source defining before its includes', () => {
    const files: Record<string, string> = {
      '/p/inc/config.h': '#define CONFIG_A 1\n#define CONFIG_B 2\n#define CONFIG_LIMIT (CONFIG_B * 4)\n',
      '/p/inc/base.h': '#ifndef BASE_H\n#define BASE_H\n#include "twice.h"\n#define LIMIT CONFIG_LIMIT\n#define MODE 3\n#undef CONFIG_A\n#define CONFIG_A 7\n#if defined(FEATURE)\n#define F_ON 1\n#endif\n#endif\n',
      '/p/inc/twice.h': '#define TWICE 1\n#undef TWICE\n#define TWICE 2\n#define ALIAS MODE\n',
      '/p/inc/more.h': '#ifndef MORE_H\n#define MORE_H\n#include "base.h"\n#define MODE 4\n#define MORE (MODE + LIMIT)\n#endif\n',
      '/p/a.c': '#if CONFIG_A\nint a;\n#endif\n#include "base.h"\n#include "more.h"\nint x = MORE;\n',
      '/p/b.c': '#define FEATURE 1\n#include "more.h"\n#if MODE == 4\nint b;\n#endif\n',
      '/p/c.c': '#if MODE\n#endif\n#include "more.h"\n#include "base.h"\n#define LOCAL LIMIT\n#include "twice.h"\n',
      '/p/d.c': '#include "twice.h"\n#include "more.h"\n#ifdef F_ON\n#endif\n',
    };
    const unit = (file: string, args: string[]) => unitOf(file, ['-imacros', '/p/inc/config.h', ...args]);
    const units = [unit('/p/a.c', []), unit('/p/b.c', []), unit('/p/c.c', ['-DMODE=1']), unit('/p/d.c', ['-DFEATURE']), unit('/p/a.c', ['-DCONFIG_B=5'])];
    const readFile = (f: string) => files[f];
    const shared = walkAll(units, true, readFile);
    expect(shared.cache.replayed).toBeGreaterThan(5);
    expect(exact(shared.results)).toBe(exact(walkAll(units, false, readFile).results));
    // The unit that read CONFIG_A before base.h redefined it reads it still; the layers' values are each unit's.
    const a = shared.results[0];
    expect(readNameList(a.reads ?? '')).toContain('CONFIG_A');
    const more = a.files.find((f) => f.file === '/p/inc/more.h')!;
    expect(more.view.defines).toContain('12');
  });

  it('let units ending on one layer share the reads of the headers one replay read, with the values each would make', () => {
    const files: Record<string, string> = {
      '/p/inc/config.h': '#ifndef CONFIG_N\n#define CONFIG_N 3\n#endif\n#define CONFIG_ON 1\n',
      '/p/inc/all.h': '#ifndef ALL_H\n#define ALL_H\n#include "h1.h"\n#include "h2.h"\n#include "h3.h"\n#include "h4.h"\n#include "h5.h"\n#endif\n',
      ...Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`/p/inc/h${i}.h`, `#ifndef H${i}\n#define H${i}\n#define LIMIT_${i} (CONFIG_N * ${i})\n#if CONFIG_ON\nint on_${i};\n#endif\n#endif\n`])),
      ...Object.fromEntries([0, 1, 2, 3].map((i) => [`/p/u${i}.c`, `#include "all.h"\n#if defined(CONFIG_ON)\nint u${i} = LIMIT_${i + 1};\n#endif\n`])),
    };
    const unit = (i: number, args: string[] = []) => unitOf(`/p/u${i}.c`, ['-imacros', '/p/inc/config.h', ...args]);
    // The last unit sets CONFIG_N otherwise: its values differ, so it cannot share the others' reads.
    const units = [unit(0), unit(1), unit(2), unit(3, ['-DCONFIG_N=4'])];
    const readFile = (f: string) => files[f];
    const shared = walkAll(units, true, readFile);
    expect(exact(shared.results)).toBe(exact(walkAll(units, false, readFile).results));
    const h3 = (r: UnitResult) => r.files.find((f) => f.file === '/p/inc/h3.h')!;
    const [, second, third, fourth] = shared.results.slice(units.length);
    expect(h3(third)).toBe(h3(second));
    expect(h3(fourth)).not.toBe(h3(second));
    expect(h3(second).view.defines).toEqual([2, null, 3, '9']);
    expect(h3(fourth).view.defines).toEqual([2, null, 3, '12']);
  });

  it('give a file the #defines a later replay reached in it, where the first replay left no line of it', () => {
    // x.h is read under -imacros (no active lines): its #define is reached by the second replay only.
    const files: Record<string, string> = {
      '/p/inc/m.h': '#include "x.h"\n',
      '/p/inc/m2.h': '#define SECOND 1\n#include "x.h"\n',
      '/p/inc/x.h': '#ifdef SECOND\n#define X_ON 1\n#endif\n',
      '/p/a.c': 'int a;\n',
    };
    const unit = (imacros: string[]) => unitOf('/p/a.c', imacros.flatMap((f) => ['-imacros', f]));
    const units = [unit(['/p/inc/m.h']), unit(['/p/inc/m.h', '/p/inc/m2.h'])];
    const readFile = (f: string) => files[f];
    const shared = walkAll(units, true, readFile, false);
    expect(exact(shared.results)).toBe(exact(walkAll(units, false, readFile, false).results));
    expect(shared.results[3].files.find((f) => f.file === '/p/inc/x.h')!.view.defines).toEqual([2, '1']);
  });

  it('read the inputs of a header walk replayed on a layer from the layer once it was replayed there twice', () => {
    // h.h reads 40 names the starting state defines or not; the units define nothing before including it.
    const names = Array.from({ length: 40 }, (_, i) => `CONFIG_${i}`);
    const files: Record<string, string> = {
      '/p/inc/h.h': `#ifndef H_H\n#define H_H\n${names.map((n) => `#ifdef ${n}\nint on_${n};\n#endif\n`).join('')}#endif\n`,
      ...Object.fromEntries([0, 1, 2, 3].map((i) => [`/p/u${i}.c`, `#include "h.h"\nint u${i};\n`])),
    };
    const units = [0, 1, 2, 3].map((i) => unitOf(`/p/u${i}.c`, ['-DCONFIG_1', '-DCONFIG_7=2']));
    const readFile = (f: string) => files[f];
    const get = TrackedEnv.prototype.get;
    let lookups = 0;
    TrackedEnv.prototype.get = function (this: TrackedEnv, name: string) {
      lookups++;
      return get.call(this, name);
    };
    let shared: ReturnType<typeof walkAll>;
    const perUnit: number[] = [];
    try {
      const source = new FileSource(readFile, new SkeletonCache());
      const resolver = new IncludeResolver((f) => source.exists(f));
      const cache = new HeaderWalkCache();
      const host = { source, resolver, fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache: cache, sharedLayers: true };
      const results = units.map((u) => {
        const before = lookups;
        const r = walkUnit(u, setUpUnit(u, provider), host, true);
        perUnit.push(lookups - before);
        return r;
      });
      shared = { results, cache };
    } finally {
      TrackedEnv.prototype.get = get;
    }
    expect(shared.cache.replayed).toBe(3);
    // The first unit walks h.h, the next two replay it name by name, the last takes the names' definitions known.
    expect(perUnit[1]).toBeGreaterThanOrEqual(names.length);
    expect(perUnit[3]).toBeLessThan(names.length);
    const alone = units.map((u) => walkUnit(u, setUpUnit(u, provider), { source: new FileSource(readFile, new SkeletonCache()), resolver: new IncludeResolver((f) => readFile(f) !== undefined), fileHash: () => 'h', sharedLayers: false }, true));
    expect(shared.results.map((r) => [r.reads, r.tested])).toEqual(alone.map((r) => [r.reads, r.tested]));
    expect(shared.results[3].tested.filter(([, key]) => key !== null).map(([n]) => n)).toEqual(['CONFIG_1', 'CONFIG_7']);
  });
});
