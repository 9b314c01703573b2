// Keil µVision projects (MDK-ARM): each `.uvprojx`/`.uvproj` the build search found gives a build per target of the
// Arm compilers (Arm Compiler 6 or 5), derived from the project file as µVision would compile it: the C and C++ files
// of its groups that are built, the components' configuration files copied into the project (RTE) and their sources in
// the installed CMSIS packs, each with the target's settings and what its group and itself add, and the include
// folders and device define of the packs its components and device come from (cmsis-packs.ts). A variant per target,
// named after it (`Target 1`), after the project's folder too when the tree holds several projects; its scatter file
// gives its memory: its own, or the one µVision writes beside the objects from the device dialog when it links (the
// dialog's areas until then, dialog-memory.ts). Assembler files (armasm syntax: the device's startup file) are units
// read as written, for their labels and vector table; packs not installed here are named in the build's diagnostics.
import path from 'node:path';
import type { AdapterResult, BuildAdapter, BuildDescription, Diagnostic, StatedMemory } from '../contract.js';
import { isCFamilySource, isCxxFile } from '../../src/model/source-suffixes.js';
import { convertedUvproj, discoveryFor, dirsWithSuffix, ideProjectFiles } from '../shared/discover-build-dirs.js';
import { pathKind, readDetectedText } from '../shared/detect-inputs.js';
import { ideVariantName, relPath } from '../shared/fs-helpers.js';
import { idePathResolver, ideProjectPath } from '../shared/ide-paths.js';
import { keilAsmUnit, keilCore, keilUnit, packTarget, settingsOf, type KeilUnitPlace } from './keil-units.js';
import { packOfId, rteComponents, targetPackPlaces, type InstalledPacks, type PackPlaces } from './cmsis-packs.js';
import { dialogMemory } from './dialog-memory.js';
import { readUvprojx, type KeilTarget } from './read-uvprojx.js';

export const keilAdapter: BuildAdapter = {
  name: 'keil',
  detect(projectRoot, options): AdapterResult {
    const result: AdapterResult = { builds: [], diagnostics: [] };
    const discovery = discoveryFor(projectRoot, options);
    // An MDK 4 project converted to MDK 5 keeps both files: the .uvprojx is the one µVision opens.
    const found = [...dirsWithSuffix(discovery, '.uvprojx'), ...dirsWithSuffix(discovery, '.uvproj')].flatMap((d) =>
      d.files.filter((f) => !convertedUvproj(d, f)).map((f) => ({ dir: d.shownAs, file: f })),
    );
    const files = ideProjectFiles(discovery);
    const installed: InstalledPacks = new Map();
    for (const { dir, file } of found) {
      const projectFile = path.join(dir, file);
      const text = readDetectedText(projectFile);
      if (text === undefined) continue;
      const { targets, error } = readUvprojx(text);
      if (error) {
        result.diagnostics.push({ severity: 'warning', file: projectFile, message: `no build read from this µVision project: ${error}`, fix: 'open the project in µVision and save it, or build it and index a compile database' });
        continue;
      }
      const other = targets.filter((t) => t.toolset !== 'ARM-ADS').map((t) => t.name);
      if (other.length) result.diagnostics.push({ severity: 'info', file: projectFile, message: `target(s) ${other.join(', ')} use a Keil toolset other than the Arm compilers (C51, C251, C166): not read`, fix: 'index such a target from a compile database of its build, if one can be made' });
      const components = targets.some((t) => t.usesRte) ? rteComponents(text) : [];
      for (const t of targets.filter((x) => x.toolset === 'ARM-ADS')) {
        const packs = targetPackPlaces(t.usesRte ? components : [], packTarget(t), packOfId(t.packId), installed);
        const memory = t.memoryAreas && dialogMemory(projectFile, text, targets.indexOf(t), t.memoryAreas);
        result.builds.push(targetBuild(projectRoot, projectFile, t, { variant: ideVariantName(projectRoot, files, projectFile, t.name), packs, ...(memory ? { memory } : {}) }, result.diagnostics));
      }
    }
    return result;
  },
};

