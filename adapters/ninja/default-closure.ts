// The objects a plain `ninja` run in a build folder builds: those its default targets (the manifest's `default`
// statements, else every output no edge consumes, as ninja takes them) reach through the edges' inputs, implicit and
// order-only ones included. A folder that links no program (a library-only project) is the objects of those: a
// library kept out of `all` (CMake's EXCLUDE_FROM_ALL, ThreadX's FreeRTOS layer) is compiled by no plain build.
import path from 'node:path';
import type { LinkedObjects } from '../shared/linked-units.js';
import type { NinjaEdge, NinjaManifest } from './parse-ninja.js';

const OBJECT = /\.(o|obj)$/i;

/** Absolute paths of the objects the default targets of `manifest` build. */
export function defaultBuiltObjects(manifest: NinjaManifest): Set<string> {
  const dir = manifest.buildDir;
  const producer = new Map<string, NinjaEdge>();
  const consumed = new Set<string>();
  for (const e of manifest.edges) {
    for (const o of [...e.outputs, ...e.implicitOutputs]) producer.set(path.resolve(dir, o), e);
    if (manifest.defaults.length === 0) for (const i of [...e.inputs, ...e.implicitInputs, ...e.orderOnlyInputs]) consumed.add(path.resolve(dir, i));
  }
  const roots = manifest.defaults.length ? manifest.defaults.map((d) => path.resolve(dir, d)) : [...producer.keys()].filter((o) => !consumed.has(o));
  const objects = new Set<string>();
  const seen = new Set<NinjaEdge>();
  const pending = roots;
  while (pending.length) {
    const e = producer.get(pending.pop()!);
    if (e === undefined || seen.has(e)) continue;
    seen.add(e);
    for (const o of e.outputs) if (OBJECT.test(o)) objects.add(path.resolve(dir, o));
    for (const i of [...e.inputs, ...e.implicitInputs, ...e.orderOnlyInputs]) pending.push(path.resolve(dir, i));
  }
  return objects;
}

/** The objects the default targets of a parsed build.ninja build, as the image of a folder that links no program. */
export function defaultTargetObjects(ninjaFile: string, manifest: NinjaManifest): LinkedObjects {
  return { method: 'ninja-default-targets', source: ninjaFile, objects: defaultBuiltObjects(manifest) };
}
