// Builds whose units wait in their kept form (kept-units.ts) and are made when first asked for: the builds the detection
// cache reads back, and the builds an adapter keeps as it detects them (a many-env PlatformIO project holds no env's
// units as made until that env's turn comes). Leaves out when to keep: the adapter or the cache decides.
import type { BuildDescription, CompileUnit } from './contract.js';
import { keptUnitCount, restoreUnits, type KeptUnits, type UnitsKeeper } from './kept-units.js';

/** Units kept for a build and the builds sharing them: read back once, held until each of its `readers` has them. */
export interface KeptCell {
  kept?: KeptUnits;
  units?: CompileUnit[];
  readers: number;
}

/** A build whose units are still as kept: their count, and where they are made from. */
interface Waiting {
  count: number;
  cell: KeptCell;
  strings: readonly string[];
}

const waiting = new WeakMap<BuildDescription, Waiting>();

/** True while a build has not given its units yet (reading them makes them). */
export function unitsWaiting(b: BuildDescription): boolean {
  return waiting.has(b);
}

/** A build's unit count, without making the units of a build that has not given them yet. */
export function unitCount(b: BuildDescription): number {
  return waiting.get(b)?.count ?? b.units.length;
}

/**
 * Where a build that has not given its units yet makes them from: its cell (the kept units, or the units made already
 * for another build sharing them) and the strings the kept units index; undefined for a build holding its units.
 */
export function waitingCell(b: BuildDescription): { cell: KeptCell; strings: readonly string[] } | undefined {
  return waiting.get(b);
}

/**
 * A detected build's units kept now by `keeper`, made again when first asked for: what holds the build holds the
 * kept form (its unit count and a few argument lists of strings the keeper holds once), not an argument list per unit.
 */
export function keepUntilAsked(build: BuildDescription, keeper: UnitsKeeper): void {
  lazyUnits(build, { kept: keeper.keep(build.units), readers: 1 }, keeper.strings);
}

/**
 * `build` with its units read from `cell` (indexing `strings`) when first asked for, held from then on as a detected
 * build's are. Letting go of the cell once read, so that nothing a build's getter holds (a call site's cache may keep
 * it) holds units.
 */
export function lazyUnits(build: BuildDescription, cell: KeptCell, strings: readonly string[]): BuildDescription {
  let from: Waiting | undefined = { count: keptUnitCount(cell.kept), cell, strings };
  const own = (value: CompileUnit[]) => {
    from = undefined;
    waiting.delete(build);
    Object.defineProperty(build, 'units', { value, writable: true, enumerable: true, configurable: true });
  };
  const restore = () => {
    const { cell, strings } = from!;
    const units = cell.units ?? restoreUnits(cell.kept!, strings);
    cell.kept = undefined;
    cell.units = --cell.readers > 0 ? units : undefined;
    return units;
  };
  // Redefined in place: the property keeps its place among the build's.
  Object.defineProperty(build, 'units', { enumerable: true, configurable: true, get: () => (own(restore()), build.units), set: own });
  waiting.set(build, from);
  return build;
}

/** `build` as a plain object with `units` in place of its own (read without making them), at the same place among its keys. */
export function withUnits<T>(build: BuildDescription, units: T): Omit<BuildDescription, 'units'> & { units: T } {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(build)) out[key] = key === 'units' ? units : build[key as keyof BuildDescription];
  return out as Omit<BuildDescription, 'units'> & { units: T };
}
