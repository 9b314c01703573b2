// What a build's record takes from its description beside the files it is read from (record-inputs.ts): the map
// file the build names, its linker scripts, its link command, the units its image links and how that was
// determined. None of it decides what a unit compiles, so it is not in the fingerprint: a map file that appears
// (the firmware linked after an index), goes or moves, a linker script named or dropped, a link command changed
// (-Map, --defsym, -T) re-read the record only. Which units the image links is in the fingerprint (the full path)
// — except a link that was unknown and now takes every unit: the same units compile, only the build's row says so.
import type { BuildDescription, CompileUnit } from '../../adapters/contract.js';
import { isLinkedUnit } from '../../adapters/shared/linked-units.js';
import type { BuildLink, RecordInputs } from '../index/index-reader.js';
import { sha1 } from '../model/sha1.js';
import { isUnderAny, storedPath } from './vendor-paths.js';

/**
 * Whether a unit is in the build's image, or null when its link is unknown. A source compiled into two objects of
 * which the image links one (mbed CE's mbed-os and mbed-baremetal) is the linked unit only, with its flags.
 */
export function linkedUnitTest(build: BuildDescription): ((u: CompileUnit) => boolean) | null {
  if (!build.linkedUnits) return null;
  const linked = { files: new Set(build.linkedUnits), objects: build.linkedObjects ? new Set(build.linkedObjects) : null };
  return (u) => isLinkedUnit(u, linked);
}

/** The units a build compiles (those under excluded folders left out) and, when its link is known, those its image links. */
export function imageUnits(build: BuildDescription, root: string, excluded: string[]): { compiled: CompileUnit[]; linked: CompileUnit[] | null } {
  const compiled = build.units.filter((u) => !isUnderAny(root, u.file, excluded));
  const isLinked = linkedUnitTest(build);
  return { compiled, linked: isLinked ? compiled.filter(isLinked) : null };
}

/** The build row's linked units, link determination and linker scripts, as a run writes them. */
export function linkRecord(build: BuildDescription, root: string, excluded: string[]): BuildLink {
  const { linked } = imageUnits(build, root, excluded);
  return {
    linkedUnits: linked ? linked.map((u) => u.file) : null,
    linking: build.linking ? { ...build.linking, source: storedPath(root, build.linking.source) } : null,
    linkerScripts: build.linkerScripts,
  };
}

/** The link command a build names, as its record keeps it (RecordInputs.link): a hash of its arguments. */
export function recordLink(build: BuildDescription): string | null {
  return build.linkArguments ? sha1(JSON.stringify(build.linkArguments)) : null;
}

/** The map file a build names, as its record keeps it (RecordInputs.map). */
export function recordMap(build: BuildDescription, root: string): string | null {
  return build.mapFile ? storedPath(root, build.mapFile) : null;
}

/** A change of the record's description (recordDescriptionChanges). */
export type RecordDescriptionChange = 'map file' | 'linker scripts' | 'link command' | 'link';

/**
 * What of the record's description differs from what the stored record was read with: 'map file' (named,
 * dropped or moved; unknown for a record kept before the index noted it), 'linker scripts' (named, dropped or
 * reordered), 'link command' (its arguments; unknown for a record kept before the index noted them) and 'link'
 * (linked units or how they were determined). Empty: nothing.
 */
export function recordDescriptionChanges(build: BuildDescription, stored: { inputs: RecordInputs | null } & BuildLink, now: BuildLink, root: string): RecordDescriptionChange[] {
  const changes: RecordDescriptionChange[] = [];
  if (stored.inputs?.map !== recordMap(build, root)) changes.push('map file');
  if (JSON.stringify(stored.linkerScripts) !== JSON.stringify(now.linkerScripts)) changes.push('linker scripts');
  if (stored.inputs?.link !== recordLink(build)) changes.push('link command');
  if (JSON.stringify(stored.linkedUnits) !== JSON.stringify(now.linkedUnits) || JSON.stringify(stored.linking) !== JSON.stringify(now.linking)) changes.push('link');
  return changes;
}
