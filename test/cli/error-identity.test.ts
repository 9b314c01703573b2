// QueryError and DetectorNotLoaded exist once per copy of their module in a process (each command bundle holds its
// own, beside the ES modules): `instanceof` of any copy knows the errors of every other, loaded as the bin loads them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt, CLI } from '../helpers/fixture-project.js';

const DIST = path.dirname(path.dirname(CLI));

/** In a process of its own: both bundles through the bin and the ES modules; for each class, each copy's instance checked by each copy. */
const PROBE = `
import { createRequire } from 'node:module';
const bin = createRequire(import.meta.url)(${JSON.stringify(CLI)});
const copies = {
  status: bin.loadStatusCli().cli,
  main: bin.loadMainCli().cli,
  es: { ...(await import(${JSON.stringify(pathToFileURL(path.join(DIST, 'query/query-error.js')).href)})), ...(await import(${JSON.stringify(pathToFileURL(path.join(DIST, 'project/declared-builds.js')).href)})) },
};
const make = { QueryError: (C) => new C('no such symbol', 'check the name'), DetectorNotLoaded: (C) => new C() };
const seen = [];
for (const cls of Object.keys(make)) {
  for (const [from, a] of Object.entries(copies)) {
    for (const [by, b] of Object.entries(copies)) {
      const err = make[cls](a[cls]);
      seen.push({ cls, from, by, same: a[cls] === b[cls], known: err instanceof b[cls], plain: new Error('x') instanceof b[cls], error: err instanceof Error });
    }
  }
}
process.stdout.write(JSON.stringify(seen));
`;

describe('the error classes of the bundles and the ES modules', () => {
  beforeAll(() => assertCliBuilt());

  it('recognise each other through instanceof', () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const seen = JSON.parse(r.stdout) as { cls: string; from: string; by: string; same: boolean; known: boolean; plain: boolean; error: boolean }[];
    expect(seen).toHaveLength(18);
    // Three distinct copies of each class, each knowing the instances of all three (and no plain Error).
    for (const s of seen) expect(s).toEqual({ ...s, same: s.from === s.by, known: true, plain: false, error: true });
  });
});
