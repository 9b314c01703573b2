// The diagnostics of a run's builds, kept in their summaries to the run's end, hold each distinct string once: the
// builds of a project mostly report the same missing headers in the same files.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { SharedDiagnosticStrings } from '../../src/indexer/shared-diagnostics.js';

/** Build `b`'s diagnostics, each string made anew as a build's walk makes it (the board's own header: one of its own). */
function buildDiagnostics(b: number): Diagnostic[] {
  const made = (s: string) => [...s].join('');
  const missing = Array.from({ length: 40 }, (_, i): Diagnostic => ({ severity: 'warning', file: made(`/project/src/module${i}.h`), line: 3, message: made('<Arduino.h>: no such file in the include path of this unit'), fix: made('add its folder to the include path (-I)') }));
  return [...missing, { severity: 'error', file: made(`/project/variants/board${b}/variant.h`), line: 9, message: made('#error Regenerate this file') }];
}

describe('diagnostic strings shared across builds', () => {
  it('many builds of the same diagnostics hold the distinct strings once; the diagnostics read as they were', () => {
    const shared = new SharedDiagnosticStrings();
    const kept: Diagnostic[][] = [];
    for (let b = 0; b < 50; b++) {
      const diagnostics = buildDiagnostics(b);
      shared.share(diagnostics);
      expect(diagnostics).toEqual(buildDiagnostics(b));
      kept.push(diagnostics);
    }
    // 40 files, one message, one fix; per board its header and message (the message once).
    expect(shared.held).toBe(40 + 1 + 1 + 50 + 1);
    expect(kept[7][40]).toEqual({ severity: 'error', file: '/project/variants/board7/variant.h', line: 9, message: '#error Regenerate this file' });
    expect('fix' in kept[7][40]).toBe(false);
  });
});
