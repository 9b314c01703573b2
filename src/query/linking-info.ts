// How an image's units relate to its link, as list_variants and get_active_build show it: how many units the
// build compiles, how many of them the image links, and how linking was determined.
import path from 'node:path';
import type { LinkMethod } from '../../adapters/contract.js';

export interface LinkingInfo {
  /** Compile units of the build (compiled for it, linked or not). */
  units: number;
  /** Units whose objects the image links: the only ones a query scoped to this image answers from. */
  linked_units: number;
  linking: {
    /** How the linked units were told (see LinkMethod), or `unknown` when the build records no usable link (every unit counts). */
    method: LinkMethod | 'unknown';
    /** build.ninja or the map file, relative to the project root. */
    source: string | null;
    note: string;
  };
}

/** What each way of telling the linked units read, as the note says it. */
const LINK_METHODS: Record<LinkMethod, string> = {
  'ninja-link-edge': 'the link edge of the image in build.ninja',
  'map-file': 'the objects the map file shows loaded',
  'ninja-default-targets': 'no program is linked: the objects the default targets of build.ninja build',
  'makefile-link': 'the link command of the image in its link.txt (a Makefile generator), through the static libraries the build archives',
  'make-dry-run': 'the link command of the image in a make dry run (fw-context index --build on a plain Make project), through the archives the run makes',
};

export function linkingInfo(
  root: string,
  units: number,
  linkedUnits: number | null,
  linking: { method: LinkMethod; source: string; objects: number } | null | undefined,
): LinkingInfo {
  if (!linking || linkedUnits === null) {
    return { units, linked_units: units, linking: { method: 'unknown', source: null, note: 'the build records no link this tool can read: every compiled unit counts as part of the image' } };
  }
  const source = path.isAbsolute(linking.source) ? path.relative(root, linking.source) || linking.source : linking.source;
  const what = LINK_METHODS[linking.method];
  const outside = units - linkedUnits;
  return {
    units,
    linked_units: linkedUnits,
    linking: {
      method: linking.method,
      source,
      note: `${what} (${linking.objects} objects)${outside > 0 ? `; ${outside} unit(s) compiled but not linked in this image answer no query scoped to it` : ''}`,
    },
  };
}
