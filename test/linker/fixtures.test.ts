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
