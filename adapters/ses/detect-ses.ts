// SEGGER Embedded Studio projects (`.emProject`, as the nRF5 SDK ships one per example): a build per executable
// project and buildable configuration of the solution (Debug, Release; not `Common` or hidden ones), derived from
// the project file as the IDE compiles it: the C and C++ files of its folders (a dynamic folder's files listed as the
// IDE lists them) not excluded from the configuration, each with the properties its levels give (ses-properties.ts).
// A variant per configuration, named after it (after the project's folder too when the tree holds several IDE
// projects); a solution of several executable projects gives an image per project. Memory comes from the project's
// `linker_section_placements_segments` (Embedded Studio writes the linker script from it when it links).
import path from 'node:path';
import type { AdapterResult, BuildAdapter, BuildDescription, Diagnostic, StatedMemory } from '../contract.js';
import { isCFamilySource, isCxxFile } from '../../src/model/source-suffixes.js';
import { discoveryFor, dirsWithSuffix, ideProjectFiles } from '../shared/discover-build-dirs.js';
import { pathKind, readDetectedText } from '../shared/detect-inputs.js';
import { ideVariantName, relPath } from '../shared/fs-helpers.js';
import { idePathResolver } from '../shared/ide-paths.js';
import { buildableConfigurations, readEmProject, type SesConfiguration, type SesNode, type SesSolution } from './read-emproject.js';
import { projectFiles } from './ses-files.js';
import { SesScope } from './ses-properties.js';
import { gccCpu, sesPath, sesUnit, type SesPlace } from './ses-units.js';

export const sesAdapter: BuildAdapter = {
  name: 'ses',
  detect(projectRoot, options): AdapterResult {
    const result: AdapterResult = { builds: [], diagnostics: [] };
    const discovery = discoveryFor(projectRoot, options);
    const found = dirsWithSuffix(discovery, '.emProject').flatMap((d) => d.files.map((f) => path.join(d.shownAs, f)));
    const ideFiles = ideProjectFiles(discovery);
    for (const projectFile of found) {
      const text = readDetectedText(projectFile);
      if (text === undefined) continue;
      const s = readEmProject(text);
      if ('error' in s) {
        result.diagnostics.push({ severity: 'warning', file: projectFile, ...(s.line ? { line: s.line } : {}), message: `no build read from this Embedded Studio project: ${s.error}`, fix: 'open the project in Embedded Studio and save it, or build it and index a compile database' });
        continue;
      }
      const executables = s.projects.filter((p) => isBuiltExecutable(new SesScope([s.solution, p], 'Common', s.configurations).value('project_type')));
      const configs = buildableConfigurations(s);
      if (!configs.length) result.diagnostics.push({ severity: 'warning', file: projectFile, message: 'the solution declares no build configuration (Debug, Release): no build read', fix: 'add the configurations in Embedded Studio (Project > Configurations) and save the project' });
      for (const c of configs) {
        for (const p of executables) {
          const image = executables.length > 1 ? p.name : 'app';
          result.builds.push(projectBuild(projectRoot, projectFile, text, s, p, c, { variant: ideVariantName(projectRoot, ideFiles, projectFile, c.name), image }, result.diagnostics));
        }
      }
    }
    return result;
  },
};

/** An executable the IDE builds (`Executable`, the default), not a library or an `Externally Built Executable`. */
const isBuiltExecutable = (type: string | undefined): boolean => type === undefined || type === 'Executable';

