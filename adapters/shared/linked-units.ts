// Which compile units an image links, from the objects its link consumes (ninja link edge, or the map file's
// loaded objects and archive members): a unit is linked when its object is among them, so of two units compiling
// one source into two objects (mbed CE's mbed-os and mbed-baremetal libraries) only the linked one counts. Units
// whose object the build does not record (no `-o`) are placed by their source file only.
import path from 'node:path';
import type { BuildDescription, CompileUnit, Diagnostic, LinkDetermination } from '../contract.js';
import { readDerivedText } from './detect-inputs.js';
import { loadedObjectsOf, MAP_LOADED_OBJECTS } from './map-derivation.js';
import { isFile } from './fs-helpers.js';
import { resolvePath } from '../../src/model/plain-path.js';

/** The object a unit writes, absolute: its `output`, else its `-o` argument. */
export function unitObject(u: CompileUnit): string | undefined {
  if (objectOf.has(u)) return objectOf.get(u);
  let o: string | undefined;
  if (u.output) o = u.output;
  else {
    const i = u.arguments.indexOf('-o');
    o = i >= 0 ? u.arguments[i + 1] : u.arguments.find((a) => a.startsWith('-o') && a.length > 2)?.slice(2);
  }
  const obj = o ? resolvePath(u.directory, o) : undefined;
  objectOf.set(u, obj);
  return obj;
}

/** Each unit's object, found once (images of one compile database share its units; a unit is not changed once made). */
const objectOf = new WeakMap<CompileUnit, string | undefined>();

export interface LinkedObjects {
  method: LinkDetermination['method'];
  /** build.ninja or the map file. */
  source: string;
  /** Objects linked, absolute. */
  objects: Set<string>;
  /** Archive members linked: archive path (absolute) → member names, when the source lists them so. */
  members?: Map<string, Set<string>>;
}

/** CMake names an archive lib<target>.a and puts the target's objects under CMakeFiles/<target>.dir/. */
function memberOf(obj: string, members: Map<string, Set<string>>): boolean {
  const base = path.basename(obj);
  for (const [archive, names] of members) {
    if (!names.has(base)) continue;
    const target = path.basename(archive).replace(/^lib/, '').replace(/\.(a|lib)$/i, '');
    const cmakeDir = /[\\/]CMakeFiles[\\/]([^\\/]+)\.dir[\\/]/.exec(obj);
    if (!cmakeDir || cmakeDir[1] === target) return true;
  }
  return false;
}

/**
 * The source files of the units `link` puts in the image and those units' objects, or undefined (with the
 * reason) when the link cannot be matched to the units: no unit records its object, or none of the recorded
 * objects is linked.
 */
export function linkedUnitsOf(units: CompileUnit[], link: LinkedObjects): { linkedUnits?: string[]; linkedObjects?: string[]; linking?: LinkDetermination; note?: string } {
  const placed = units.map((u) => ({ u, obj: unitObject(u) }));
  if (!placed.some((p) => p.obj)) return { note: 'the compile units record no object file, so the link cannot be matched to them' };
  const linked = placed.filter((p) => p.obj && (link.objects.has(p.obj) || (link.members && memberOf(p.obj, link.members))));
  if (linked.length === 0) return { note: `none of the ${units.length} units' objects is among the ${link.objects.size} objects the link consumes` };
  return {
    linkedUnits: [...new Set(linked.map((p) => p.u.file))],
    linkedObjects: [...new Set(linked.map((p) => p.obj!))],
    linking: { method: link.method, source: link.source, objects: link.objects.size + [...(link.members?.values() ?? [])].reduce((n, s) => n + s.size, 0) },
  };
}

/** The objects and archive members a GNU ld map file shows loaded, absolute against the folder ld ran in. */
export function mapLinkedObjects(mapFile: string, linkDir: string): LinkedObjects | undefined {
  // Only the loaded objects count: a relink that moves addresses keeps the detection cached.
  const text = readDerivedText(mapFile, MAP_LOADED_OBJECTS);
  if (text === undefined) return undefined;
  const loaded = loadedObjectsOf(text);
  const members = new Map([...loaded.members].map(([a, m]) => [path.resolve(linkDir, a), m]));
  return { method: 'map-file', source: mapFile, objects: new Set(loaded.objects.map((o) => path.resolve(linkDir, o))), members };
}

/**
 * Whether a unit is in the image of a build whose link is known: its source is among `linkedUnits` and, when it
 * records its object, that object is among `linkedObjects` (a unit recording none is placed by its source).
 */
export function isLinkedUnit(u: CompileUnit, linked: { files: ReadonlySet<string>; objects: ReadonlySet<string> | null }): boolean {
  if (!linked.files.has(u.file)) return false;
  if (!linked.objects) return true;
  const obj = unitObject(u);
  return obj === undefined || linked.objects.has(obj);
}

/**
 * Sets `linkedUnits`/`linkedObjects`/`linking` on a build from its link (else from its map file, when it has one). A link that
 * matches no unit leaves every unit counted, with an info diagnostic saying why.
 */
export function applyLinkedUnits(build: BuildDescription, link: LinkedObjects | undefined, diagnostics: Diagnostic[]): void {
  const candidates = [link, build.mapFile && isFile(build.mapFile) ? () => mapLinkedObjects(build.mapFile!, build.buildDir) : undefined];
  for (const c of candidates) {
    const objects = typeof c === 'function' ? c() : c;
    // A map without LOAD lines or archive members (abridged, or another linker's format) says nothing.
    if (!objects || (objects.objects.size === 0 && !objects.members?.size)) continue;
    const r = linkedUnitsOf(build.units, objects);
    if (r.linkedUnits) {
      build.linkedUnits = r.linkedUnits;
      build.linkedObjects = r.linkedObjects;
      build.linking = r.linking;
      return;
    }
    diagnostics.push({ severity: 'info', file: objects.source, message: `cannot tell which of its units the image links: ${r.note}; every unit is counted as linked`, fix: 'rebuild so that the compile database and the link agree (or ignore: queries then also answer from units outside the image)' });
  }
}
