// The states of #undef marks are held once per content: units with the same states (and a stored result read back)
// hold one frozen list each, the marks they give are those of lists of their own, and a merge's states of units
// (UndoneSharing) are its own, going with it.
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { decodeUnitResult, encodeUnitResult, FileViewCache } from '../../src/index/unit-result-rows.js';
import { SkeletonCache } from '../../src/preprocessor/file-skeleton.js';
import { FileSource } from '../../src/preprocessor/file-source.js';
import { HeaderWalkCache } from '../../src/preprocessor/header-walk-cache.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { IncludeResolver } from '../../src/preprocessor/include-resolver.js';
import { mergeUnitResults } from '../../src/preprocessor/merge-unit-results.js';
import { entriesHash, heldWithChanges, releaseSharedStates, sharedState, stepsFound } from '../../src/preprocessor/shared-undone-states.js';
import { definedEntriesMade, undoneByFile, undoneStates, UndoneSharing, type UndoneMarks } from '../../src/preprocessor/undone-names.js';
import { setUpUnit } from '../../src/preprocessor/unit-environment.js';
import { walkUnit, type UnitResult } from '../../src/preprocessor/unit-result.js';

const provider = new ImplicitMacroProvider({ useRealCompiler: false });
const unit = (file: string): CompileUnit => ({ file, directory: '/p', arguments: ['arm-none-eabi-gcc', '-I/p/inc', '-c', file] });

const files: Record<string, string> = {
  '/p/inc/io.h': '#ifndef IO_H\n#define IO_H\n#define put(c) emit(c)\n#define get() read()\n#define LIMIT 4\n#endif\n',
  // Like glibc's limits headers: ends names, one of them defined again.
  '/p/inc/limits.h': '#ifndef LIMITS_H\n#define LIMITS_H\n#undef LIMIT\n#undef put\n#undef get\n#define get() other_read()\n#endif\n',
  '/p/inc/use.h': '#ifndef USE_H\n#define USE_H\nstatic int use1(void) { return put(1) + LIMIT; }\nstatic int use2(void) { return get(); }\n#endif\n',
  '/p/a.c': '#include "io.h"\n#include "limits.h"\n#include "use.h"\nint a_put(void) { return put(2); }\n',
  '/p/b.c': '#include "io.h"\n#include "limits.h"\n#include "use.h"\nint b_put(void) { return put(3); }\n#undef get\nint b_get(void) { return get(); }\n',
  '/p/c.c': '#include "io.h"\n#include "limits.h"\nint c_put(void) { return put(4); }\n#include "use.h"\n',
  // LIMIT defined again, then three more names ended: four states naming that #define.
  '/p/e.c': '#include "io.h"\n#undef LIMIT\n#define LIMIT 8\nint e0;\n#undef put\nint e1;\n#undef get\nint e2;\n#undef NONE\nint e3;\n',
  // Ends the names b.c ends, in another order.
  '/p/d.c': '#include "io.h"\n#undef get\n#undef put\nint d_mid;\n#undef LIMIT\nint d_put(void) { return put(5); }\n',
};

function run(units = ['/p/a.c', '/p/b.c', '/p/c.c', '/p/d.c']): UnitResult[] {
  const source = new FileSource((f) => files[f], new SkeletonCache());
  const resolver = new IncludeResolver((f) => source.exists(f));
  const host = { source, resolver, fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache: new HeaderWalkCache() };
  return units.map((f) => walkUnit(unit(f), setUpUnit(unit(f), provider), host, true));
}

/** Every state list of the results' marks, by its text. */
function listsByText(results: { undone?: UndoneMarks }[]): Map<string, Set<readonly string[]>> {
  const out = new Map<string, Set<readonly string[]>>();
  for (const r of results) for (const s of r.undone?.states ?? []) out.set(s.join('\n'), (out.get(s.join('\n')) ?? new Set()).add(s));
  return out;
}

/** What the merge of the results says of each name in each file. */
function merged(results: UnitResult[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [file, m] of mergeUnitResults(results).files) if (m.undone) for (const name of ['put', 'get', 'LIMIT']) out[`${file} ${name}`] = undoneStates(m.undone, name) ?? null;
  return out;
}

