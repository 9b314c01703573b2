// A build's units as the detection cache keeps them (and an adapter, until they are asked for: lazy-units.ts):
// sources, folders, object paths and arguments as indexes into one list of strings, and each unit's argument list as
// one of a few lists of its build with its own values at the places it differs (a PlatformIO env's ~300 units differ
// by their source and object alone: 85 flags each kept once, not 300 times). Read back a build at a time, when its
// units are first asked for.
import type { CompileUnit } from './contract.js';
import { ListBases } from '../src/model/list-bases.js';

/** In a shape's values: the unit's source, and its object. */
const OWN_FILE = -1;
const OWN_OUTPUT = -2;

/** A build's units as kept: every number a string's index but where said. */
export interface KeptUnits {
  file: number[];
  dir: number[];
  /** Each unit's object path past `outFolder`; -1: none. */
  out: number[];
  outFolder: number;
  /** The argument lists the units' lists are made from. */
  lists: number[][];
  /** [list, place, value, place, value, ...]: a list with values put at places (OWN_FILE, OWN_OUTPUT or a string). */
  shapes: number[][];
  /** Each unit's shape. */
  shape: number[];
}

/** Keeps builds' units against one table of strings (`strings`, in first use order), a build at a time. */
export class UnitsKeeper {
  private readonly ids = new Map<string, number>();
  /** The distinct strings of the units kept so far, each at its index (grows as units are kept). */
  readonly strings: string[] = [];

  keep(units: readonly CompileUnit[]): KeptUnits {
    const outFolder = sharedFolder(units);
    const kept: KeptUnits = { file: [], dir: [], out: [], outFolder: this.id(outFolder), lists: [], shapes: [], shape: [] };
    const shaper = new Shaper(kept);
    for (const u of units) {
      kept.file.push(this.id(u.file));
      kept.dir.push(this.id(u.directory));
      kept.out.push(u.output === undefined ? -1 : this.id(u.output.slice(outFolder.length)));
      kept.shape.push(shaper.shape(u.arguments.map((a) => (a === u.file ? OWN_FILE : a === u.output ? OWN_OUTPUT : this.id(a)))));
    }
    return kept;
  }

  /**
   * Units another keeper kept (`from`: its strings), as keep() keeps them made again: the same lists, shapes and
   * places, each string given its index here in the order keep() would meet it (a unit's source, folder and object,
   * then its arguments), without making the units.
   */
  rekeep(kept: KeptUnits, from: readonly string[]): KeptUnits {
    const ids = new Map<number, number>();
    const id = (s: number): number => {
      if (s < 0) return s;
      let i = ids.get(s);
      if (i === undefined) ids.set(s, (i = this.id(from[s]!)));
      return i;
    };
    const outFolder = id(kept.outFolder);
    for (let u = 0; u < kept.file.length; u++) {
      id(kept.file[u]!);
      id(kept.dir[u]!);
      id(kept.out[u]!);
      const shape = kept.shapes[kept.shape[u]!]!;
      const list = kept.lists[shape[0]!]!;
      // A shape's places rise (ListBases.match lists them in order).
      for (let k = 0, p = 1; k < list.length; k++) {
        if (p < shape.length && shape[p] === k) id(shape[(p += 2) - 1]!);
        else id(list[k]!);
      }
    }
    return {
      file: kept.file.map(id),
      dir: kept.dir.map(id),
      out: kept.out.map(id),
      outFolder,
      lists: kept.lists.map((l) => l.map(id)),
      shapes: kept.shapes.map((s) => s.map((v, k) => (k % 2 === 0 && k > 0 ? id(v) : v))),
      shape: kept.shape.slice(),
    };
  }

  private id(s: string): number {
    let i = this.ids.get(s);
    if (i === undefined) this.ids.set(s, (i = this.strings.push(s) - 1));
    return i;
  }
}

/** Makes one build's shapes: a unit's list against the lists kept before it of its length, else a list of its own. */
class Shaper {
  private readonly bases = new ListBases<number>();
  /** Each list kept: its index in the build's lists. */
  private readonly listOf = new Map<readonly number[], number>();
  private readonly known = new Map<string, number>();

  constructor(private readonly kept: KeptUnits) {}

  shape(args: number[]): number {
    const found = this.bases.match(args);
    if (found) return this.shapeId([this.listOf.get(found.base)!, ...found.at.flatMap((k) => [k, args[k]!])]);
    const l = this.kept.lists.push(args) - 1;
    this.listOf.set(args, l);
    return this.shapeId([l]);
  }

