// The header walk cache: replayed header walks give exactly what walking every inclusion gives (active
// ranges, decisions, defines reached, diagnostics, consulted macros, first-read order), the gcc differential
// check still agrees on a fixture built to trip it, and a changed header or macro value is never answered
// from a stale entry.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { runDifferentialCheck } from '../../src/preprocessor/differential-check.js';
import { buildSkeleton, SkeletonCache } from '../../src/preprocessor/file-skeleton.js';
import { FileSource } from '../../src/preprocessor/file-source.js';
import { HeaderRecorder, HeaderWalkCache, OP_DEFINES, OP_GROUP, type HeaderEntry } from '../../src/preprocessor/header-walk-cache.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { IncludeResolver } from '../../src/preprocessor/include-resolver.js';
import { preprocessBuildDetailed, type DetailedBuildResult } from '../../src/preprocessor/preprocess-build-detailed.js';
import { readNameList } from '../../src/preprocessor/tracked-env.js';
import { setUpUnit } from '../../src/preprocessor/unit-environment.js';
import { walkUnit, type UnitResult } from '../../src/preprocessor/unit-result.js';
import { hasTool } from '../helpers/fixture-project.js';
import { copyFixture } from './fixture-support.js';

/** Everything a detailed build result says, as plain data (Sets and typed arrays spelled out). */
function plain(r: DetailedBuildResult): unknown {
  return {
    files: [...r.result.files.values()].map((f) => [f.file, f.language, [...f.activeLines].join(''), f.readBy, f.decisions ? [[...f.decisions.evaluated], [...f.decisions.taken]] : null]),
    macros: r.result.macros,
    unitFiles: [...r.result.unitFiles],
    diagnostics: r.result.diagnostics,
    units: r.units.map((u) => [u.unit.file, [...u.visits.values()].map((v) => [v.file, v.ranges, [...(v.taken ?? [])], [...(v.groups ?? [])]]), u.diagnostics]),
  };
}

/** Unit results with the names their walks read as a sorted list (a set: a replay notes them in another order). */
const readsSorted = (results: UnitResult[]) => results.map((r) => ({ ...r, reads: [...readNameList(r.reads ?? '')].sort() }));

const DATABASES = ['compile_commands.json', 'build-extra/compile_commands.json'];

describe('header walk cache on a fixture of headers seen under different macro states', () => {
  const fx = copyFixture('header-states');
  const provider = new ImplicitMacroProvider({ useRealCompiler: false });

  it('gives the same build results as walking every inclusion, and replays', () => {
    const cache = new HeaderWalkCache();
    const skeletons = new SkeletonCache();
    for (const db of DATABASES) {
      const units = fx.units(db);
      const cached = preprocessBuildDetailed(units, { implicitMacros: provider, skeletons, headerCache: cache, recordDecisions: true });
      const walked = preprocessBuildDetailed(units, { implicitMacros: provider, skeletons, headerCache: false, recordDecisions: true });
      expect(plain(cached)).toEqual(plain(walked));
      expect(cached.result.diagnostics.some((d) => d.message.includes('EXTRA is set'))).toBe(true);
    }
    expect(cache.recorded).toBeGreaterThan(5);
    expect(cache.replayed).toBeGreaterThan(5);
  });

  it("cleared (after a run's last walks), holds no entry, keeps its counts and walks again as before", () => {
    const cache = new HeaderWalkCache();
    const skeletons = new SkeletonCache();
    const units = fx.units(DATABASES[0]);
    const first = plain(preprocessBuildDetailed(units, { implicitMacros: provider, skeletons, headerCache: cache, recordDecisions: true }));
    expect(cache.size).toBeGreaterThan(0);
    const { recorded, replayed } = cache;
    cache.clear();
    expect(cache.size).toBe(0);
    expect([cache.recorded, cache.replayed]).toEqual([recorded, replayed]);
    expect(plain(preprocessBuildDetailed(units, { implicitMacros: provider, skeletons, headerCache: cache, recordDecisions: true }))).toEqual(first);
    expect(cache.recorded).toBeGreaterThan(recorded);
  });

  it('gives the same unit results (views, consulted macros) as walking every inclusion', () => {
    const units = DATABASES.flatMap((db) => fx.units(db));
    const run = (cache: HeaderWalkCache | undefined): UnitResult[] => {
      const source = new FileSource(undefined, new SkeletonCache());
      const resolver = new IncludeResolver((f) => source.exists(f));
      const host = { source, resolver, fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache: cache };
      return units.map((u) => walkUnit(u, setUpUnit(u, provider), host, true));
    };
    const cache = new HeaderWalkCache();
    const cached = run(cache);
    expect(readsSorted(cached)).toEqual(readsSorted(run(undefined)));
    expect(cache.replayed).toBeGreaterThan(0);
    // The unit that sees MODE=3 and EXTRA reads EXTRA through a replayed or walked header alike.
    const c = cached.find((r) => r.unit.endsWith('c.c'))!;
    expect(c.tested.map(([n]) => n)).toEqual(expect.arrayContaining(['EXTRA', 'MODE']));
  });

  it.skipIf(!hasTool('gcc'))('agrees with gcc -E on every conditional group', () => {
    for (const db of DATABASES) {
      const r = runDifferentialCheck(path.join(fx.root, db));
      expect(r.units.every((u) => u.status === 'checked')).toBe(true);
      expect(r.disagreements).toEqual([]);
      expect(r.totalGroups).toBeGreaterThan(10);
    }
  });
});

