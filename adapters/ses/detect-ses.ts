// SEGGER Embedded Studio projects (`.emProject`, as the nRF5 SDK ships one per example): a build per executable
// project and buildable configuration of the solution (Debug, Release; not `Common` or hidden ones), derived from
// the project file as the IDE compiles it: the C, C++ and assembler files of its folders (a dynamic folder's files listed as the
// IDE lists them) not excluded from the configuration, each with the properties its levels give (ses-properties.ts).
// A variant per configuration, named after it (after the project's folder too when the tree holds several IDE
// projects); a solution of several executable projects gives an image per project, each with the files of the
// library projects it depends on (`project_dependencies`: the IDE links their output into it), each compiled with
// its own project's properties. A solution of libraries alone gives a build per library (no link). Memory comes from
// the project's `linker_section_placements_segments` (Embedded Studio writes the linker script from it when it links).
import path from 'node:path';
import type { AdapterResult, BuildAdapter, BuildDescription, CompileUnit, Diagnostic, StatedMemory } from '../contract.js';
import { isAssemblerSource, isCFamilySource, isCxxFile } from '../../src/model/source-suffixes.js';
import { discoveryFor, dirsWithSuffix, ideProjectFiles } from '../shared/discover-build-dirs.js';
import { pathKind, readDetectedText } from '../shared/detect-inputs.js';
import { ideVariantName, relPath } from '../shared/fs-helpers.js';
import { idePathResolver } from '../shared/ide-paths.js';
import { buildableConfigurations, readEmProject, type SesConfiguration, type SesNode, type SesSolution } from './read-emproject.js';
import { projectFiles } from './ses-files.js';
import { configChain, SesScope } from './ses-properties.js';
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
      const executables = s.projects.filter((p) => isBuiltExecutable(projectType(s, p)));
      const images = executables.length ? executables : s.projects.filter((p) => projectType(s, p) === 'Library');
      const configs = buildableConfigurations(s);
      if (!configs.length) result.diagnostics.push({ severity: 'warning', file: projectFile, message: 'the solution declares no build configuration (Debug, Release): no build read', fix: 'add the configurations in Embedded Studio (Project > Configurations) and save the project' });
      for (const c of configs) {
        const ctx: SesBuildContext = { projectRoot, projectFile, xml: text, s, c, chain: configChain(c.name, s.configurations) };
        for (const p of images) {
          const image = images.length > 1 ? p.name : 'app';
          result.builds.push(projectBuild(ctx, p, { variant: ideVariantName(projectRoot, ideFiles, projectFile, c.name), image }, result.diagnostics));
        }
      }
    }
    return result;
  },
};

/** A project's type as its `Common` configuration sets it (where the IDE writes it). */
const projectType = (s: SesSolution, p: SesNode): string | undefined => new SesScope([s.solution, p], ['Common']).value('project_type');

/** An executable the IDE builds (`Executable`, the default), not a library or an `Externally Built Executable`. */
const isBuiltExecutable = (type: string | undefined): boolean => type === undefined || type === 'Executable';

/** One configuration of a solution, read once for all its images. */
interface SesBuildContext {
  projectRoot: string;
  projectFile: string;
  xml: string;
  s: SesSolution;
  c: SesConfiguration;
  /** The configuration's chain (configChain). */
  chain: string[];
}

/** What the derivation could not follow in an image's projects, for the diagnostics. */
interface SesMisses {
  foreign: Set<string>;
  missing: string[];
  unknownDependencies: string[];
}

function projectBuild(ctx: SesBuildContext, p: SesNode, name: { variant: string; image: string }, diagnostics: Diagnostic[]): BuildDescription {
  const { s, c } = ctx;
  const scope = new SesScope([s.solution, p], ctx.chain);
  const misses: SesMisses = { foreign: new Set(), missing: [], unknownDependencies: [] };
  const place = projectPlace(ctx, p, scope, misses.foreign);
  const exeDir = outputFolder(place, scope, 'build_output_directory', 'Output/$(Configuration)/Exe');
  const library = projectType(s, p) === 'Library';
  const linked = library ? [] : dependentLibraries(ctx, p, misses.unknownDependencies);
  const units = [...linked.flatMap((lib) => projectUnits(ctx, lib, misses)), ...projectUnits(ctx, p, misses, place)];
  const device = scope.value('arm_target_device_name');
  const memory = placementMemory(ctx.projectFile, ctx.xml, scope.value('linker_section_placements_segments'));
  projectDiagnostics(ctx.projectFile, c.name, p.name, scope, misses, diagnostics);
  const libraries = linked.length ? `, with librar${linked.length > 1 ? 'ies' : 'y'} ${linked.map((l) => l.name).join(', ')}` : '';
  const noLink = library ? ', a library: no link' : '';
  return {
    buildSystem: 'ses',
    variant: name.variant,
    image: name.image,
    imageType: 'app',
    ...(device ? { board: device } : {}),
    description: `Embedded Studio project ${p.name} (${path.basename(ctx.projectFile)}), configuration ${c.name}${device ? ` for ${device}` : ''}${libraries}${noLink} (${units.length} units, derived from ${relPath(ctx.projectRoot, ctx.projectFile)})`,
    buildDir: path.dirname(exeDir),
    units,
    linkerScripts: [],
    ...(memory ? { statedMemory: memory } : {}),
    ...(noLink ? {} : { elfFile: path.join(exeDir, `${p.name}.elf`) }),
    provenance: 'derived',
  };
}