  private shapeId(shape: number[]): number {
    const key = shape.join(',');
    let id = this.known.get(key);
    if (id === undefined) this.known.set(key, (id = this.kept.shapes.push(shape) - 1));
    return id;
  }
}

/**
 * The longest folder (up to a separator) every unit's object path starts with; empty when none has one. A unit with
 * no object path is passed over, or (`allNamed`) makes the answer empty.
 */
export function sharedFolder(units: readonly CompileUnit[], allNamed = false): string {
  let shared: string | undefined;
  for (const unit of units) {
    if (unit.output === undefined) {
      if (allNamed) return '';
      continue;
    }
    if (shared === undefined) shared = unit.output;
    else {
      let n = 0;
      while (n < shared.length && shared.charCodeAt(n) === unit.output.charCodeAt(n)) n++;
      if (n < shared.length) shared = shared.slice(0, n);
    }
  }
  if (shared === undefined) return '';
  return shared.slice(0, Math.max(shared.lastIndexOf('/'), shared.lastIndexOf('\\')) + 1);
}

/** Unit count of kept units, when they are whole (see keptUnitsHold); -1 otherwise. */
export function keptUnitCount(kept: unknown): number {
  const k = kept as Partial<KeptUnits> | null;
  return k && typeof k === 'object' && Array.isArray(k.file) ? k.file.length : -1;
}

/** True when every index of kept units names a string of `count`, a list, a place or a shape: read back, they cannot fail. */
export function keptUnitsHold(kept: unknown, count: number): boolean {
  const k = kept as KeptUnits;
  const n = keptUnitCount(kept);
  if (n < 0 || !isIndex(k.outFolder, count) || !Array.isArray(k.lists) || !Array.isArray(k.shapes)) return false;
  if (![k.dir, k.out, k.shape].every((a) => Array.isArray(a) && a.length === n)) return false;
  if (!k.lists.every((l) => Array.isArray(l) && l.every((s) => s === OWN_FILE || s === OWN_OUTPUT || isIndex(s, count)))) return false;
  // Shapes naming the unit's object, which a unit without one cannot have.
  const needsOutput = k.shapes.map((s) => shapeNeedsOutput(s, k.lists, count));
  if (needsOutput.includes(null)) return false;
  for (let u = 0; u < n; u++) {
    if (!isIndex(k.file[u], count) || !isIndex(k.dir[u], count) || !isIndex(k.shape[u], k.shapes.length)) return false;
    if (k.out[u] !== -1 ? !isIndex(k.out[u], count) : needsOutput[k.shape[u]!]) return false;
  }
  return true;
}

/** Whether a shape's list names the unit's object; null when the shape is not whole. */
function shapeNeedsOutput(shape: unknown, lists: readonly number[][], count: number): boolean | null {
  if (!Array.isArray(shape) || shape.length % 2 !== 1 || !isIndex(shape[0], lists.length)) return null;
  const list = lists[shape[0]]!;
  const values = list.slice();
  for (let k = 1; k < shape.length; k += 2) {
    const [at, v] = [shape[k] as unknown, shape[k + 1] as unknown];
    if (!isIndex(at, list.length) || !(v === OWN_FILE || v === OWN_OUTPUT || isIndex(v, count))) return null;
    values[at] = v;
  }
  return values.includes(OWN_OUTPUT);
}

function isIndex(i: unknown, length: number): i is number {
  return Number.isInteger(i) && (i as number) >= 0 && (i as number) < length;
}

/** The units kept (checked by keptUnitsHold), as detected: each list made strings once, a unit's a copy of it with its own values put in. */
export function restoreUnits(kept: KeptUnits, strings: readonly string[]): CompileUnit[] {
  const lists: (string | number)[][] = kept.lists.map((l) => l.map((s) => (s < 0 ? s : strings[s]!)));
  const outFolder = strings[kept.outFolder]!;
  const units: CompileUnit[] = [];
  for (let u = 0; u < kept.file.length; u++) {
    const file = strings[kept.file[u]!]!;
    const output = kept.out[u] === -1 ? undefined : outFolder + strings[kept.out[u]!]!;
    const shape = kept.shapes[kept.shape[u]!]!;
    const args = lists[shape[0]!]!.slice();
    for (let k = 1; k < shape.length; k += 2) args[shape[k]!] = shape[k + 1]! < 0 ? shape[k + 1]! : strings[shape[k + 1]!]!;
    for (let k = 0; k < args.length; k++) if (typeof args[k] === 'number') args[k] = args[k] === OWN_FILE ? file : output!;
    units.push({ file, directory: strings[kept.dir[u]!]!, arguments: args as string[], ...(output !== undefined ? { output } : {}) });
  }
  return units;
}