describe('states of #undef marks', () => {
  it('are one frozen list per content, shared by the units that have it', () => {
    const results = run();
    const byText = listsByText(results);
    // a.c, b.c and c.c each have the state after limits.h; b.c and d.c one more.
    expect(results.every((r) => r.undone !== undefined)).toBe(true);
    expect([...byText.keys()].filter((t) => t !== '').length).toBeGreaterThanOrEqual(2);
    for (const [text, lists] of byText) {
      expect(lists.size, text).toBe(1);
      expect(Object.isFrozen([...lists][0])).toBe(true);
    }
  });

  it('are the same list whatever order the walk ended their names in', () => {
    const [, b, , d] = run();
    // Each name undefined (b.c's after its own #undef get).
    const last = (r: UnitResult) => r.undone!.states.find((s) => s.length === 3 && s.every((e) => !e.includes('\0')))!;
    expect(last(b)).toEqual(['LIMIT', 'get', 'put']);
    expect(last(d)).toBe(last(b));
    // d.c: put and get undefined from line 4 on (the first line read after the #undefs), LIMIT too from line 6.
    const marks = undoneByFile(d).get('/p/d.c')!;
    expect(marks.marks.length).toBeGreaterThan(2);
    expect(undoneStates({ reads: [marks], lineCount: 6 }, 'LIMIT')).toEqual([{ ranges: [6, 6] }]);
    expect(undoneStates({ reads: [marks], lineCount: 6 }, 'get')).toEqual([{ ranges: [4, 6] }]);
  });

  it('are held no more once released (after a build\'s walks): later walks make lists of their own', () => {
    const before = run()[1].undone!.states;
    expect(run()[1].undone!.states).toEqual(before);
    expect(run()[1].undone!.states.every((s, k) => s === before[k])).toBe(true);
    releaseSharedStates();
    const after = run()[1].undone!.states;
    expect(after).toEqual(before);
    expect(after.some((s, k) => s.length > 0 && s === before[k])).toBe(false);
  });

  it('are the lists the walks hold once a stored result is read back', () => {
    const results = run();
    const views = new FileViewCache(undefined as never);
    for (const r of results) {
      const { row, viewHashes } = encodeUnitResult(r);
      views.internReads(r.files, viewHashes, r.shared);
      const back = decodeUnitResult(row, views);
      expect(back.undone).toEqual(r.undone);
      back.undone!.states.forEach((s, k) => expect(s).toBe(r.undone!.states[k]));
    }
  });

  it('give the marks that lists of their own give', () => {
    const results = run();
    const own = results.map((r) => ({ ...r, undone: JSON.parse(JSON.stringify(r.undone)) as UndoneMarks }));
    expect(merged(results)).toEqual(merged(own));
    const use = merged(results);
    // use.h: put and LIMIT undefined, get defined again by limits.h's line 6, in every unit.
    expect(use['/p/inc/use.h put']).toEqual([{ ranges: [1, 5] }]);
    expect(use['/p/inc/use.h get']).toEqual([{ ranges: [1, 5], def: { file: '/p/inc/limits.h', line: 6 } }]);
    for (const r of results) expect([...undoneByFile(r)].map(([f, m]) => [f, m.text])).toEqual([...undoneByFile(own[results.indexOf(r)])].map(([f, m]) => [f, m.text]));
  });

  it('name each #define of a walk once, whatever the number of its states naming it', () => {
    releaseSharedStates();
    const before = definedEntriesMade.count;
    const [e] = run(['/p/e.c']);
    const naming = e.undone!.states.filter((s) => s.includes('LIMIT\u00000\u00003'));
    expect(naming.length).toBe(4);
    expect(definedEntriesMade.count - before).toBe(1);
  });

  it('of units are shared within one merge, not between merges', () => {
    const [a, , c] = run();
    const sharing = new UndoneSharing();
    const stateOf = (r: UnitResult, s: UndoneSharing) => undoneByFile(r, undefined, s).get('/p/inc/use.h')!.unit;
    // a.c and c.c read use.h in the same states.
    expect(stateOf(a, sharing)).toBe(stateOf(c, sharing));
    expect(stateOf(a, new UndoneSharing())).not.toBe(stateOf(a, new UndoneSharing()));
    expect(stateOf(a, new UndoneSharing())).toEqual(stateOf(a, sharing));
  });
});

describe('held #undef states made from another by changes', () => {
  it('are found by their changes once found by a compare, until the held lists are released', () => {
    releaseSharedStates();
    const held = (entries: string[]) => sharedState(entries, entriesHash(entries));
    const prev = held(['A', 'B', 'D']);
    const next = held(['A', 'C', 'D', 'E']);
    const h = entriesHash(['A', 'C', 'D', 'E']);
    const before = stepsFound.count;
    expect(heldWithChanges(prev, ['B'], ['C', 'E'], h)).toBe(next);
    expect(stepsFound.count).toBe(before);
    // The same changes (other arrays): the step, not a compare.
    expect(heldWithChanges(prev, ['B'], ['C', 'E'], h)).toBe(next);
    expect(stepsFound.count).toBe(before + 1);
    // Other changes with the same hash are not that step.
    expect(heldWithChanges(prev, ['B'], ['E', 'C'], h)).toBeUndefined();
    expect(heldWithChanges(prev, ['B', 'X'], ['C', 'E'], h)).toBe(next);
    expect(stepsFound.count).toBe(before + 1);
    releaseSharedStates();
    expect(heldWithChanges(prev, ['B'], ['C', 'E'], h)).toBeUndefined();
  });
});
