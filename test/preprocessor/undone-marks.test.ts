// Where the #undefs a walk executes leave names undefined, or defined again, over the lines of the files read after
// them (UnitResult.undone): replayed header walks mark their files as walking them does, whether the replay keeps
// those names as they were or changes them, and a build's merge keeps a name's state only where every unit agrees.
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { SkeletonCache } from '../../src/preprocessor/file-skeleton.js';
import { FileSource } from '../../src/preprocessor/file-source.js';
import { HeaderWalkCache } from '../../src/preprocessor/header-walk-cache.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { IncludeResolver } from '../../src/preprocessor/include-resolver.js';
import { mergeUnitResults } from '../../src/preprocessor/merge-unit-results.js';
import type { MacroDef } from '../../src/preprocessor/macro-definition.js';
import { followedNames, markWork, releaseHeldKeys, UndefMarks } from '../../src/preprocessor/undef-marks.js';
import { undoneByFile, undoneStates, type FileUndone } from '../../src/preprocessor/undone-names.js';
import { setUpUnit } from '../../src/preprocessor/unit-environment.js';
import { walkUnit, type UnitResult } from '../../src/preprocessor/unit-result.js';
import type { FileVisit } from '../../src/preprocessor/unit-walker.js';

const provider = new ImplicitMacroProvider({ useRealCompiler: false });
const unit = (file: string, args: string[] = []): CompileUnit => ({ file, directory: '/p', arguments: ['arm-none-eabi-gcc', ...args, '-I/p/inc', '-c', file] });

const files: Record<string, string> = {
  '/p/inc/io.h': '#ifndef IO_H\n#define IO_H\n#define put(c) emit(c)\n#define get() read()\n#endif\n',
  // Ends put; defines get again to another function.
  '/p/inc/retarget.h': '#ifndef RETARGET_H\n#define RETARGET_H\n#undef put\n#undef get\n#define get() other_read()\n#endif\n',
  // Reads put and get (no #undef of its own): replayed with them as the unit has them.
  '/p/inc/use.h': '#ifndef USE_H\n#define USE_H\nstatic int use1(void) { return put(1); }\nstatic int use2(void) { return get(); }\n#endif\n',
  // Defines put again where the unit had ended it.
  '/p/inc/put-again.h': '#ifndef PUT_AGAIN_H\n#define PUT_AGAIN_H\n#define put(c) emit_again(c)\n#endif\n',
  // A header including the one with #undefs: its replay follows its log in order.
  '/p/inc/wrap.h': '#ifndef WRAP_H\n#define WRAP_H\nint before_wrap;\n#include "retarget.h"\nint after_wrap;\n#endif\n',
  '/p/a.c': '#include "io.h"\n#include "retarget.h"\n#include "use.h"\nint a_put(void) { return put(2); }\n',
  '/p/b.c': '#include "io.h"\n#include "use.h"\n#include "wrap.h"\nint b_put(void) { return put(3); }\n',
  '/p/c.c': '#include "io.h"\n#include "wrap.h"\n#include "use.h"\n#include "put-again.h"\nint c_put(void) { return put(4); }\n',
  '/p/d.c': '#include "io.h"\n#include "wrap.h"\n#include "use.h"\n#include "put-again.h"\nint d_put(void) { return put(4); }\n#undef get\nint d_get(void) { return get(); }\n',
  // Ends put and defines it again as io.h had it (stddef.h's #undef NULL, #define NULL ...): as if never ended.
  '/p/inc/same-put.h': '#undef put\nint between;\n#define put(c) emit(c)\n',
  '/p/e.c': '#include "io.h"\n#include "same-put.h"\n#include "use.h"\nint e_put(void) { return put(5); }\n',
  // Ends get, which only some units define before it; ends LIMIT and defines it (stdint.h's limits).
  '/p/inc/drop.h': '#ifndef DROP_H\n#define DROP_H\n#undef get\nint after_drop;\n#endif\n',
  '/p/inc/limit.h': '#ifndef LIMIT_H\n#define LIMIT_H\n#undef LIMIT\n#define LIMIT 10\nint after_limit;\n#endif\n',
  '/p/f.c': '#include "drop.h"\n#include "limit.h"\nint f_get(void) { return get(); }\n',
  '/p/g.c': '#include "io.h"\n#include "drop.h"\n#include "limit.h"\nint g_get(void) { return get(); }\n',
  // Read by -imacros (its code is not compiled): ends put, which the command line defines.
  '/p/inc/unput.h': '#undef put\n',
  '/p/h.c': 'int h_put(void) { return put(6); }\n',
};

const units = [unit('/p/a.c'), unit('/p/b.c'), unit('/p/c.c'), unit('/p/d.c'), unit('/p/e.c'), unit('/p/e.c', ['-DAGAIN']), unit('/p/f.c'), unit('/p/g.c'), unit('/p/f.c', ['-DLIMIT=3']), unit('/p/h.c', ['-Dput(c)=cmd(c)', '-imacros', '/p/inc/unput.h']), unit('/p/h.c', ['-Dput(c)=cmd(c)', '-imacros', '/p/inc/unput.h', '-DAGAIN'])];

