// V8 tiering for a process that indexes and exits (`fw-context index`): a function is optimized only once it
// has run four times longer than V8's default asks. A full index runs ~1 s over a large body of code, and
// optimizing every briefly warm function cost ~25 % of the run's CPU on compiler threads, which on a
// 2-core machine compete with the main thread. Long-lived processes (the MCP server) keep V8's defaults.
import v8 from 'node:v8';
import { requirePackage } from '../model/require-package.js';

/** V8's default interrupt budget (bytecodes executed between tiering checks) times four. */
const INTERRUPT_BUDGET = 4 * 67_584;

let tuned = false;

/**
 * Node's own modules an index run loads: crypto (hashes), os, and child_process when it asks compilers (a first
 * index). Node compiles its modules from the code it was built with only while V8's flags are as they were at
 * start-up; once a flag changes, V8 refuses that code and compiles them from source (both: ~27 M instructions,
 * 3 times their load with it). They are loaded before the flag changes.
 */
function loadRunBuiltins(asksCompilers: boolean): void {
  requirePackage('node:crypto');
  requirePackage('node:os');
  if (asksCompilers) requirePackage('node:child_process');
}

/**
 * Raises V8's interrupt budget for this process, unless its command line sets one. `asksCompilers`: the run will
 * start compilers (no answers of theirs are stored yet).
 */
export function tuneTieringForShortRun(asksCompilers = false): void {
  if (tuned) return;
  tuned = true;
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('interrupt-budget'));
  if (given) return;
  loadRunBuiltins(asksCompilers);
  try {
    v8.setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  } catch {
    // Flags this V8 will not change at run time leave the run as it was, only slower.
  }
}
