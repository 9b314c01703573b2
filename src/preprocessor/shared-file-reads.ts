// Runs of a unit's file reads that one replayed header walk made (the files it visited first, in order, each
// taking a view an earlier unit made from that walk), kept per macro layer: a unit whose walk ends on the same
// layer reads the same run with the same views, so it takes the run's reads at once instead of file by file.
import type { EnvLayer } from './env-layer.js';
import type { HeaderEntry } from './header-walk-cache.js';
import type { MacroDef } from './macro-definition.js';
import type { TrackedEnv } from './tracked-env.js';
import type { UnitFileRead } from './unit-result.js';
import type { FileVisit } from './unit-walker.js';

/** A run of file reads and what they depend on besides the layer and the header walk. */
export interface ReadRun {
  fileHash: (file: string) => string | null;
  decisions: boolean;
  /** The reads, shared by every unit that takes the run (never changed but for interning their views). */
  reads: UnitFileRead[];
  /** The names the views' #define values consulted, each once, in the order a walk reads them. */
  names: string[];
}

/** A run kept on a layer, with the definitions its names have there (see TrackedEnv.readKnown). */
interface KeptRun extends ReadRun {
  above: (MacroDef | null | undefined)[];
  base: (MacroDef | undefined)[];
}

/** Runs by layer, then by header walk; a few per walk. */
const runs = new WeakMap<EnvLayer, WeakMap<HeaderEntry, KeptRun[]>>();
const MAX_RUNS_PER_ENTRY = 8;
/** Shorter runs are read file by file. */
export const MIN_RUN = 4;

/** Whether two visits came from the same replay with nothing else added to them (one run). */
export const sameReplay = (a: FileVisit, b: FileVisit): boolean => a.origin === b.origin && a.entry === b.entry;

/**
 * A kept run that the visits from `at` on read (same files in order, from the replay of `at`), with its names
 * read in `env` as the views' values would read them; undefined when none is kept.
 */
export function takeRun(layer: EnvLayer, visits: FileVisit[], at: number, fileHash: ReadRun['fileHash'], decisions: boolean, env: TrackedEnv): ReadRun | undefined {
  const first = visits[at];
  const kept = runs.get(layer)?.get(first.entry!);
  if (kept === undefined) return undefined;
  for (let r = 0; r < kept.length; r++) {
    const run = kept[r];
    if (run.fileHash !== fileHash || run.decisions !== decisions) continue;
    const reads = run.reads;
    if (at + reads.length > visits.length) continue;
    let k = 0;
    while (k < reads.length && visits[at + k].file === reads[k].file && sameReplay(visits[at + k], first)) k++;
    if (k < reads.length) continue;
    env.readKnown(run.names, run.above, run.base);
    return run;
  }
  return undefined;
}

/** Keeps a run read file by file for later units on `layer`. */
export function keepRun(layer: EnvLayer, entry: HeaderEntry, run: ReadRun): void {
  let byEntry = runs.get(layer);
  if (byEntry === undefined) runs.set(layer, (byEntry = new WeakMap()));
  const kept = byEntry.get(entry);
  if (kept !== undefined && kept.length >= MAX_RUNS_PER_ENTRY) return;
  const known: KeptRun = { ...run, above: run.names.map((name) => layer.defs.get(name)), base: run.names.map((name) => layer.base.get(name)) };
  if (kept === undefined) byEntry.set(entry, [known]);
  else kept.push(known);
}
