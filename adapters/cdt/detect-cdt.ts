// Eclipse CDT managed-build projects (STM32CubeIDE and other CDT-based IDEs): each folder the build search found
// holding a `.cproject` gives a build per configuration (Debug, Release), derived from the project files as the
// IDE's generated makefiles would compile it: its sources (source entries, links, exclusions), each file's flags,
// and the linker script. A variant per configuration, named after its build folder (`Debug`, `CM7-Debug`); a
// configuration whose build folder holds a compile database is left to the compile-database reader, and one built by
// the project's own Makefile (a CDT Makefile project) to the make adapter.
import path from 'node:path';
import type { AdapterResult, BuildAdapter, BuildDescription, Diagnostic } from '../contract.js';
import { discoveryFor, dirsWith } from '../shared/discover-build-dirs.js';
import { pathKind, readDetectedText } from '../shared/detect-inputs.js';
import { folderVariantName, relPath } from '../shared/fs-helpers.js';
import { cdtSources } from './cdt-sources.js';
import { cdtUnit, expandCdtPath, isCubeIde, settingsFor, type CdtPlace } from './cdt-units.js';
import { readCproject, type CdtConfiguration } from './read-cproject.js';
import { readDotProject, type DotProject } from './read-dot-project.js';

export const cdtAdapter: BuildAdapter = {
  name: 'eclipse-cdt',
  detect(projectRoot, options): AdapterResult {
    const result: AdapterResult = { builds: [], diagnostics: [] };
    for (const found of dirsWith(discoveryFor(projectRoot, options), '.cproject')) {
      const cproject = path.join(found.dir, '.cproject');
      const text = readDetectedText(cproject);
      if (text === undefined) continue;
      const { configurations, error } = readCproject(text);
      if (error) {
        result.diagnostics.push({ severity: configurations.length ? 'warning' : 'info', file: cproject, message: `no build read from this Eclipse CDT project: ${error}`, fix: 'open the project in its IDE and save its build settings, or build it once and index the compile database (`bear -- make` in its build folder)' });
        continue;
      }
      const project = readDotProject(readDetectedText(path.join(found.dir, '.project')), found.dir);
      for (const link of project.links) {
        if (link.kind !== 'virtual' && !link.location) result.diagnostics.push({ severity: 'warning', file: path.join(found.dir, '.project'), message: `linked resource ${link.name} points at ${link.written ?? '(nothing)'}, a path variable this reader cannot resolve: its sources are left out`, fix: 'define the variable in the project\'s .project (variableList), or use a PARENT-n-PROJECT_LOC location' });
      }
      const names = new Set(configurations.map((c) => c.name));
      const unmanaged = configurations.filter((c) => !c.managed).map((c) => c.name);
      if (unmanaged.length) result.diagnostics.push({ severity: 'info', file: cproject, message: `configuration(s) ${unmanaged.join(', ')} of this Eclipse CDT project build with the project's own Makefile: read from a make dry run, not from .cproject`, fix: 'run `fw-context index --build` (the Makefile folder is dry-run; name it in [make] dirs when it is not found)' });
      const projectName = project.name ?? path.basename(found.shownAs);
      for (const c of configurations.filter((x) => x.managed)) {
        const place: CdtPlace = { projectDir: found.shownAs, projectName, buildDir: buildDirOf(found.shownAs, projectName, c) };
        // A configuration built under a compile-database recorder (`bear -- make` in its folder) is read from it instead.
        if (pathKind(path.join(place.buildDir, 'compile_commands.json')) === 'file') continue;
        result.builds.push(configurationBuild(projectRoot, place, project, c, names, result.diagnostics));
      }
    }
    return result;
  },
};

/** Where a configuration builds: its builder's build folder when it names one inside the project, else `<project>/<configuration>`. */
function buildDirOf(projectDir: string, projectName: string, c: CdtConfiguration): string {
  const plain = path.join(projectDir, c.name);
  if (!c.buildPath) return plain;
  const named = expandCdtPath(c.buildPath.replace(/\$\{workspace_loc:\/[^/}]+\}/, projectDir), { projectDir, projectName, buildDir: projectDir });
  return named ?? plain;
}

function configurationBuild(projectRoot: string, place: CdtPlace, project: DotProject, c: CdtConfiguration, configNames: ReadonlySet<string>, diagnostics: Diagnostic[]): BuildDescription {
  const { projectDir, projectName } = place;
  const cproject = path.join(projectDir, '.cproject');
  const { sources, truncated } = cdtSources(projectDir, project.links, c.sourceEntries, configNames);
  if (truncated) diagnostics.push({ severity: 'warning', file: cproject, message: `configuration ${c.name} names more than ${sources.length} sources; the rest are left out`, fix: 'exclude generated or vendor folders from the build in the project\'s source locations' });
  const unresolved = new Set<string>();
  const units = sources.map((s) => cdtUnit(c, place, s, unresolved));
  if (unresolved.size) diagnostics.push({ severity: 'warning', file: cproject, message: `configuration ${c.name}: ${unresolved.size} include path(s) name a variable this reader cannot resolve (${[...unresolved].slice(0, 3).join(', ')}); they are left out`, fix: 'use ${workspace_loc:/${ProjName}/...}, ${ProjDirPath} or a path relative to the build folder' });
  const linker = settingsFor(c.resources, 'linker', '');
  const script = linker.linkerScript ? expandCdtPath(linker.linkerScript, place) : undefined;
  if (linker.linkerScript && (!script || pathKind(script) !== 'file')) diagnostics.push({ severity: 'warning', file: cproject, message: `configuration ${c.name}: the linker script ${linker.linkerScript} is not there${script ? ` (${relPath(projectRoot, script)})` : ''}; its memory regions are unknown`, fix: 'generate the project\'s code (STM32CubeMX writes the .ld file), or fix the linker script setting' });
  const artifact = expandCdtPath(`${c.artifactName}.${c.artifactExtension}`, place)!;
  const map = artifact.replace(/\.[^./]+$/, '.map');
  const ide = isCubeIde(c) ? 'STM32CubeIDE' : 'Eclipse CDT';
  return {
    buildSystem: 'eclipse-cdt',
    variant: folderVariantName(projectRoot, place.buildDir),
    image: 'app',
    imageType: 'app',
    ...(c.target.mcu ? { board: c.target.mcu } : {}),
    description: `${ide} project ${projectName}, configuration ${c.name}${c.target.mcu ? ` for ${c.target.mcu}` : ''} (${units.length} units, derived from ${relPath(projectRoot, cproject)})`,
    buildDir: place.buildDir,
    units,
    linkerScripts: script && pathKind(script) === 'file' ? [script] : [],
    elfFile: artifact,
    ...(pathKind(map) === 'file' ? { mapFile: map } : { mapCandidates: [map] }),
    provenance: 'derived',
  };
}
