// The diagnostics of a run's builds, kept in their summaries to the run's end, are packed once a build is indexed:
// each distinct string held once (the builds of a project mostly report the same missing headers in the same files),
// and read back as equal diagnostics, keys in their order.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { SharedDiagnosticStrings } from '../../src/indexer/shared-diagnostics.js';

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
});
