// The Makefile folders the build search met that look like a project's own entry points: no other build system's
// file beside them (a CMake build folder, a PlatformIO project, a compile database) and no Makefile folder above them
// (a sub-make's folder is the upper Makefile's business). `index --build` dry-runs a few of them unasked.
import path from 'node:path';
import type { DiscoveredDir, Discovery } from '../shared/discover-build-dirs.js';
import { DEFAULT_MAKEFILES } from './dry-run-record.js';

const MAKEFILE_NAMES: ReadonlySet<string> = new Set(DEFAULT_MAKEFILES);
/** An Eclipse CDT project beside a Makefile is a CDT Makefile project (its generated-makefile folders sit below it). */
const CDT_PROJECT = '.cproject';
/** Folders whose Makefile builds documentation or packaging, never firmware (Sphinx's `docs/Makefile`). */
const NOT_FIRMWARE = /^(docs?|documentation|man|debian|packaging)$/i;

/** Makefile folders found below the root that `index --build` dry-runs unasked; more, and the note asks for [make] dirs. */
export const MAX_FOUND_RUNS = 8;

/** The topmost folders below the root holding only a makefile among the build markers, in the search's order (real paths), each with the makefile make would read; none when the root holds one. */
export function topMakefileDirs(discovery: Discovery): { dir: string; makefile: string }[] {
  const makeOnly = (d: DiscoveredDir) => d.markers.every((m) => MAKEFILE_NAMES.has(m) || (m === CDT_PROJECT && d.markers.some((x) => MAKEFILE_NAMES.has(x))));
  const others = discovery.dirs.filter((d) => !makeOnly(d)).map((d) => d.dir);
  const found: { dir: string; makefile: string }[] = [];
  for (const d of discovery.dirs) {
    const rel = path.relative(discovery.root, d.shownAs);
    // A Makefile in the root is the project's entry point: the root's own dry run and note are about it.
    if (!rel && d.markers.some((m) => MAKEFILE_NAMES.has(m))) return [];
    if (!makeOnly(d)) continue;
    if (rel.split(/[\\/]/).some((part) => NOT_FIRMWARE.test(part))) continue;
    const under = (above: string) => d.dir === above || d.dir.startsWith(above + path.sep);
    if (found.some((f) => under(f.dir)) || others.some(under)) continue;
    found.push({ dir: d.dir, makefile: DEFAULT_MAKEFILES.find((n) => d.markers.includes(n))! });
  }
  return found;
}

/** Whether the search met a build of another kind anywhere (then Makefiles below the root are left alone). */
export function foundOtherBuilds(discovery: Discovery): boolean {
  return discovery.dirs.some((d) => d.markers.some((m) => !MAKEFILE_NAMES.has(m)));
}