describe('header walk cache invalidation', () => {
  const unit = (file: string, args: string[]): CompileUnit => ({ file, directory: '/p', arguments: ['arm-none-eabi-gcc', ...args, '-I/p/inc', '-c', file] });
  const header = (body: string) => `#ifndef H_H\n#define H_H\n${body}\n#endif\n`;
  const provider = new ImplicitMacroProvider({ useRealCompiler: false });

  function compare(files: Record<string, string>, units: CompileUnit[], cache: HeaderWalkCache, skeletons: SkeletonCache) {
    const readFile = (f: string) => files[f];
    const cached = preprocessBuildDetailed(units, { readFile, implicitMacros: provider, skeletons, headerCache: cache, recordDecisions: true });
    const walked = preprocessBuildDetailed(units, { readFile, implicitMacros: provider, headerCache: false, recordDecisions: true });
    expect(plain(cached)).toEqual(plain(walked));
    return cached;
  }

  it('walks a header again when its content or a nested header changed', () => {
    const cache = new HeaderWalkCache();
    const skeletons = new SkeletonCache();
    const files: Record<string, string> = {
      '/p/inc/h.h': header('#include "n.h"\n#if LEVEL > 1\nint high;\n#else\nint low;\n#endif'),
      '/p/inc/n.h': '#define LEVEL 1\n',
      '/p/a.c': '#include "h.h"\nint a;\n',
      '/p/b.c': '#include "h.h"\nint b;\n',
    };
    const units = [unit('/p/a.c', []), unit('/p/b.c', [])];
    const first = compare(files, units, cache, skeletons);
    const lowLine = 7;
    expect(first.result.files.get('/p/inc/h.h')!.activeLines[lowLine - 1]).toBe(1);
    const replayed = cache.replayed;
    expect(replayed).toBeGreaterThan(0);
    // Nested header edited: LEVEL becomes 2, the entry for h.h must not answer.
    const second = compare({ ...files, '/p/inc/n.h': '#define LEVEL 2\n' }, units, cache, skeletons);
    expect(second.result.files.get('/p/inc/h.h')!.activeLines[lowLine - 1]).toBe(0);
    expect(second.result.files.get('/p/inc/h.h')!.activeLines[lowLine - 3]).toBe(1);
    // The header itself edited: a line moves.
    const third = compare({ ...files, '/p/inc/h.h': `// moved\n${files['/p/inc/h.h']}` }, units, cache, skeletons);
    expect(third.result.files.get('/p/inc/h.h')!.activeLines[lowLine]).toBe(1);
  });

  it('walks a header again when a macro it tests has another value, and replays when only an untested one differs', () => {
    const cache = new HeaderWalkCache();
    const skeletons = new SkeletonCache();
    const files: Record<string, string> = {
      '/p/inc/h.h': header('#if MODE == 2\nint two;\n#elif defined(EXTRA)\nint extra;\n#else\nint other;\n#endif\n#define DERIVED (MODE * 2)'),
      '/p/a.c': '#include "h.h"\nint a = DERIVED;\n',
    };
    const run = (args: string[]) => compare(files, [unit('/p/a.c', args)], cache, skeletons);
    const active = (r: DetailedBuildResult) => [...r.result.files.get('/p/inc/h.h')!.activeLines].map((v, i) => (v ? i + 1 : 0)).filter(Boolean);
    expect(active(run(['-DMODE=2']))).toContain(4);
    let before = cache.replayed;
    expect(active(run(['-DMODE=2', '-DUNRELATED=1']))).toContain(4);
    expect(cache.replayed).toBe(before + 1);
    before = cache.replayed;
    const three = run(['-DMODE=3']);
    expect(active(three)).toContain(8);
    expect(active(three)).not.toContain(4);
    expect(cache.replayed).toBe(before);
    expect(active(run(['-DMODE=3', '-DEXTRA']))).toContain(6);
    // The defines a replayed header reaches are valued in the unit that replays it.
    const again = run(['-DMODE=3']);
    expect(again.result.macros.find((m) => m.name === 'DERIVED')?.expandedValue).toBe('6');
  });

  it('replays recorded runs of #defines (cut by #undef, conditionals, errors and nested headers) as walking them', () => {
    const cache = new HeaderWalkCache();
    const files: Record<string, string> = {
      '/p/inc/h.h': '#define A 1\n#define B (A + 1)\n#undef A\n#define A 5\n#define 3bad\n#define C B\n#include "n.h"\n#define D (N * 2)\n#if C > 1\n#define E C\n#endif\n#define F\n#define A 6\n',
      '/p/inc/n.h': '#define N 7\n#define M N\n',
      '/p/a.c': '#include "h.h"\nint a = D;\n',
      '/p/b.c': '#include "h.h"\nint b = E;\n#define AFTER A\n',
    };
    const r = compare(files, [unit('/p/a.c', []), unit('/p/b.c', [])], cache, new SkeletonCache());
    expect(cache.replayed).toBeGreaterThan(0);
    const values = r.result.macros.filter((m) => !m.file.startsWith('<')).map((m) => `${m.name}@${m.line}=${m.expandedValue}`);
    expect(values).toEqual(expect.arrayContaining(['A@4=5', 'B@2=7', 'C@6=7', 'D@8=14', 'E@10=7', 'M@2=7', 'A@13=6', 'AFTER@3=6']));
  });

  it('logs consecutive #defines of a file as one run', () => {
    const sk = buildSkeleton('/p/h.h', '#define A 1\n#define B 2\n#if X\n#endif\n#define C 3\n#define D 4\n');
    const rec = new HeaderRecorder(undefined, '/p/h.h', sk);
    const define = (i: number) => rec.defined(sk, i, sk.directives[i].macro!);
    define(0);
    define(1);
    rec.ops.push(OP_GROUP, '/p/h.h', 2);
    define(4);
    define(5);
    expect(rec.ops).toEqual([OP_DEFINES, sk, 0, 1, OP_GROUP, '/p/h.h', 2, OP_DEFINES, sk, 4, 5]);
    expect([...rec.written]).toEqual(['A', 'B', 'C', 'D']);
  });

  it('lists the files whose #pragma once state a walk tested, those marked then first, with their count', () => {
    const sk = buildSkeleton('/p/h.h', 'int h;\n');
    const rec = new HeaderRecorder(undefined, '/p/h.h', sk);
    rec.onceRead('/p/a.h', false);
    rec.onceRead('/p/b.h', true);
    rec.onceRead('/p/c.h', false);
    rec.onceRead('/p/d.h', true);
    const entry = rec.finish()!;
    expect([entry.onceFiles, entry.onceSeen]).toEqual([['/p/b.h', '/p/d.h', '/p/a.h', '/p/c.h'], 2]);
  });

  it("keeps a finished walk's log as a copy of its length, not the recorder's growing list", () => {
    const sk = buildSkeleton('/p/h.h', '#define A 1\n#define B 2\n');
    const rec = new HeaderRecorder(undefined, '/p/h.h', sk);
    rec.defined(sk, 0, sk.directives[0].macro!);
    rec.defined(sk, 1, sk.directives[1].macro!);
    const entry = rec.finish()!;
    expect(entry.ops).toEqual([OP_DEFINES, sk, 0, 1]);
    expect(entry.ops).not.toBe(rec.ops);
  });

  it('never records a walk that uses __COUNTER__ or __INCLUDE_LEVEL__', () => {
    const cache = new HeaderWalkCache();
    const files: Record<string, string> = {
      '/p/inc/h.h': '#if __COUNTER__ == 0\nint first_counter;\n#endif\n#if __INCLUDE_LEVEL__ == 1\nint level_one;\n#endif\n',
      '/p/inc/w.h': '#include "h.h"\n',
      '/p/a.c': '#include "w.h"\n#include "h.h"\n',
    };
    compare(files, [unit('/p/a.c', []), unit('/p/a.c', ['-DX'])], cache, new SkeletonCache());
    expect(cache.size).toBe(0);
    expect(cache.replayed).toBe(0);
  });
});

