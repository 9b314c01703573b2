// Finds a CMake build's link command: the link edge of build.ninja (Ninja generators) or the
// `CMakeFiles/<target>.dir/link.txt` lines (Makefile generators). Prefers a link with a linker script.
// findLinkCommands lists them all (a build linking several programs). Leaves out Visual Studio/Xcode
// generators and multi-config `build-<Config>.ninja` files.
import path from 'node:path';
import type { Diagnostic, LinkSource } from '../contract.js';
import { isCompilerProgram, isLinkerProgram, parseLinkArgs, type LinkInfo } from '../shared/link-args.js';
import { exists as pathExists, isFile, listDirs } from '../shared/fs-helpers.js';
import { parseNinjaManifest, type NinjaManifest } from '../ninja/parse-ninja.js';
import { chooseLink, linkSourceOf, recoverFromManifest, type RecoveredBuild, type RecoveredLink } from '../ninja/recover-units.js';
import { archivesOf, linkTxtCommands, linkTxtObjects } from './link-txt-closure.js';
import { linkedObjects } from '../ninja/link-closure.js';
import { defaultTargetObjects } from '../ninja/default-closure.js';
import type { LinkedObjects } from '../shared/linked-units.js';

export interface FoundLink {
  argv: string[];
  info: LinkInfo;
  /** build.ninja or link.txt it came from. */
  source: string;
  /** Where the command is read again to see it changed: the link edge in the manifest, or the link.txt. */
  linkSource?: LinkSource;
  /** The objects the link consumes, through the static libraries the build makes (build.ninja's, or the link.txt files'). */
  objects?: LinkedObjects;
}

/** link.txt files under `<dir>/CMakeFiles/*.dir/` and the same in sub-folders, a few levels down. */
function findLinkTxt(dir: string, depth: number, out: string[]): void {
  const cmakeFiles = path.join(dir, 'CMakeFiles');
  for (const t of listDirs(cmakeFiles)) {
    const f = path.join(cmakeFiles, t, 'link.txt');
    if (t.endsWith('.dir') && isFile(f)) out.push(f);
  }
  if (depth <= 0) return;
  for (const sub of listDirs(dir)) {
    if (sub === 'CMakeFiles' || sub.startsWith('.')) continue;
    findLinkTxt(path.join(dir, sub), depth - 1, out);
  }
}

export function findLinkCommand(buildDir: string, preferOutput?: string): { link?: FoundLink; diagnostics: Diagnostic[] } {
  const ninjaFile = path.join(buildDir, 'build.ninja');
  if (isFile(ninjaFile)) {
    const m = parseNinjaManifest(ninjaFile);
    const r = recoverFromManifest(m);
    return { link: linkFromManifest(ninjaFile, m, r, preferOutput), diagnostics: [...m.diagnostics, ...r.diagnostics] };
  }
  return { link: pickLinkTxt(linkTxtLinks(buildDir), preferOutput), diagnostics: [] };
}

function pickLinkTxt(links: FoundLink[], preferOutput?: string): FoundLink | undefined {
  return (
    (preferOutput && links.find((l) => l.info.output === preferOutput)) ||
    links.find((l) => l.info.linkerScripts.length > 0) ||
    links.find((l) => /\.(elf|axf)$/i.test(l.info.output ?? '')) ||
    links[0]
  );
}

/**
 * Every link command of a CMake build folder (the link edges of build.ninja with the objects each consumes, or the
 * link.txt commands), and the one findLinkCommand would choose; with none in build.ninja, the objects its default
 * targets build (`built`).
 */
export function findLinkCommands(buildDir: string): { links: FoundLink[]; chosen?: FoundLink; built?: LinkedObjects; diagnostics: Diagnostic[] } {
  const ninjaFile = path.join(buildDir, 'build.ninja');
  if (!isFile(ninjaFile)) {
    const links = linkTxtLinks(buildDir);
    return { links, chosen: pickLinkTxt(links), diagnostics: [] };
  }
  const m = parseNinjaManifest(ninjaFile);
  const r = recoverFromManifest(m);
  const found = r.links.map((l) => foundLink(ninjaFile, m, l));
  const chosenEdge = chooseLink(r.links);
  const built = found.length ? undefined : defaultTargetObjects(ninjaFile, m);
  return { links: found, chosen: found[r.links.findIndex((l) => l === chosenEdge)], built, diagnostics: [...m.diagnostics, ...r.diagnostics] };
}

/**
 * The link commands of the `CMakeFiles/<target>.dir/link.txt` files (Makefile generators), each with the objects it
 * consumes through the static libraries the other link.txt files archive (link-txt-closure.ts).
 */
function linkTxtLinks(buildDir: string): FoundLink[] {
  const files: string[] = [];
  findLinkTxt(buildDir, 3, files);
  // Each file read once: for the archives it makes and for the link it runs.
  const linkTxts = files.sort().map((f) => ({ file: f, ...linkTxtCommands(f) }));
  const archives = archivesOf(linkTxts);
  const links: FoundLink[] = [];
  for (const { file: f, cwd, commands } of linkTxts) {
    for (const seg of commands) {
      if ((isCompilerProgram(seg[0]) || isLinkerProgram(seg[0])) && seg.includes('-o') && !seg.includes('-c')) {
        links.push({ argv: seg, info: parseLinkArgs(seg, cwd), source: f, linkSource: { file: f }, objects: linkTxtObjects(seg, cwd, f, archives) });
      }
    }
  }
  return links;
}

/** The link edge of a parsed build.ninja (see findLinkCommand), with the objects it consumes. */
export function linkFromManifest(ninjaFile: string, m: NinjaManifest, r: RecoveredBuild, preferOutput?: string): FoundLink | undefined {
  const l = chooseLink(r.links, preferOutput);
  return l ? foundLink(ninjaFile, m, l) : undefined;
}

function foundLink(ninjaFile: string, m: NinjaManifest, l: RecoveredLink): FoundLink {
  const objects: LinkedObjects = { method: 'ninja-link-edge', source: ninjaFile, objects: linkedObjects(m, l) };
  return { argv: l.argv, info: l.info, source: ninjaFile, linkSource: linkSourceOf(l), objects };
}

export function exists(p: string | undefined): string | undefined {
  return p && pathExists(p) ? p : undefined;
}
