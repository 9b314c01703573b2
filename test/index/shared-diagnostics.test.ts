// The diagnostics of a run's builds, kept in their summaries to the run's end, are packed once a build is indexed:
// each distinct string held once (the builds of a project mostly report the same missing headers in the same files),
// and read back as equal diagnostics, keys in their order.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { distinctDiagnostics, SharedDiagnosticStrings } from '../../src/indexer/shared-diagnostics.js';
import { formatIndexResult } from '../../src/cli/format-text.js';
import type { IndexResult } from '../../src/indexer/index-project.js';

/** Build `b`'s diagnostics, each string made anew as a build's walk makes it (the board's own header: one of its own). */
function buildDiagnostics(b: number): Diagnostic[] {
  const made = (s: string) => [...s].join('');
  const missing = Array.from({ length: 40 }, (_, i): Diagnostic => ({ severity: 'warning', file: made(`/project/src/module${i}.h`), line: 3, message: made('<Arduino.h>: no such file in the include path of this unit'), fix: made('add its folder to the include path (-I)') }));
  return [...missing, { severity: 'error', file: made(`/project/variants/board${b}/variant.h`), line: 9, message: made('#error Regenerate this file') }];
}

describe('diagnostics packed across builds', () => {
  it('many builds of the same diagnostics hold the distinct strings once; the diagnostics read as they were', () => {
    const shared = new SharedDiagnosticStrings();
    const kept: { diagnostics: Diagnostic[] }[] = [];
    for (let b = 0; b < 50; b++) {
      const summary = { variant: `b${b}`, diagnostics: buildDiagnostics(b), elapsedMs: 1 };
      shared.pack(summary);
      expect(summary.diagnostics).toEqual(buildDiagnostics(b));
      expect(JSON.stringify(summary)).toBe(JSON.stringify({ variant: `b${b}`, diagnostics: buildDiagnostics(b), elapsedMs: 1 }));
      kept.push(summary);
    }
    // 40 files, one message, one fix; per board its header and message (the message once); two shapes of keys.
    expect(shared.held).toBe(40 + 1 + 1 + 50 + 1 + 2);
    expect(kept[7].diagnostics[40]).toEqual({ severity: 'error', file: '/project/variants/board7/variant.h', line: 9, message: '#error Regenerate this file' });
    expect('fix' in kept[7].diagnostics[40]).toBe(false);
  });

  it('holds no diagnostic objects once packed; keeps as they are those of other shapes; takes a plain array when written', () => {
    const shared = new SharedDiagnosticStrings();
    const odd = { file: 'a.c', severity: 'info', message: 'm', line: undefined, extra: 1 } as unknown as Diagnostic;
    const summary = { diagnostics: [{ file: 'b.c', message: 'n', severity: 'warning' } as Diagnostic, odd] };
    shared.pack(summary);
    const read = summary.diagnostics;
    expect(read).not.toBe(summary.diagnostics);
    expect(Object.keys(read[0])).toEqual(['file', 'message', 'severity']);
    expect(read[1]).toBe(odd);
    expect(Object.getOwnPropertyDescriptor(summary, 'diagnostics')!.get).toBeTypeOf('function');
    summary.diagnostics = [];
    summary.diagnostics.push(odd);
    expect(summary.diagnostics).toEqual([odd]);
  });

  it('counts the builds\' diagnostics and their distinct ones, reading back only those a summary prints, which prints as before', () => {
    const shared = new SharedDiagnosticStrings();
    const builds = Array.from({ length: 3 }, (_, b) => ({ variant: `b${b}`, diagnostics: buildDiagnostics(b) }));
    for (const b of builds) shared.pack(b);
    const project = { diagnostics: [{ severity: 'warning', file: 'platformio.ini', message: 'odd' } as Diagnostic] };
    const { count, distinct, first } = distinctDiagnostics([project, ...builds], 45);
    // The project's one, the 40 missing headers every build reports, each build's own board header.
    expect([count, distinct]).toEqual([1 + 3 * 41, 1 + 40 + 3]);
    expect(first.map((d) => d.holders)).toEqual([1, ...Array(40).fill(3), 1, 1, 1]);
    expect(first.map((d) => d.diagnostic)).toEqual([project.diagnostics[0], ...buildDiagnostics(0), buildDiagnostics(1)[40], buildDiagnostics(2)[40]]);
    expect(distinctDiagnostics([project, ...builds], 10).first.map((d) => d.holders)).toEqual([1, ...Array(9).fill(3)]);
    // A holder written after packing is read as written.
    builds[1].diagnostics = [];
    expect(distinctDiagnostics(builds, 100).count).toBe(82);
    // A run's summary prints as it did with every diagnostic unpacked: each distinct one once, with its builds.
    const summary = (b: number) => ({ variant: `b${b}`, image: 'app', buildSystem: 'platformio', provenance: 'derived', units: 1, files: 2, parsed: 2, reused: 0, symbols: 3, diagnostics: buildDiagnostics(b) });
    const result = { root: '/project', elapsedMs: 10, parsed: 4, reused: 0, diagnostics: [], builds: [summary(0), summary(1)] } as unknown as IndexResult;
    const text = formatIndexResult(result);
    for (const b of result.builds) shared.pack(b);
    expect(formatIndexResult(result)).toBe(text);
    expect(text).toContain('82 diagnostic(s), 42 distinct:');
    expect(text).toContain('/project/src/module0.h:3: warning: <Arduino.h>: no such file in the include path of this unit (fix: add its folder to the include path (-I)) [in 2 builds]');
    expect(text).toContain('… and 12 more distinct (see --json)');
  });

  it('prints every diagnostic with the total when none repeats', () => {
    const summary = { variant: 'b0', image: 'app', buildSystem: 'cmake', provenance: 'read', units: 1, files: 2, parsed: 2, reused: 0, symbols: 3, diagnostics: buildDiagnostics(0).slice(0, 35) };
    const text = formatIndexResult({ root: '/project', elapsedMs: 10, parsed: 4, reused: 0, diagnostics: [], builds: [summary] } as unknown as IndexResult);
    expect(text).toContain('35 diagnostic(s):');
    expect(text).toContain('… and 5 more (see --json)');
    expect(text).not.toContain('[in ');
  });
});
