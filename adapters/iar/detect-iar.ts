// IAR Embedded Workbench for Arm projects (EWARM): each `.ewp` the build search found gives a build per
// configuration of the Arm toolchain, derived from the project file as the IDE compiles it: the C and C++ files of
// its groups not excluded from the configuration, each with the configuration's ICCARM options as its groups and
// itself override them. A variant per configuration, named after it (after the project's folder too when the tree
// holds several projects). Its ILINK configuration (.icf) gives its memory. Assembler files (IAR syntax) are not
// indexed; include paths through the IAR install (`$TOOLKIT_DIR$`, its CMSIS when the project uses it) are not on
// this machine, which the diagnostics say.
import path from 'node:path';
import type { AdapterResult, BuildAdapter, BuildDescription, Diagnostic } from '../contract.js';
import { isCFamilySource, isCxxFile } from '../../src/model/source-suffixes.js';
import { discoveryFor, dirsWithSuffix, ideProjectFiles } from '../shared/discover-build-dirs.js';
import { pathKind, readDetectedText } from '../shared/detect-inputs.js';
import { ideVariantName, relPath } from '../shared/fs-helpers.js';
import { idePathResolver } from '../shared/ide-paths.js';
import { iarCore, iarDevice, iarPath, iarUnit, type IarPlace } from './iar-units.js';
import { optionOf, readEwp, type IarConfiguration, type IarFile } from './read-ewp.js';

export const iarAdapter: BuildAdapter = {
  name: 'iar',
  detect(projectRoot, options): AdapterResult {
    const result: AdapterResult = { builds: [], diagnostics: [] };
    const discovery = discoveryFor(projectRoot, options);
    const found = dirsWithSuffix(discovery, '.ewp').flatMap((d) => d.files.map((f) => path.join(d.shownAs, f)));
    const projectFiles = ideProjectFiles(discovery);
    for (const projectFile of found) {
      const text = readDetectedText(projectFile);
      if (text === undefined) continue;
      const { configurations, files, error } = readEwp(text);
      if (error) {
        result.diagnostics.push({ severity: 'warning', file: projectFile, message: `no build read from this IAR Embedded Workbench project: ${error}`, fix: 'open the project in Embedded Workbench and save it, or build it and index a compile database' });
        continue;
      }
      const other = configurations.filter((c) => c.toolchain !== 'ARM').map((c) => c.name);
      if (other.length) result.diagnostics.push({ severity: 'info', file: projectFile, message: `configuration(s) ${other.join(', ')} use an IAR toolchain other than Arm's: not read`, fix: 'index such a configuration from a compile database of its build, if one can be made' });
      for (const c of configurations.filter((x) => x.toolchain === 'ARM')) result.builds.push(configurationBuild(projectRoot, projectFile, c, files, ideVariantName(projectRoot, projectFiles, projectFile, c.name), result.diagnostics));
    }
    return result;
  },
};

function configurationBuild(projectRoot: string, projectFile: string, c: IarConfiguration, files: IarFile[], variant: string, diagnostics: Diagnostic[]): BuildDescription {
  const projectDir = path.dirname(projectFile);
  const place: IarPlace = { projectDir, resolve: idePathResolver(projectDir), projectName: path.basename(projectFile, '.ewp'), foreign: new Set() };
  const folder = (option: string, fallback: string) => iarPath(place, c.name, optionOf(c, undefined, 'General', option)?.[0] || fallback) ?? path.join(projectDir, fallback);
  const objDir = folder('ObjPath', `${c.name}/Obj`);
  const exeDir = folder('ExePath', `${c.name}/Exe`);
  const units = [];
  const missing: string[] = [];
  let assembler = 0;
  for (const f of files.filter((x) => !x.excluded.has(c.name))) {
    const abs = iarPath(place, c.name, f.path);
    if (!abs || !isCFamilySource(abs)) {
      if (/\.(s|asm|s79|msa)$/i.test(f.path)) assembler++;
      continue;
    }
    if (pathKind(abs) !== 'file') missing.push(f.path);
    else units.push(iarUnit(c, place, f, abs, isCxxFile(abs), objDir));
  }
  const icfWritten = optionOf(c, undefined, 'ILINK', 'IlinkIcfFile')?.[0];
  const icf = icfWritten ? iarPath(place, c.name, icfWritten) : undefined;
  configurationDiagnostics(projectFile, c, { foreign: place.foreign, missing, assembler }, diagnostics);
  const device = iarDevice(c);
  return {
    buildSystem: 'iar',
    variant,
    image: 'app',
    imageType: 'app',
    ...(device ? { board: device } : {}),
    description: `IAR Embedded Workbench project ${path.basename(projectFile)}, configuration ${c.name}${device ? ` for ${device}` : ''} (${units.length} units, derived from ${relPath(projectRoot, projectFile)})`,
    buildDir: path.dirname(exeDir),
    units,
    linkerScripts: icf && pathKind(icf) === 'file' ? [icf] : [],
    elfFile: path.join(exeDir, `${place.projectName}.out`),
    provenance: 'derived',
  };
}

/** What the derivation could not follow: paths through the IAR install or unknown variables, files not there, assembler files, an unknown core. */
function configurationDiagnostics(projectFile: string, c: IarConfiguration, seen: { foreign: Set<string>; missing: string[]; assembler: number }, diagnostics: Diagnostic[]): void {
  if (seen.foreign.size) diagnostics.push({ severity: 'warning', file: projectFile, message: `configuration ${c.name}: ${seen.foreign.size} path(s) name the IAR install, another drive, a variable not known here or a folder above the root (${[...seen.foreign].slice(0, 3).join(', ')}); they are left out`, fix: 'name those folders relative to $PROJ_DIR$, with the headers in the project' });
  if (optionOf(c, undefined, 'General', 'OGUseCmsis')?.[0] === '1') diagnostics.push({ severity: 'info', file: projectFile, message: `configuration ${c.name} uses the CMSIS headers of the IAR install: they are not indexed`, fix: 'add the project\'s own CMSIS Include folder to its include paths' });
  if (seen.missing.length) diagnostics.push({ severity: 'warning', file: projectFile, message: `configuration ${c.name}: ${seen.missing.length} source file(s) the project names are not there (${seen.missing.slice(0, 3).join(', ')})`, fix: 'generate the missing code (STM32CubeMX or the vendor\'s configurator), fetch the SDK the project expects beside it, or remove the files from the project' });
  if (seen.assembler) diagnostics.push({ severity: 'info', file: projectFile, message: `configuration ${c.name}: ${seen.assembler} assembler file(s) in IAR syntax are not indexed` });
  if (!iarCore(c)) diagnostics.push({ severity: 'warning', file: projectFile, message: `configuration ${c.name}: its core is not known to fw-context (device ${iarDevice(c) ?? 'not named'}); the compiler's target macros are those of no particular core`, fix: 'report the device and core to fw-context; meanwhile index a compile database of the build' });
}
