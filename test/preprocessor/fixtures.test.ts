// Preprocessor fixtures: active lines, macros and diagnostics per case compared with their expected files.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { preprocessBuild } from '../../src/preprocessor/preprocess-build.js';
import { copyFixture, databases, listCases, locate } from './fixture-support.js';

describe.each(listCases())('fixture %s', (name) => {
  const fx = copyFixture(name);
  const builds = Object.entries(fx.expected?.builds ?? {});
  it.each(builds)('build %s matches expected.json', (db, exp) => {
    const units = fx.units(db);
    const r = preprocessBuild(units);
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
    if (exp.implicit) expect(r.implicitMacros.map((s) => s.source)).toContain(exp.implicit);
    for (const [f, lang] of Object.entries(exp.languages ?? {})) expect(r.files.get(path.join(fx.root, f))?.language).toBe(lang);
    // Directive lines are never active; every active array has the file's line count.
    for (const fa of r.files.values()) expect(fa.activeLines.length).toBeGreaterThan(0);
  });
  it('has an expected.json for every compile database', () => {
    expect(databases(fx.root).sort()).toEqual(builds.map(([db]) => db).sort());
  });
});
