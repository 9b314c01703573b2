// The differential check over the index fixtures' real compile databases with the host gcc: every
// conditional group fw-context decides must match what `gcc -E` kept.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDifferentialCheck } from '../../src/preprocessor/differential-check.js';
import { copyFixtureToTemp, hasTool } from '../helpers/fixture-project.js';

const CASES: [string, string[]][] = [
  ['drivers-hal-cmake', ['build/compile_commands.json']],
  ['multi-board-masked', ['build-board-a/compile_commands.json', 'build-board-b/compile_commands.json']],
];

describe.skipIf(!hasTool('gcc'))('differential check on the index fixtures', () => {
  for (const [name, dbs] of CASES) {
    it(`${name}: 100 % agreement with gcc`, () => {
      const root = copyFixtureToTemp('index', name);
      for (const db of dbs) {
        const r = runDifferentialCheck(path.join(root, db));
        expect(r.units.every((u) => u.status === 'checked')).toBe(true);
        expect(r.disagreements).toEqual([]);
        expect(r.totalGroups).toBeGreaterThan(0);
        expect(r.agreeingGroups).toBe(r.totalGroups);
        expect(r.agreementPercent).toBe(100);
      }
    });
  }
});