/** Where a written path is: resolved in the project folder; a path outside this machine's reach is noted in `foreign`. */
function resolver(projectDir: string, foreign: Set<string>): (written: string) => string | undefined {
  const resolve = idePathResolver(projectDir);
  return (written) => {
    const abs = resolve(written);
    if (abs === undefined && written.trim()) foreign.add(written.trim());
    return abs;
  };
}

/** The components' configuration files (`RTE/Device/<device>/system_x.c`) and µVision's include folders for them. */
function rtePlaces(projectDir: string, t: KeilTarget): { sources: string[]; includes: string[] } {
  const files = t.rteFiles.map((f) => ideProjectPath(projectDir, f)).filter((f): f is string => !!f && pathKind(f) === 'file');
  const own = path.join(projectDir, 'RTE', `_${t.name.replace(/[^\w.-]/g, '_')}`);
  const folders = [...(pathKind(own) === 'dir' ? [own] : []), ...new Set(files.map((f) => path.dirname(f)))];
  return { sources: files.filter((f) => isCFamilySource(f)), includes: folders };
}

function targetBuild(projectRoot: string, projectFile: string, t: KeilTarget, named: { variant: string; packs: PackPlaces; memory?: StatedMemory }, diagnostics: Diagnostic[]): BuildDescription {
  const projectDir = path.dirname(projectFile);
  const foreign = new Set<string>();
  const resolve = resolver(projectDir, foreign);
  const outputDir = (t.outputDir && ideProjectPath(projectDir, t.outputDir)) || path.join(projectDir, 'Objects');
  const rte = rtePlaces(projectDir, t);
  const place: KeilUnitPlace = { projectDir, outputDir, resolve, uvisionVersion: uvisionVersion(projectFile, outputDir, t), rteIncludes: [...rte.includes, ...named.packs.includes], deviceDefines: named.packs.defines };
  const units = [];
  const missing: string[] = [];
  for (const g of t.groups.filter((x) => x.built)) {
    for (const f of g.files.filter((x) => x.built)) {
      const abs = resolve(f.path);
      const asm = abs !== undefined && /\.(s|asm)$/i.test(abs);
      if (!abs || (!asm && !isCFamilySource(abs))) continue;
      if (pathKind(abs) !== 'file') missing.push(f.path);
      else units.push(asm ? keilAsmUnit(t, place, abs) : keilUnit(t, place, abs, settingsOf(t, g.settings, f.settings), isCxxFile(abs)));
    }
  }
  // The components' configuration files in the project, and their sources in the installed packs.
  for (const f of [...rte.sources, ...named.packs.sources.filter((x) => isCFamilySource(x))]) units.push(keilUnit(t, place, f, settingsOf(t), isCxxFile(f)));
  // Without a scatter file of its own, µVision writes one from the device dialog's memory beside the objects when it links.
  const scatter = t.scatterFile ? resolve(t.scatterFile) : path.join(outputDir, `${outputNameOf(projectFile, t)}.sct`);
  if (t.scatterFile && (!scatter || pathKind(scatter) !== 'file')) diagnostics.push({ severity: 'warning', file: projectFile, message: `target ${t.name}: the scatter file ${t.scatterFile} is not there; its memory regions are unknown`, fix: 'fix the scatter file setting (Options for Target → Linker)' });
  targetDiagnostics(projectFile, t, { foreign, missing, packs: named.packs }, diagnostics);
  const compiler = t.ac6 ? 'Arm Compiler 6' : 'Arm Compiler 5';
  return {
    buildSystem: 'keil',
    variant: named.variant,
    image: 'app',
    imageType: 'app',
    ...(t.device ? { board: t.device } : {}),
    description: `µVision project ${path.basename(projectFile)}, target ${t.name}${t.device ? ` for ${t.device}` : ''} with ${compiler} (${units.length} units, derived from ${relPath(projectRoot, projectFile)})`,
    buildDir: outputDir,
    units,
    linkerScripts: scatter && pathKind(scatter) === 'file' ? [scatter] : [],
    ...(!t.scatterFile && scatter && pathKind(scatter) !== 'file' ? { linkerScriptCandidates: [scatter] } : {}),
    // Until µVision links and writes it, the Target dialog's memory stands in for the scatter file.
    ...(named.memory ? { statedMemory: named.memory } : {}),
    elfFile: path.join(outputDir, `${outputNameOf(projectFile, t)}.axf`),
    provenance: 'derived',
  };
}

