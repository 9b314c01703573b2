// The builds an index run is to index, held while they wait their turn with their units' argument lists packed: the
// units of a build share most of their arguments (flags, defines, include folders), so a waiting unit keeps only the
// places where its list differs from an earlier unit's of the build, and gets its list back when its build is taken.
// A waiting unit's object path keeps only what follows its build's common folder, one string for the builds naming
// it alike (PlatformIO envs: `.pio/build/<env>/`, then the same `src/...o`). Leaves the rest of a description as is.
// Builds answered from the detection cache wait as the cache kept them, and make their units when taken.
import type { BuildDescription, CompileUnit } from '../../adapters/contract.js';
import { unitsWaiting } from '../../adapters/lazy-units.js';
import { sharedFolder } from '../../adapters/kept-units.js';
import { ListBases } from '../model/list-bases.js';
import { ownString } from '../model/own-strings.js';

/** In a packed list's values: the unit's source, and its object (most units differ from their base by these alone). */
const OWN_FILE = 0;
const OWN_OUTPUT = 1;
type PackedValue = string | typeof OWN_FILE | typeof OWN_OUTPUT;

/**
 * A waiting unit's arguments: the list of an earlier unit of its build (or its own) with its own values at the places
 * it differs. One naming only the unit's own source and object is shared by the units differing at the same places.
 */
interface PackedArguments {
  base: readonly string[];
  at: readonly number[];
  values: readonly PackedValue[];
}

/** The argument list of a waiting unit: empty until its build is taken. */
const WAITING: string[] = [];

/** A build's units packed with it (a unit an earlier build shares is packed with that one), and their arguments. */
interface PackedUnits {
  units: CompileUnit[];
  args: PackedArguments[];
  /** The folder the units' object paths start with (they keep the rest until their build is taken). */
  outputFolder: string;
}

/**
 * The builds of a run, taken one by one in their order. A unit shared by several builds (images of one compile
 * database share their units) is packed with the first of them and gets its list back when that one is taken; units
 * and unit lists stay the objects detection made.
 */
export class WaitingBuilds {
  private readonly builds: (BuildDescription | undefined)[];
  private readonly packed: (PackedUnits | undefined)[];
  /** Builds taken so far. */
  private taken = 0;

  constructor(builds: readonly BuildDescription[]) {
    this.builds = [...builds];
    // Sources and folders as one string each across the builds (a detection cache read gives every unit its copies).
    const strings = new Map<string, string>();
    this.packed = builds.map((b) => (unitsWaiting(b) ? undefined : packUnits(b.units, strings)));
  }

  get length(): number {
    return this.builds.length;
  }

  /** Array slots the waiting builds hold for their units' arguments: their bases' and their own values (for tests). */
  argumentSlots(): number {
    const lists = new Set<readonly PackedValue[]>();
    const bases = new Set<readonly string[]>();
    for (const p of this.packed) for (const a of p?.args ?? []) (bases.add(a.base), lists.add(a.values));
    let slots = 0;
    for (const list of [...bases, ...lists]) slots += list.length;
    return slots;
  }

  /** The next build with its units' argument lists as detected (undefined past the last); the run holds it no longer. */
  takeNext(): BuildDescription | undefined {
    const i = this.taken;
    const build = this.builds[i];
    if (!build) return undefined;
    const { units, args, outputFolder } = this.packed[i] ?? { units: [], args: [], outputFolder: '' };
    for (let k = 0; k < units.length; k++) {
      const unit = units[k]!;
      if (unit.output !== undefined) unit.output = outputFolder + unit.output;
      unit.arguments = unpacked(args[k]!, unit);
    }
    this.builds[i] = undefined;
    this.packed[i] = undefined;
    this.taken++;
    return build;
  }
}

/**
 * The units of a list that are not packed yet, packed; their sources and folders made one string each (`strings`),
 * and their object paths the rest past the folder they share.
 */
function packUnits(list: readonly CompileUnit[], strings: Map<string, string>): PackedUnits {
  const packer = new ListPacker();
  const units: CompileUnit[] = [];
  const args: PackedArguments[] = [];
  for (const unit of list) {
    if (unit.arguments === WAITING) continue;
    unit.file = oneString(strings, unit.file);
    unit.directory = oneString(strings, unit.directory);
    units.push(unit);
    args.push(packer.pack(unit));
    unit.arguments = WAITING;
  }
  const outputFolder = sharedFolder(units, true);
  for (const unit of units) if (unit.output !== undefined) unit.output = oneOwnString(strings, unit.output.slice(outputFolder.length));
  return { units, args, outputFolder };
}

function oneString(strings: Map<string, string>, s: string): string {
  const known = strings.get(s);
  if (known !== undefined) return known;
  strings.set(s, s);
  return s;
}

/** oneString for a string cut from a longer one: the first kept is a string of its own, so that it does not hold the longer one. */
function oneOwnString(strings: Map<string, string>, s: string): string {
  const known = strings.get(s);
  if (known !== undefined) return known;
  const own = ownString(s);
  strings.set(own, own);
  return own;
}

/** Packs the lists of one build's units against each other. */
class ListPacker {
  private readonly bases = new ListBases<string>();
  /** Places lists differ at, and packed lists naming only their unit's own values, shared by key. */
  private readonly places = new Map<string, readonly number[]>();
  private readonly ownOnly = new Map<readonly string[], Map<string, PackedArguments>>();

  pack(unit: CompileUnit): PackedArguments {
    const args = unit.arguments;
    const found = this.bases.match(args);
    if (!found) return this.packed(args, [], []);
    return this.packed(found.base, found.at, found.at.map((k) => packedValue(args[k]!, unit)));
  }

  private packed(base: readonly string[], at: number[], values: PackedValue[]): PackedArguments {
    const placesKey = at.join(',');
    let places = this.places.get(placesKey);
    if (places === undefined) this.places.set(placesKey, (places = at));
    if (values.some((v) => typeof v === 'string')) return { base, at: places, values };
    let byKey = this.ownOnly.get(base);
    if (byKey === undefined) this.ownOnly.set(base, (byKey = new Map()));
    const key = `${placesKey}:${values.join(',')}`;
    let shared = byKey.get(key);
    if (shared === undefined) byKey.set(key, (shared = { base, at: places, values }));
    return shared;
  }
}

function packedValue(arg: string, unit: CompileUnit): PackedValue {
  if (arg === unit.file) return OWN_FILE;
  if (arg === unit.output) return OWN_OUTPUT;
  return arg;
}

function unpacked(args: PackedArguments, unit: CompileUnit): string[] {
  const list = args.base.slice();
  for (let k = 0; k < args.at.length; k++) {
    const v = args.values[k]!;
    list[args.at[k]!] = v === OWN_FILE ? unit.file : v === OWN_OUTPUT ? unit.output! : v;
  }
  return list;
}
