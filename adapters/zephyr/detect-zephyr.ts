// Zephyr adapter: build folders the build search found anywhere in the tree. A plain build folder is one
// variant with one image (`app`); a sysbuild folder (domains.yaml) is one variant whose images are its
// domains. Variant = the board target, or the folder's name when several builds share a board.
import path from 'node:path';
import type { AdapterOptions, AdapterResult, BuildAdapter, BuildDescription, Diagnostic } from '../contract.js';
import { folderVariantName, relPath } from '../shared/fs-helpers.js';
import { discoveryFor } from '../shared/discover-build-dirs.js';
import { applyLinkedUnits } from '../shared/linked-units.js';
import { isZephyrBuildDir, readZephyrBuildInfo } from './read-build-info.js';
import { readZephyrImage, type ZephyrImage } from './read-zephyr-image.js';
import { imageTypeOf, readSysbuildDomains } from './read-sysbuild.js';
import { guarded } from '../shared/guard.js';

interface ZephyrVariant {
  /** The build folder as reached from the root (names the variant when boards repeat). */
  dir: string;
  board?: string;
  builds: BuildDescription[];
}

function describeImage(projectRoot: string, img: ZephyrImage, what: string, shownAs: string): string {
  const src = img.info.appSourceDir;
  const app = src ? (path.isAbsolute(src) && !path.relative(projectRoot, src).startsWith('..') ? relPath(projectRoot, src) : path.basename(src)) : undefined;
  const version = img.info.zephyrVersion ? `Zephyr ${img.info.zephyrVersion}` : 'Zephyr';
  return `${version} ${what}${img.info.board ? ` for ${img.info.board}` : ''} (${app ? `source ${app}, ` : ''}build ${relPath(projectRoot, shownAs)}, ${img.units.length} units)`;
}

function toBuild(projectRoot: string, img: ZephyrImage, image: string, imageType: string, isDefault: boolean, what: string, diagnostics: Diagnostic[], shownAs = img.dir): BuildDescription {
  const build: BuildDescription = {
    buildSystem: 'zephyr',
    variant: '',
    image,
    imageType,
    defaultImage: isDefault,
    board: img.info.board,
    description: describeImage(projectRoot, img, what, shownAs),
    buildDir: img.dir,
    compileCommands: img.compileCommands,
    units: img.units,
    kconfig: img.dotConfig || img.autoconfH ? { dotConfig: img.dotConfig, autoconfH: img.autoconfH } : undefined,
    linkerScripts: img.linkerScripts,
    linkArguments: img.linkArguments,
    linkSource: img.linkSource,
    mapFile: img.mapFile,
    ...(img.mapCandidates ? { mapCandidates: img.mapCandidates } : {}),
    ...(img.linkerScriptCandidates ? { linkerScriptCandidates: img.linkerScriptCandidates } : {}),
    elfFile: img.elfFile,
    provenance: 'read',
  };
  applyLinkedUnits(build, img.link, diagnostics);
  return build;
}

export function detectZephyr(projectRoot: string, options: AdapterOptions): AdapterResult {
  const result: AdapterResult = { builds: [], diagnostics: [] };
  const found = discoveryFor(projectRoot, options).dirs.filter((d) => d.markers.some((m) => m === 'CMakeCache.txt' || m === 'build_info.yml' || m === 'domains.yaml'));
  const variants: ZephyrVariant[] = [];
  const sysbuilds = found.filter((d) => d.markers.includes('domains.yaml'));
  const sysbuildDirs = sysbuilds.map((d) => d.dir);
  const inside = (d: string, parent: string) => d === parent || d.startsWith(parent + path.sep);

  for (const s of sysbuilds) guarded(path.join(s.dir, 'domains.yaml'), 'reading the sysbuild folder', result.diagnostics, () => readSysbuildVariant(s.dir, s.shownAs));
  function readSysbuildVariant(dir: string, shownAs: string): void {
    const layout = readSysbuildDomains(dir, result.diagnostics);
    if (!layout) return;
    const top = readZephyrBuildInfo(dir, result.diagnostics);
    const v: ZephyrVariant = { dir: shownAs, board: top.board, builds: [] };
    const declared = new Map(top.images.map((i) => [i.name, i.type]));
    for (const d of layout.domains) {
      const img = readZephyrImage(d.dir);
      result.diagnostics.push(...img.diagnostics);
      const isDefault = d.name === layout.defaultDomain;
      const type = imageTypeOf(d.name, isDefault, declared.get(d.name));
      const shownImg = inside(d.dir, dir) ? path.join(shownAs, path.relative(dir, d.dir)) : d.dir;
      if (unreadable(img)) continue;
      v.builds.push(toBuild(projectRoot, img, d.name, type, isDefault, `sysbuild image ${d.name}${type !== 'app' ? ` (${type})` : ''}`, result.diagnostics, shownImg));
    }
    v.board ??= v.builds.find((b) => b.defaultImage)?.board ?? v.builds[0]?.board;
    if (v.builds.length > 0 && !v.builds.some((b) => b.defaultImage)) v.builds[0].defaultImage = true;
    variants.push(v);
  }

  for (const d of found) guarded(d.dir, 'reading the Zephyr build folder', result.diagnostics, () => readPlainBuild(d.dir, d.shownAs));
  function readPlainBuild(dir: string, shownAs: string): void {
    if (sysbuildDirs.some((s) => inside(dir, s))) return;
    if (!isZephyrBuildDir(dir)) return;
    // A sysbuild top folder without domains.yaml (not built yet) has no compile units of its own.
    const img = readZephyrImage(dir);
    if (img.info.sysbuild && img.units.length === 0) {
      result.diagnostics.push({ severity: 'warning', file: path.join(dir, 'domains.yaml'), message: 'sysbuild folder without domains.yaml', fix: 'finish the build with `west build` so that sysbuild writes domains.yaml' });
      return;
    }
    result.diagnostics.push(...img.diagnostics);
    // An unreadable folder still counts for naming, so that the other builds of its board keep their variant names.
    variants.push({ dir: shownAs, board: img.info.board, builds: unreadable(img) ? [] : [toBuild(projectRoot, img, 'app', 'app', true, 'app build', result.diagnostics, shownAs)] });
  }

  const boardCount = new Map<string, number>();
  for (const v of variants) if (v.board) boardCount.set(v.board, (boardCount.get(v.board) ?? 0) + 1);
  for (const v of variants) {
    const name = v.board && boardCount.get(v.board) === 1 ? v.board : folderVariantName(projectRoot, v.dir);
    for (const b of v.builds) {
      b.variant = name;
      result.builds.push(b);
    }
  }
  return result;
}

/**
 * An image whose compile database could not be read and that nothing else describes (no build.ninja): it is
 * left out, its error reported, so that its previous index is kept instead of being replaced by an empty build.
 */
function unreadable(img: ZephyrImage): boolean {
  return img.units.length === 0 && img.diagnostics.some((d) => d.severity === 'error');
}

export const zephyrAdapter: BuildAdapter = { name: 'zephyr', detect: detectZephyr };