function projectBuild(projectRoot: string, projectFile: string, xml: string, s: SesSolution, p: SesNode, c: SesConfiguration, name: { variant: string; image: string }, diagnostics: Diagnostic[]): BuildDescription {
  const scope = new SesScope([s.solution, p], c.name, s.configurations);
  const place = projectPlace(projectFile, s, p, c, scope);
  const folder = (property: string, fallback: string) => sesPath(place, scope.value(property) ?? fallback) ?? path.join(place.projectDir, fallback.replace(/\$\([^)]*\)/g, c.name));
  const objDir = path.join(folder('build_intermediate_directory', 'Output/$(Configuration)/Obj'), p.name);
  const exeDir = folder('build_output_directory', 'Output/$(Configuration)/Exe');
  const units = [];
  const missing: string[] = [];
  let assembler = 0;
  for (const f of projectFiles(s.solution, p, place)) {
    const fileScope = new SesScope(f.levels, c.name, s.configurations);
    if (fileScope.value('build_exclude_from_build') === 'Yes') continue;
    if (!isCFamilySource(f.path)) {
      if (/\.(s|asm)$/i.test(f.path)) assembler++;
      continue;
    }
    if (pathKind(f.path) !== 'file') missing.push(f.written);
    else units.push(sesUnit(fileScope, place, f.path, isCxxFile(f.path), objDir));
  }
  const device = scope.value('arm_target_device_name');
  const memory = placementMemory(projectFile, xml, scope.value('linker_section_placements_segments'));
  projectDiagnostics(projectFile, c.name, scope, { foreign: place.foreign, missing, assembler }, diagnostics);
  return {
    buildSystem: 'ses',
    variant: name.variant,
    image: name.image,
    imageType: 'app',
    ...(device ? { board: device } : {}),
    description: `Embedded Studio project ${p.name} (${path.basename(projectFile)}), configuration ${c.name}${device ? ` for ${device}` : ''} (${units.length} units, derived from ${relPath(projectRoot, projectFile)})`,
    buildDir: path.dirname(exeDir),
    units,
    linkerScripts: [],
    ...(memory ? { statedMemory: memory } : {}),
    elfFile: path.join(exeDir, `${p.name}.elf`),
    provenance: 'derived',
  };
}

/** The project's folder and the macros its paths may use: the IDE's own names, then the project's `macros`. */
function projectPlace(projectFile: string, s: SesSolution, p: SesNode, c: SesConfiguration, scope: SesScope): SesPlace {
  const solutionDir = path.dirname(projectFile);
  const projectDir = path.resolve(solutionDir, (scope.value('project_directory') ?? '').replace(/\\/g, '/'));
  const macros = new Map<string, string>([
    ['SolutionDir', solutionDir],
    ['SolutionName', s.solution.name],
    ['ProjectDir', projectDir],
    ['ProjectName', p.name],
    ['Configuration', c.name],
  ]);
  for (const [k, v] of scope.macros()) macros.set(k, v);
  return { projectDir, resolve: idePathResolver(projectDir), macros, foreign: new Set() };
}

/** `FLASH RX 0x0 0x80000;RAM RWX 0x20000000 0x10000` as the build's regions, at the property's line. */
function placementMemory(projectFile: string, xml: string, segments: string | undefined): StatedMemory | undefined {
  if (!segments) return undefined;
  const at = xml.indexOf('linker_section_placements_segments');
  const line = at < 0 ? 0 : xml.slice(0, at).split('\n').length;
  const regions = segments.split(';').flatMap((seg) => {
    const m = /^\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(seg);
    return m ? [{ name: m[1], attributes: m[2], origin: m[3], length: m[4], line }] : [];
  });
  return regions.length ? { file: projectFile, source: `the memory segments of ${path.basename(projectFile)} (Embedded Studio writes the linker script from them when it links)`, regions } : undefined;
}

/** What the derivation could not follow: paths through the IDE's install or unknown macros, files not there, assembler files, an unknown core. */
function projectDiagnostics(projectFile: string, config: string, scope: SesScope, seen: { foreign: Set<string>; missing: string[]; assembler: number }, diagnostics: Diagnostic[]): void {
  const own = [...seen.foreign].filter((f) => !/^\$\((StudioDir|PackagesDir|TargetsDir)\)/.test(f));
  if (own.length) diagnostics.push({ severity: 'warning', file: projectFile, message: `configuration ${config}: ${own.length} path(s) name a global macro not in the project, another drive or a folder above the root (${own.slice(0, 3).join(', ')}); they are left out`, fix: 'define the macro in the project (Project Options > Macros) or name the folders relative to the project' });
  if (seen.foreign.size > own.length) diagnostics.push({ severity: 'info', file: projectFile, message: `configuration ${config}: the headers of the Embedded Studio install ($(StudioDir)/include, packages) are not here: they are not indexed` });
  if (seen.missing.length) diagnostics.push({ severity: 'warning', file: projectFile, message: `configuration ${config}: ${seen.missing.length} source file(s) the project names are not there (${seen.missing.slice(0, 3).join(', ')})`, fix: 'fetch the SDK the project expects beside it (at the relative place it names), or remove the files from the project' });
  if (seen.assembler) diagnostics.push({ severity: 'info', file: projectFile, message: `configuration ${config}: ${seen.assembler} assembler file(s) are not indexed` });
  if (!gccCpu(scope.value('arm_core_type'))) diagnostics.push({ severity: 'warning', file: projectFile, message: `configuration ${config}: the project names no core (arm_core_type); the compiler's target macros are those of no particular core`, fix: 'set the core in Embedded Studio (Project Options > Code Generation) and save the project' });
}