/** MDK 5.41's µVision, whose Arm Compiler 6.22 the armclang table stands for. */
const UVISION_VERSION = '541';

/**
 * The µVision version as it defines it for every compile (`-D__UVISION_VERSION="533"`): read from the dependency
 * file it writes beside the objects when it builds (`<project>_<target>.dep`, each compile's options on its `F`
 * lines), else MDK 5.41's.
 */
function uvisionVersion(projectFile: string, outputDir: string, t: KeilTarget): string {
  const dep = path.join(outputDir, `${path.basename(projectFile).replace(/\.uvprojx?$/, '')}_${t.name}.dep`);
  const text = pathKind(dep) === 'file' ? readDetectedText(dep) : undefined;
  return (text && /-D__UVISION_VERSION="?(\d+)"?/.exec(text)?.[1]) || UVISION_VERSION;
}

/** The name of the target's image (`Blinky` of `Blinky.axf`): its output name, else the project's. */
const outputNameOf = (projectFile: string, t: KeilTarget): string => t.outputName ?? path.basename(projectFile).replace(/\.uvprojx?$/, '');

/** What the derivation could not follow: paths on another drive (packs, the Keil install), files not there, an unknown core. */
function targetDiagnostics(projectFile: string, t: KeilTarget, seen: { foreign: Set<string>; missing: string[]; packs: PackPlaces }, diagnostics: Diagnostic[]): void {
  if (seen.foreign.size) diagnostics.push({ severity: 'warning', file: projectFile, message: `target ${t.name}: ${seen.foreign.size} path(s) name another drive, a µVision variable or a folder above the root (${[...seen.foreign].slice(0, 3).join(', ')}); they are left out`, fix: 'copy those headers into the project and name them relative to the project file' });
  if (seen.missing.length) diagnostics.push({ severity: 'warning', file: projectFile, message: `target ${t.name}: ${seen.missing.length} source file(s) the project names are not there (${seen.missing.slice(0, 3).join(', ')})`, fix: 'generate the missing code (STM32CubeMX or the vendor\'s configurator), fetch the SDK the project expects beside it, or remove the files from the project' });
  const { packs } = seen;
  if (packs.missing.length && !packs.root) diagnostics.push({ severity: 'info', file: projectFile, message: `target ${t.name} takes headers from CMSIS packs (${packs.missing.slice(0, 3).join(', ')}), and no pack folder is here: their headers are not indexed`, fix: 'install the packs (`cpackget add`, Keil Studio) and set CMSIS_PACK_ROOT to their folder if it is not ~/.cache/arm/packs' });
  else if (packs.missing.length) diagnostics.push({ severity: 'info', file: projectFile, message: `target ${t.name}: pack(s) ${packs.missing.slice(0, 3).join(', ')} are not installed in ${packs.root}: their headers are not indexed`, fix: `install them: cpackget add ${packs.missing[0]}` });
  if (!keilCore(t.cpu)) diagnostics.push({ severity: 'warning', file: projectFile, message: `target ${t.name}: the CPU is not named (no CPUTYPE in ${t.cpu ? `"${t.cpu}"` : 'the project'}); the compiler's target macros are those of its default`, fix: 'select the device in µVision\'s Options for Target and save the project' });
}
