// Preprocessor fixtures: active lines, macros and diagnostics per case compared with their expected files.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { preprocessBuild } from '../../src/preprocessor/preprocess-build.js';
import { copyFixture, databases, listCases, locate } from './fixture-support.js';
import { hasTool } from '../helpers/fixture-project.js';

/**
 * The implicit-macro source is chosen per build, never left to the machine: `implicit: "table"` builds run with
 * the built-in table everywhere, and again with their real compiler where it is installed (same expectations);
 * `implicit: "compiler"` builds need their compiler and are skipped without it.
 */
function modesOf(exp: { implicit?: string }, compiler: string): { mode: 'table' | 'compiler'; skip: boolean }[] {
  if (exp.implicit === 'compiler') return [{ mode: 'compiler', skip: !hasTool(compiler) }];
  return [{ mode: 'table', skip: false }, { mode: 'compiler', skip: !hasTool(compiler) }];
}

describe.each(listCases())('fixture %s', (name) => {
  const fx = copyFixture(name);
  const builds = Object.entries(fx.expected?.builds ?? {});
  const runs = builds.flatMap(([db, exp]) => modesOf(exp, path.basename(fx.units(db)[0]?.arguments[0] ?? 'gcc')).map((m) => ({ db, exp, ...m })));
  // A build whose compiler is not installed is listed as skipped, not passed.
  it.skip.each(runs.filter((r) => r.skip))('build $db with the $mode macros (compiler not installed)', () => {});
  it.each(runs.filter((r) => !r.skip))('build $db with the $mode macros matches expected.json', ({ db, exp, mode }) => {
    const units = fx.units(db);
    const r = preprocessBuild(units, { implicitMacros: { useRealCompiler: mode === 'compiler' } });
    const isActive = (spec: string) => {
      const [file, line] = locate(fx.root, spec);
      const fa = r.files.get(file);
      return fa ? fa.activeLines[line - 1] === 1 : false;
    };
    for (const spec of exp.active ?? []) expect(isActive(spec), `${spec} should be active`).toBe(true);
    for (const spec of exp.inactive ?? []) expect(isActive(spec), `${spec} should be inactive`).toBe(false);
    for (const [name, value] of Object.entries(exp.macros ?? {})) {
      const recs = r.macros.filter((m) => m.name === name);
      expect(recs.length, `macro ${name} recorded`).toBeGreaterThan(0);
      expect(recs.map((m) => m.expandedValue)).toContain(value);
    }
    const allRead = new Set([...r.unitFiles.values()].flat());
    for (const f of exp.reads ?? []) expect(allRead.has(path.join(fx.root, f)), `${f} read`).toBe(true);
    if (exp.diagnostics) {
      const where = r.diagnostics.map((d) => `${path.relative(fx.root, d.file)}:${d.line}`);
      for (const w of exp.diagnostics) expect(where, `diagnostic at ${w}`).toContain(w);
    }
    expect(r.implicitMacros.map((s) => s.source)).toContain(mode);
    for (const [f, lang] of Object.entries(exp.languages ?? {})) expect(r.files.get(path.join(fx.root, f))?.language).toBe(lang);
    // Directive lines are never active; every active array has the file's line count.
    for (const fa of r.files.values()) expect(fa.activeLines.length).toBeGreaterThan(0);
  });
  it('has an expected.json for every compile database', () => {
    expect(databases(fx.root).sort()).toEqual(builds.map(([db]) => db).sort());
  });
});
