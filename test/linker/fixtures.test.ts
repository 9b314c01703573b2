// Snapshot tests: every fixtures/linker/<case>/ parses to its expected.json (UPDATE_EXPECTED=1 rewrites them).
import { describe, expect, it } from 'vitest';
import { expectSnapshot, listCases, parseCase } from './fixture-cases.js';

const cases = listCases();

describe('linker script fixtures', () => {
  it('finds the fixture cases', () => {
    expect(cases.map((c) => c.name)).toEqual(expect.arrayContaining([
      'zephyr-linker-cmd', 'stm32cube-f407', 'nrf52-include', 'mbed-preprocessed', 'region-alias-derived',
      'undefined-symbol', 'corrupt-unterminated-brace', 'corrupt-garbage-bytes', 'corrupt-missing-include', 'map-usage',
    ]));
  });

  for (const c of cases) {
    it(`${c.name} matches expected.json`, async () => {
      const { result } = await parseCase(c);
      expectSnapshot(c.dir, {
        entry: result.entry,
        entryLine: result.entryLine,
        entryFile: result.entryFile,
        memory: result.memory,
        regionAliases: result.regionAliases,
        symbols: result.symbols,
        sections: result.sections,
        outputFormat: result.outputFormat,
        files: result.files,
        preprocessedFiles: result.preprocessedFiles,
        diagnostics: result.diagnostics,
      });
    });
  }
});

describe('mbed case without the project preprocessor', () => {
  it('the test-local fake preprocessor gives the same regions and symbols as expected.json', async () => {
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const { createIncludeReader, parseLinkerScript } = await import('../../linker/index.js');
    const { fakePreprocess } = await import('./fixture-cases.js');
    const c = cases.find((x) => x.name === 'mbed-preprocessed')!;
    const read = (f: string): string | undefined => { try { return readFileSync(f, 'utf8'); } catch { return undefined; } };
    const r = parseLinkerScript(readFileSync(path.join(c.dir, c.spec.script), 'utf8'), {
      file: c.spec.script,
      readInclude: createIncludeReader((f) => read(path.join(c.dir, f))),
      preprocess: (t, f) => fakePreprocess(t, path.join(c.dir, f), { defines: c.spec.defines, readFile: read }),
    });
    const expected = JSON.parse(readFileSync(path.join(c.dir, 'expected.json'), 'utf8'));
    const values = (m: { name: string; origin_value: number | null; length_value: number | null }[]) => m.map((x) => [x.name, x.origin_value, x.length_value]);
    expect(values(r.memory)).toEqual(values(expected.memory));
    expect(r.memory[0]!.origin_value).toBe(0x8010000); // MBED_APP_START from the build, not MBED_ROM_START
    expect(r.symbols.map((s) => [s.name, s.value])).toEqual(expected.symbols.map((s: { name: string; value: number | null }) => [s.name, s.value]));
  });
});

describe('robustness', () => {
  it('never throws on truncated or byte-flipped scripts, and still reports where', async () => {
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const { parseLinkerScript } = await import('../../linker/index.js');
    let runs = 0;
    for (const c of cases) {
      const text = readFileSync(path.join(c.dir, c.spec.script), 'utf8');
      for (let cut = 1; cut < text.length; cut += 53) {
        const variants = [text.slice(0, cut), `${text.slice(0, cut)}\u0000\u00ff{(${text.slice(cut)}`, text.slice(cut)];
        for (const v of variants) {
          const r = parseLinkerScript(v, { file: c.spec.script });
          for (const d of r.diagnostics) expect(d.file).toBeTruthy();
          runs++;
        }
      }
    }
    expect(runs).toBeGreaterThan(100);
  });
});
