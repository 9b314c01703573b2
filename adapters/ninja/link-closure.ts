// The objects a ninja link edge puts into its image: its object inputs (explicit and implicit), and, for each
// static library the manifest builds that the edge depends on or its command names (Zephyr passes
// `--whole-archive app/libapp.a zephyr/libzephyr.a` with the libraries as order-only inputs), that library's
// objects, recursively. A library ninja does not build
// (toolchain, prebuilt) holds no unit of this build and is skipped. Which archive members ld really pulls in
// (without --whole-archive) is not known here: a built library counts whole (the map file would say better).
import path from 'node:path';
import type { NinjaEdge, NinjaManifest } from './parse-ninja.js';

const OBJECT = /\.(o|obj)$/i;
const ARCHIVE = /\.(a|lib)$/i;

/** Absolute paths of the objects a link (its edge and argv) links, through the static libraries the manifest builds. */
export function linkedObjects(manifest: NinjaManifest, link: { edge: NinjaEdge; argv: string[] }): Set<string> {
  const dir = manifest.buildDir;
  const producer = new Map<string, NinjaEdge>();
  for (const e of manifest.edges) for (const o of [...e.outputs, ...e.implicitOutputs]) producer.set(path.resolve(dir, o), e);
  const objects = new Set<string>();
  const seenArchives = new Set<string>();
  const visit = (e: NinjaEdge, named: string[] = []) => {
    for (const input of [...e.inputs, ...e.implicitInputs, ...named]) {
      const abs = path.resolve(dir, input);
      if (OBJECT.test(input)) objects.add(abs);
      else if (ARCHIVE.test(input) && !seenArchives.has(abs)) {
        seenArchives.add(abs);
        const lib = producer.get(abs);
        if (lib) visit(lib);
      }
    }
  };
  const named = link.argv.slice(1).filter((a) => !a.startsWith('-') && ARCHIVE.test(a));
  visit(link.edge, named);
  return objects;
}
