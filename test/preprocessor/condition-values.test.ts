// #if values shared across directives by their text (condition-values.ts): a directive written like one already
// evaluated reads only the names that one's expansion read, in its order, while they hold; otherwise it expands.
import { describe, expect, it } from 'vitest';
import { SkeletonCache } from '../../src/preprocessor/file-skeleton.js';
import { FileSource } from '../../src/preprocessor/file-source.js';
import { buildSearchChain, IncludeResolver } from '../../src/preprocessor/include-resolver.js';
import type { MacroDef, MacroEnv } from '../../src/preprocessor/macro-definition.js';
import { UnitWalker } from '../../src/preprocessor/unit-walker.js';

/** An environment that logs every name looked up. */
class LoggedEnv implements MacroEnv {
  readonly defs = new Map<string, MacroDef>();
  readonly gets: string[] = [];
  get(name: string): MacroDef | undefined {
    this.gets.push(name);
    return this.defs.get(name);
  }
  has(name: string): boolean {
    this.gets.push(name);
    return this.defs.has(name);
  }
  set(name: string, def: MacroDef): void {
    this.defs.set(name, def);
  }
  delete(name: string): void {
    this.defs.delete(name);
  }
}

/** Walks `/p/<name>.c` (with the headers of `files`) and answers the names looked up and the active lines. */
function walk(name: string, text: string, files: Record<string, string> = {}): { gets: string[]; active: string[] } {
  const main = `/p/${name}.c`;
  const source = new FileSource((f) => (f === main ? text : files[f]), new SkeletonCache(), true);
  const env = new LoggedEnv();
  const active: string[] = [];
  const chain = buildSearchChain({ quoteDirs: [], includeDirs: [], systemDirs: [], compilerSystemDirs: [], afterDirs: [] });
  const walker = new UnitWalker(
    { skeleton: (f) => source.skeleton(f), exists: (f) => source.exists(f), resolver: new IncludeResolver((f) => source.exists(f)) },
    { env, chain, features: { gccMajor: 0, cplusplus: false }, evalOptions: {}, onActiveRange: (f, from, to) => active.push(`${f}:${from}-${to}`) },
  );
  walker.walkRoot(main);
  expect(walker.diagnostics).toEqual([]);
  return { gets: env.gets, active };
}

const DEFINES = ['#define CAT(a, b) a##b', '#define ENABLED(o) _ENA(CAT(_ON_, o))', '#define _ENA(v) (v + 0)', '#define _ON_1 1', '#define OPT 1'];
/** The same condition, its text told apart by `tag` (values are shared by every walk of the process). */
const ifText = (tag: string) => `#if ENABLED(OPT) && OPT && !defined(OFF_${tag})`;

describe('#if values shared by their text', () => {
  it('reads, for a directive written like one already evaluated, the names that one read, once each and in its order', () => {
    const once = walk('once', [...DEFINES, ifText('a1'), 'x', '#endif'].join('\n')).gets.map((n) => (n === 'OFF_a1' ? 'OFF_a2' : n));
    // The expansion looks OPT up twice.
    expect(once.length).toBeGreaterThan(new Set(once).size);
    const twice = walk('twice', [...DEFINES, ifText('a2'), 'x', '#endif', ifText('a2'), 'y', '#endif'].join('\n'));
    expect(twice.gets).toEqual([...once, ...new Set(once)]);
    expect(twice.active).toEqual(['/p/twice.c:7-7', '/p/twice.c:10-10']);
    // Another file's directives, written alike, read as the second did.
    const again = walk('again', [...DEFINES, ifText('a2'), 'x', '#endif', ifText('a2'), 'y', '#endif'].join('\n'));
    expect(again.gets).toEqual([...new Set(once), ...new Set(once)]);
    expect(again.active).toEqual(['/p/again.c:7-7', '/p/again.c:10-10']);
  });

  it('expands again where a name it read is defined otherwise, and records the names an expansion would, in its order', () => {
    const header = (tag: string) => [ifText(tag), 'int in_header;', '#endif'].join('\n');
    const text = (tag: string) => [...DEFINES, '#include "h.h"', '#undef OPT', '#define OPT 0', '#include "h.h"', ifText(tag), 'int on;', '#else', 'int off;', '#endif'].join('\n');
    const fresh = walk('fresh', text('b'), { '/p/h.h': header('b') });
    const recalled = walk('recalled', text('b'), { '/p/h.h': header('b') });
    // The header is active the first time only (OPT 1, then 0); the main file takes its #else.
    for (const r of [fresh, recalled]) expect(r.active).toEqual(['/p/h.h:2-2', expect.stringMatching(/\.c:13-13$/)]);
    expect(recalled.gets.length).toBeLessThan(fresh.gets.length);
    expect([...new Set(recalled.gets)]).toEqual([...new Set(fresh.gets)]);
  });
});