function run(cache: HeaderWalkCache | undefined, afterUnit?: () => void): UnitResult[] {
  const source = new FileSource((f) => files[f], new SkeletonCache());
  const resolver = new IncludeResolver((f) => source.exists(f));
  const host = { source, resolver, fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache: cache };
  return units.map((u) => {
    const r = walkUnit(u, setUpUnit(u, provider), host, true);
    afterUnit?.();
    return r;
  });
}

const NAMES = ['put', 'get', 'LIMIT'];

/** A file's names' states and lines as text (`name` undefined, `name=line` defined again there). */
function statesText(u: FileUndone): string[] {
  return NAMES.flatMap((name) => (undoneStates(u, name) ?? []).map((s) => `${name}${s.def ? `=${s.def.line}` : ''} ${s.ranges.join(',')}`)).sort();
}

/** Per file of a result, statesText. */
function shown(r: UnitResult): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [file, marks] of undoneByFile(r)) {
    const text = statesText({ reads: [marks], lineCount: r.files.find((f) => f.file === file)!.view.lines });
    if (text.length) out[file] = text;
  }
  return out;
}

describe('marks of the names #undefs touched', () => {
  it('are the same whether header walks are replayed or walked', () => {
    const cache = new HeaderWalkCache();
    const cached = run(cache);
    const walked = run(undefined);
    expect(cache.replayed).toBeGreaterThan(3);
    expect(cached.map(shown)).toEqual(walked.map(shown));
  });

  it('are the same when the keys of replays held once are forgotten between units', () => {
    const cache = new HeaderWalkCache();
    const released = run(cache, releaseHeldKeys);
    expect(cache.replayed).toBeGreaterThan(3);
    expect(released.map(shown)).toEqual(run(undefined).map(shown));
  });

  it("are made by a replay that does again what a log did without hashing the names' states again", () => {
    // Units that only include headers: the third replays wrap.h (retarget.h's #undefs) from a state whose log is known.
    const only: Record<string, string> = { ...files, '/p/w.c': '#include "io.h"\n#include "wrap.h"\nint w;\n' };
    const source = new FileSource((f) => only[f], new SkeletonCache());
    const resolver = new IncludeResolver((f) => source.exists(f));
    const cache = new HeaderWalkCache();
    const host = { source, resolver, fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache: cache };
    const w = unit('/p/w.c');
    const hashed: number[] = [];
    const results = [0, 1, 2].map(() => {
      const before = markWork.hashed;
      const r = walkUnit(w, setUpUnit(w, provider), host, true);
      hashed.push(markWork.hashed - before);
      return r;
    });
    expect(cache.replayed).toBeGreaterThanOrEqual(4);
    expect(hashed[0]).toBeGreaterThan(0);
    expect(hashed[2]).toBe(0);
    const walked = walkUnit(w, setUpUnit(w, provider), { ...host, source: new FileSource((f) => only[f], new SkeletonCache()), headerCache: undefined }, true);
    expect(shown(walked)['/p/inc/wrap.h']).toEqual(['get=5 5,6', 'put 5,6']);
    for (const r of results) expect(shown(r)).toEqual(shown(walked));
  });

  it('follow the walk order across files and units', () => {
    const [a, b, c, d, e, again] = run(new HeaderWalkCache()).map(shown);
    // a.c: put undefined, get defined again (retarget.h line 5) from there on, in use.h and a.c (marks start at the
    // first line read after a change: line 3 of a.c is an #include).
    expect(a['/p/inc/use.h']).toEqual(['get=5 1,5', 'put 1,5']);
    expect(a['/p/a.c']).toEqual(['get=5 4,4', 'put 4,4']);
    // b.c read use.h before any #undef: nothing there; its own line after wrap.h has put undefined.
    expect(b['/p/inc/use.h']).toBeUndefined();
    expect(b['/p/b.c']).toEqual(['get=5 4,4', 'put 4,4']);
    expect(b['/p/inc/wrap.h']).toEqual(['get=5 5,6', 'put 5,6']);
    // c.c: put defined again by put-again.h (line 3) for the unit's last line.
    expect(c['/p/a.c']).toBeUndefined();
    expect(c['/p/c.c']).toEqual(['get=5 5,5', 'put=3 5,5']);
    expect(c['/p/inc/use.h']).toEqual(['get=5 1,5', 'put 1,5']);
    // d.c ends get itself at line 6.
    expect(d['/p/d.c']).toEqual(['get 7,7', 'get=5 5,6', 'put=3 5,7']);
    // e.c: put undefined in same-put.h from line 2 (to its end: line 3 is the #define), then as io.h had it:
    // use.h and e.c have no marks (walked, then replayed).
    for (const r of [e, again]) expect(r).toEqual({ '/p/inc/same-put.h': ['put 2,3'] });
  });

  it("follow a header's #undef of a name the unit does not define, until the name is defined", () => {
    const [, , , , , , f, g, limited] = run(new HeaderWalkCache()).map(shown);
    // get: undefined from drop.h line 4 on, whether io.h defined it (g.c) or not (f.c, which walked drop.h first).
    // LIMIT: followed only between its #undef and #define in limit.h (no line there) where it had no definition, as
    // defined again (line 4) where -DLIMIT=3 defined it.
    for (const r of [f, g, limited]) expect(r['/p/inc/drop.h']).toEqual(['get 4,5']);
    for (const r of [f, g]) expect(r['/p/inc/limit.h']).toEqual(['get 1,6']);
    expect(limited['/p/inc/limit.h']).toEqual(['LIMIT=4 5,6', 'get 1,6']);
    expect(f['/p/f.c']).toEqual(['get 3,3']);
    expect(g['/p/g.c']).toEqual(['get 4,4']);
  });

  it('follow the #undefs of a file read by -imacros, also where its walk is replayed', () => {
    const results = run(new HeaderWalkCache()).map(shown);
    for (const r of results.slice(-2)) expect(r['/p/h.c']).toEqual(['put 1,1']);
  });

  it('merge into the lines where every unit reading a file agrees', () => {
    const results = run(new HeaderWalkCache());
    const merged = mergeUnitResults(results).files;
    // use.h: b.c read it with put and get as io.h has them.
    expect(merged.get('/p/inc/use.h')!.undone).toBeUndefined();
    const [, , c, d] = results;
    expect(statesText(mergeUnitResults([c, d]).files.get('/p/inc/use.h')!.undone!)).toEqual(['get=5 1,5', 'put 1,5']);
    // a.c and c.c agree on use.h as well.
    expect(statesText(mergeUnitResults([results[0], c]).files.get('/p/inc/use.h')!.undone!)).toEqual(['get=5 1,5', 'put 1,5']);
  });

  it('copy the state once for a run of #undefs read after it, not once per #undef', () => {
    const env = new Map<string, MacroDef>(['A', 'B', 'C'].map((n) => [n, { name: n } as MacroDef]));
    const visit = { file: '/p/x.h' } as FileVisit;
    const marks = new UndefMarks(env, new Map([[visit.file, visit]]));
    for (const name of ['A', 'B', 'C']) marks.undefine(name);
    expect(marks.executed).toBe(true);
    marks.read(visit);
    // One version, holding the three names (a version per #undef held {A}, {A, B}, then the three).
    expect(visit.marks).toEqual([0, 1]);
    // Held as one flat list (name, then null or its definition), not an array per name.
    expect(marks.state(1)).toEqual(['A', null, 'B', null, 'C', null]);
    // A state marked before takes its version again.
    marks.define({ name: 'C', canon: env.get('C') } as MacroDef);
    marks.range(visit, 5);
    marks.undefine('C');
    marks.range(visit, 9);
    expect(visit.marks).toEqual([0, 1, 5, 2, 9, 1]);
  });

  it("tell a version's changes since an earlier one from the log of changes, each name once", () => {
    const env = new Map<string, MacroDef>(['A', 'B', 'C'].map((n) => [n, { name: n, canon: undefined } as unknown as MacroDef]));
    for (const def of env.values()) (def as { canon: MacroDef }).canon = def;
    const visit = { file: '/p/x.h' } as FileVisit;
    const marks = new UndefMarks(env, new Map([[visit.file, visit]]));
    marks.undefine('A');
    marks.undefine('B');
    marks.read(visit);
    const b2 = { name: 'B', canon: undefined } as unknown as MacroDef;
    (b2 as { canon: MacroDef }).canon = b2;
    // B defined anew, C undefined then defined as it was (followed no more), A defined as it was then undefined again.
    marks.define(b2);
    marks.undefine('C');
    marks.define(env.get('C')!);
    marks.define(env.get('A')!);
    marks.undefine('A');
    marks.range(visit, 5);
    expect(visit.marks).toEqual([0, 1, 5, 2]);
    expect(marks.changes(1, 2)).toEqual(['B', null, b2, 'C', undefined, undefined, 'A', null, null]);
    // None from the empty state (diffed: its state is every name's first change) nor backwards.
    expect(marks.changes(0, 2)).toBeUndefined();
    expect(marks.changes(2, 1)).toBeUndefined();
  });
});

describe('the names a replay follows', () => {
  const undone = (...names: string[]) => new Map<string, MacroDef | null>(names.map((n) => [n, null]));

  it('are those the state holds and those the #undefs undefine, keyed sorted; the last ones again when the same', () => {
    const first = followedNames(undone('B', 'A'), ['C', 'A']);
    expect([...first.names].sort()).toEqual(['A', 'B', 'C']);
    expect(first.key).toBe('A\nB\nC');
    // The same names in another order, split otherwise between the state and the #undefs: the same object.
    expect(followedNames(undone('C', 'A'), ['B'])).toBe(first);
    expect(followedNames(undone('A', 'B', 'C'), [])).toBe(first);
    // One name fewer, one more, one other.
    expect(followedNames(undone('A', 'B'), []).key).toBe('A\nB');
    expect(followedNames(undone('A', 'B'), ['C', 'D']).key).toBe('A\nB\nC\nD');
    expect(followedNames(undone('A', 'B'), ['E', 'D']).key).toBe('A\nB\nD\nE');
  });
});
