// Registers what build detection takes from a GNU ld map file: the objects and archive members the link loaded
// (see linked-units.ts), sorted, so a relink that only moves addresses keeps a cached detection (detect-inputs.ts).
import { readLoadedObjects, type LoadedObjects } from '../../linker/map-loaded-objects.js';
import { registerDerivation } from './detect-inputs.js';

export const MAP_LOADED_OBJECTS = 'map-loaded-objects';

let last: { text: string; loaded: LoadedObjects } | undefined;

/** The objects a map shows loaded, remembering the last map: detection records and uses one parse of it. */
export function loadedObjectsOf(text: string): LoadedObjects {
  if (last?.text !== text) last = { text, loaded: readLoadedObjects(text) };
  return last.loaded;
}

registerDerivation(MAP_LOADED_OBJECTS, (text) => {
  const loaded = loadedObjectsOf(text);
  return JSON.stringify([[...new Set(loaded.objects)].sort(), [...loaded.members].map(([a, m]) => [a, [...m].sort()]).sort()]);
});