/** The C, C++ and assembler units of project `p` in the configuration, each with the properties its levels give. */
function projectUnits(ctx: SesBuildContext, p: SesNode, misses: SesMisses, known?: SesPlace): CompileUnit[] {
  const scope = new SesScope([ctx.s.solution, p], ctx.chain);
  const place = known ?? projectPlace(ctx, p, scope, misses.foreign);
  const objDir = path.join(outputFolder(place, scope, 'build_intermediate_directory', 'Output/$(Configuration)/Obj'), p.name);
  const units: CompileUnit[] = [];
  for (const f of projectFiles(ctx.s.solution, p, place)) {
    const fileScope = new SesScope(f.levels, ctx.chain);
    if (fileScope.value('build_exclude_from_build') === 'Yes') continue;
    const kind = isCFamilySource(f.path) ? (isCxxFile(f.path) ? 'cpp' : 'c') : isAssemblerSource(f.path) ? 'asm' : undefined;
    if (!kind) continue;
    if (pathKind(f.path) !== 'file') misses.missing.push(f.written);
    else units.push(sesUnit(fileScope, place, f.path, kind, objDir));
  }
  return units;
}

/**
 * The library projects `p` depends on, those they depend on first (the order the IDE builds them), each once: the
 * IDE links a dependent library's output into the executable. Names the solution does not hold go to `unknown`.
 */
function dependentLibraries(ctx: SesBuildContext, p: SesNode, unknown: string[]): SesNode[] {
  const byName = new Map(ctx.s.projects.map((q) => [q.name, q]));
  const seen = new Set([p.name]);
  const out: SesNode[] = [];
  const visit = (q: SesNode) => {
    for (const name of new SesScope([ctx.s.solution, q], ctx.chain).list('project_dependencies')) {
      if (seen.has(name)) continue;
      seen.add(name);
      const dep = byName.get(name);
      if (!dep) {
        unknown.push(name);
        continue;
      }
      visit(dep);
      if (projectType(ctx.s, dep) === 'Library') out.push(dep);
    }
  };
  visit(p);
  return out;
}

/** A project's output folder property, made absolute; the IDE's default when it is unset or leads off this machine. */
function outputFolder(place: SesPlace, scope: SesScope, property: string, fallback: string): string {
  return sesPath(place, scope.value(property) ?? fallback) ?? sesPath(place, fallback) ?? path.join(place.projectDir, fallback);
}

/** The project's folder and the macros its paths may use: the IDE's own names, then the project's `macros`. */
function projectPlace(ctx: SesBuildContext, p: SesNode, scope: SesScope, foreign: Set<string>): SesPlace {
  const solutionDir = path.dirname(ctx.projectFile);
  const projectDir = path.resolve(solutionDir, (scope.value('project_directory') ?? '').replace(/\\/g, '/'));
  const macros = new Map<string, string>([
    ['SolutionDir', solutionDir],
    ['SolutionName', ctx.s.solution.name],
    ['ProjectDir', projectDir],
    ['ProjectName', p.name],
    ['Configuration', ctx.c.name],
  ]);
  for (const [k, v] of scope.macros()) macros.set(k, v);
  return { projectDir, resolve: idePathResolver(projectDir), macros, foreign };
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

/** What the derivation could not follow: paths through the IDE's install or unknown macros, files not there, an unknown core. */
function projectDiagnostics(projectFile: string, config: string, project: string, scope: SesScope, seen: SesMisses, diagnostics: Diagnostic[]): void {
  const own = [...seen.foreign].filter((f) => !/^\$\((StudioDir|PackagesDir|TargetsDir)\)/.test(f));
  if (own.length) diagnostics.push({ severity: 'warning', file: projectFile, message: `configuration ${config}: ${own.length} path(s) name a global macro not in the project, another drive or a folder above the root (${own.slice(0, 3).join(', ')}); they are left out`, fix: 'define the macro in the project (Project Options > Macros) or name the folders relative to the project' });
  if (seen.foreign.size > own.length) diagnostics.push({ severity: 'info', file: projectFile, message: `configuration ${config}: the headers of the Embedded Studio install ($(StudioDir)/include, packages) are not here: they are not indexed` });
  if (seen.missing.length) diagnostics.push({ severity: 'warning', file: projectFile, message: `configuration ${config}: ${seen.missing.length} source file(s) the project names are not there (${seen.missing.slice(0, 3).join(', ')})`, fix: 'fetch the SDK the project expects beside it (at the relative place it names), or remove the files from the project' });
  if (seen.unknownDependencies.length) diagnostics.push({ severity: 'warning', file: projectFile, message: `configuration ${config}: project ${project} depends on ${seen.unknownDependencies.join(', ')}, which the solution does not hold; left out of its image`, fix: 'add the project to the solution, or remove the dependency (Project > Project Dependencies)' });
  if (!gccCpu(scope.value('arm_core_type'))) diagnostics.push({ severity: 'warning', file: projectFile, message: `configuration ${config}: the project names no core (arm_core_type); the compiler's target macros are those of no particular core`, fix: 'set the core in Embedded Studio (Project Options > Code Generation) and save the project' });
}