describe('file views of replayed header walks', () => {
  const provider = new ImplicitMacroProvider({ useRealCompiler: false });
  const unit = (file: string, args: string[] = []): CompileUnit => ({ file, directory: '/p', arguments: ['arm-none-eabi-gcc', ...args, '-I/p/inc', '-c', file] });
  const files: Record<string, string> = {
    '/p/inc/h.h': '#ifndef H_H\n#define H_H\n#define VAL (LATER + 1)\n#define TWICE (OPT * 2)\n#if defined(X)\nint x;\n#endif\n#endif\n',
    '/p/a.c': '#include "h.h"\n#define LATER 1\n',
    '/p/b.c': '#include "h.h"\n#define LATER 2\n',
    '/p/c.c': '#include "h.h"\n#define LATER 2\n',
    '/p/d.c': '#include "h.h"\n#define LATER 1\n',
    '/p/e.c': '#include "h.h"\n#define LATER 2\n',
  };
  const units = [unit('/p/a.c', ['-DOPT=1']), unit('/p/b.c', ['-DOPT=1']), unit('/p/c.c', ['-DOPT=1']), unit('/p/d.c', ['-DOPT=3']), unit('/p/a.c', ['-DOPT=3'])];
  const run = (cache: HeaderWalkCache | undefined, list = units): UnitResult[] => {
    const source = new FileSource((f) => files[f], new SkeletonCache());
    const resolver = new IncludeResolver((f) => source.exists(f));
    const host = { source, resolver, fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache: cache };
    return list.map((u) => walkUnit(u, setUpUnit(u, provider), host, true));
  };
  const read = (r: UnitResult) => r.files.find((f) => f.file === '/p/inc/h.h')!;
  const view = (r: UnitResult) => read(r).view;

  it('are shared while the macros their values read hold, and made again when one differs', () => {
    const cache = new HeaderWalkCache();
    const cached = run(cache);
    expect(readsSorted(cached)).toEqual(readsSorted(run(undefined)));
    expect(cache.replayed).toBe(4);
    const [a, b, c, d, a3] = cached;
    expect(view(a).defines).toEqual([2, null, 3, '2', 4, '2']);
    expect(view(b).defines).toEqual([2, null, 3, '3', 4, '2']);
    // c replays the walk b replayed, with the same values: the same object.
    expect(view(c)).toBe(view(b));
    // A macro defined after the header (LATER) or given on the command line (OPT) changes a value: made again.
    expect(view(d).defines).toEqual([2, null, 3, '2', 4, '6']);
    expect(view(a3)).toBe(view(d));
    // The command-line macro a reused view's value read is an input of the unit, as when the view is made.
    for (const r of cached) expect(r.tested).toContainEqual(['OPT', expect.any(String)]);
  });

  it('are kept from the unit that recorded the walk, unless no unit walks after it (keepViews false)', () => {
    const walk = (keepFirst: boolean): UnitResult[] => {
      const source = new FileSource((f) => files[f], new SkeletonCache());
      const host = { source, resolver: new IncludeResolver((f) => source.exists(f)), fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache: new HeaderWalkCache() };
      const [b, c] = [units[1], units[2]];
      return [walkUnit(b, setUpUnit(b, provider), host, true, keepFirst), walkUnit(c, setUpUnit(c, provider), host, true)];
    };
    const [b, c] = walk(true);
    // c replays the walk b recorded, with the same values: b's view.
    expect(view(c)).toBe(view(b));
    const [bAlone, cAfter] = walk(false);
    // b kept none (its values' names were not recorded): c makes the same view again.
    expect(view(cAfter)).not.toBe(view(bAlone));
    expect(readsSorted([bAlone, cAfter])).toEqual(readsSorted([b, c]));
  });

  it('are listed per file only once one is kept: replays whose units keep none leave the walk no list', () => {
    const source = new FileSource((f) => files[f], new SkeletonCache());
    const cache = new HeaderWalkCache();
    const host = { source, resolver: new IncludeResolver((f) => source.exists(f)), fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache: cache };
    for (const u of units.slice(0, 3)) walkUnit(u, setUpUnit(u, provider), host, true, false);
    expect(cache.replayed).toBe(2);
    const entries = [...(cache as unknown as { slots: Map<string, HeaderEntry[]> }).slots.values()].flat();
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.views).toBeUndefined();
    // Kept: each file's list holds the views kept, none empty.
    const kept = new HeaderWalkCache();
    run(kept);
    const lists = [...(kept as unknown as { slots: Map<string, HeaderEntry[]> }).slots.values()].flat().flatMap((e) => [...(e.views?.values() ?? [])]);
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(list.length).toBeGreaterThan(0);
  });

  it('taken by several units are one read (file, hash, view) in each of their results, equal to what walking gives', () => {
    const list = [...units, unit('/p/e.c', ['-DOPT=1'])];
    const cache = new HeaderWalkCache();
    const cached = run(cache, list);
    expect(readsSorted(cached)).toEqual(readsSorted(run(undefined, list)));
    const [, b, c, d, a3, e] = cached;
    // c and e take the view b made: one read object; b's own read is the one it made.
    expect(read(e)).toBe(read(c));
    expect(read(c)).not.toBe(read(b));
    expect(read(c)).toEqual(read(b));
    expect(read(a3)).not.toBe(read(c));
    expect(read(a3).view).toBe(view(d));
  });
});
