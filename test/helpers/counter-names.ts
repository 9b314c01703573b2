// Test helpers for `__COUNTER__` fixtures: the variables the index holds for a file, and the names `gcc -E` gives a
// unit (the oracle for the counter's values), where gcc is installed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';

/** The names of the variables indexed in `file` (project-relative), sorted. */
export const variablesIn = (root: string, file: string): string[] =>
  withProject(root, (ctx) => listSymbols(ctx, { file }).symbols)
    .filter((s) => s.kind !== 'function' && s.kind !== 'macro')
    .map((s) => s.name)
    .sort();

/**
 * The names matching `names` in `gcc -E` of `src/<unit>` (include path `include/`), sorted; undefined without gcc.
 * By default the names a counter numbered (a lower-case name ending in `_<digits>`).
 */
export function gccNames(root: string, unit: string, names = /\b[a-z]+(?:_[a-z]+)*_\d+\b/g): string[] | undefined {
  const r = spawnSync('gcc', ['-std=gnu11', '-E', '-P', `-I${path.join(root, 'include')}`, path.join(root, 'src', unit)], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return undefined;
  return [...r.stdout.matchAll(names)].map((m) => m[0]).sort();
}

/**
 * Rows (see build-record-rows.ts) without the stored result of a unit carried over with counter values that may be
 * stale (its own code uses no counter, so nothing it indexes depends on them; see UnitResult.counterStale).
 */
export const withoutResultOf = (rows: Record<string, unknown[]>, unit: string): Record<string, unknown[]> => ({ ...rows, units: rows.units.filter((r) => !String(r).includes(`/src/${unit}"`)) });
