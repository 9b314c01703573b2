// Each fixture case under fixtures/adapters/ has an `expected.json`: what detectBuilds finds there, with
// paths relative to the case. Regenerate with FW_UPDATE_EXPECTED=1 npx vitest run test/adapters; a mismatch
// otherwise fails with a diff.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectBuilds } from '../../adapters/detect-builds.js';
import { FIXTURES_DIR, PLACEHOLDER, copyFixture, removeFixture } from './fixture-helper.js';

const UPDATE = process.env.FW_UPDATE_EXPECTED === '1';

function summarize(root: string): unknown {
  const r = detectBuilds(root, {});
  const rel = (p: string | undefined) => (p === undefined ? undefined : path.relative(root, p).split(path.sep).join('/') || '.');
  const scrub = (s: string) => s.split(root).join(PLACEHOLDER);
  return {
    builds: r.builds.map((b) => ({
      buildSystem: b.buildSystem,
      variant: b.variant,
      image: b.image,
      imageType: b.imageType,
      defaultImage: b.defaultImage,
      board: b.board,
      provenance: b.provenance,
      description: scrub(b.description),
      buildDir: rel(b.buildDir),
      compileCommands: rel(b.compileCommands),
      units: b.units.map((u) => rel(u.file)).sort(),
      defines: b.defines,
      kconfig: b.kconfig && { dotConfig: rel(b.kconfig.dotConfig), autoconfH: rel(b.kconfig.autoconfH) },
      linkerScripts: b.linkerScripts.map(rel),
      linkerScriptCandidates: b.linkerScriptCandidates?.map((s) => rel(s)),
      mapFile: rel(b.mapFile),
      // Mbed CLI 1 names its map after the project folder (a temp folder here).
      mapCandidates: b.mapCandidates?.map((m) => rel(m)!.split(path.basename(root)).join('<project>')),
      elfFile: rel(b.elfFile),
      linkedUnits: b.linkedUnits?.map((u) => rel(u)).sort(),
      linkedObjects: b.linkedObjects?.map((o) => rel(o)).sort(),
      linking: b.linking && { ...b.linking, source: rel(b.linking.source) },
    })),
    diagnostics: r.diagnostics.map((d) => ({ severity: d.severity, file: rel(d.file), line: d.line, message: scrub(d.message), fix: d.fix && scrub(d.fix) })),
  };
}

const cases = fs
  .readdirSync(FIXTURES_DIR, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe('fixtures/adapters expected.json', () => {
  for (const name of cases) {
    it(name, () => {
      const root = copyFixture(name);
      try {
        const actual = JSON.parse(JSON.stringify(summarize(root)));
        const file = path.join(FIXTURES_DIR, name, 'expected.json');
        if (UPDATE) fs.writeFileSync(file, JSON.stringify(actual, null, 2) + '\n');
        if (!fs.existsSync(file)) throw new Error(`${file} is missing: run FW_UPDATE_EXPECTED=1 npx vitest run test/adapters and review it`);
        expect(actual).toEqual(JSON.parse(fs.readFileSync(file, 'utf8')));
      } finally {
        removeFixture(root);
      }
    });
  }
});
