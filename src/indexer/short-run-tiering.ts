// V8 tiering for a process that indexes and exits (`fw-context index`): a function is optimized only once it has run
// longer than V8's default asks, four times longer on a machine with no core to spare, twice with one. A full index
// runs ~1 s over a large body of code; optimizing every briefly warm function cost ~25 % of the run's CPU on compiler
// threads, which compete with the main thread when no core is free, and run beside it when one is. Long-lived
// processes (the MCP server) keep V8's defaults.
import v8 from 'node:v8';
import { requirePackage } from '../model/require-package.js';
import { spareCores } from './spare-cores.js';

/** V8's default interrupt budget (bytecodes executed between tiering checks). */
const V8_BUDGET = 67_584;

/**
 * Cores the load average must leave over for a run to take the lower budget. One build of 108 units (callgrind,
 * threads apart, one run each; identical runs vary by ~4 %): V8's budget times 4 / 2 / 1, main thread 4.32–4.50 /
 * 4.06 / 3.89 G instructions, compiler and collector threads 1.15–1.21 / 2.37 / 3.84 G. With a core to spare the
 * main thread, the run's critical path, runs ~8 % less at twice the budget; V8's own budget saves little more on it
 * for a second core's worth of compiling.
 */
export const tieringFrom = { spareCores: 0.5 };

/** The interrupt budget a run sets with SPARE cores (spareCores()): four times V8's with too few, twice with enough. */
export function shortRunBudget(spare: number): number {
  return (spare < tieringFrom.spareCores ? 4 : 2) * V8_BUDGET;
}

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
 * Raises V8's interrupt budget for this process (shortRunBudget), unless its command line sets one. `asksCompilers`:
 * the run will start compilers (no answers of theirs are stored yet).
 */
export function tuneTieringForShortRun(asksCompilers = false): void {
  if (tuned) return;
  tuned = true;
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('interrupt-budget'));
  if (given) return;
  loadRunBuiltins(asksCompilers);
  try {
    v8.setFlagsFromString(`--interrupt-budget=${shortRunBudget(spareCores())}`);
  } catch {
    // Flags this V8 will not change at run time leave the run as it was, only slower.
  }
}
