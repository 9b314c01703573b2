// Reads one Zephyr image build folder (a plain build, or one sysbuild domain): compile_commands.json (or
// the compile edges of build.ninja when there is none), zephyr/.config, autoconf.h (Zephyr 4.x and older
// location), zephyr/linker.cmd, zephyr.map, zephyr.elf and the final link command of build.ninja.
import path from 'node:path';
import type { CompileUnit, Diagnostic, LinkSource } from '../contract.js';
import { readCompileDatabase } from '../compile-commands/read-compile-database.js';
import { firstFile, isFile } from '../shared/fs-helpers.js';
import { parseNinjaManifest } from '../ninja/parse-ninja.js';
import { chooseLink, linkSourceOf, recoverFromManifest } from '../ninja/recover-units.js';
import { readZephyrBuildInfo, type ZephyrBuildInfo } from './read-build-info.js';
import { linkedObjects } from '../ninja/link-closure.js';
import type { LinkedObjects } from '../shared/linked-units.js';

export interface ZephyrImage {
  dir: string;
  info: ZephyrBuildInfo;
  units: CompileUnit[];
  compileCommands?: string;
  dotConfig?: string;
  autoconfH?: string;
  linkerScripts: string[];
  linkArguments?: string[];
  linkSource?: LinkSource;
  mapFile?: string;
  /** Where the link writes zephyr.map, when no map is named yet (BuildDescription.mapCandidates). */
  mapCandidates?: string[];
  /** Where the build generates linker.cmd, when it is not named yet (BuildDescription.linkerScriptCandidates). */
  linkerScriptCandidates?: string[];
  elfFile?: string;
  /** The objects the image's final link consumes (from build.ninja). */
  link?: LinkedObjects;
  diagnostics: Diagnostic[];
}

export function readZephyrImage(dir: string): ZephyrImage {
  const diagnostics: Diagnostic[] = [];
  const info = readZephyrBuildInfo(dir, diagnostics);
  const img: ZephyrImage = { dir, info, units: [], linkerScripts: [], diagnostics };
  const db = path.join(dir, 'compile_commands.json');
  const ninja = path.join(dir, 'build.ninja');
  const z = (...p: string[]) => path.join(dir, 'zephyr', ...p);
  const elf = z('zephyr.elf');
  // build.ninja gives the final link command (and the units when there is no compile database).
  const manifest = isFile(ninja) ? parseNinjaManifest(ninja) : undefined;
  const recovered = manifest ? recoverFromManifest(manifest) : undefined;
  if (manifest && recovered) diagnostics.push(...manifest.diagnostics, ...recovered.diagnostics);
  const r = isFile(db) ? readCompileDatabase(db) : undefined;
  if (r && (r.units.length > 0 || !recovered?.units.length)) {
    img.units = r.units;
    img.compileCommands = db;
    diagnostics.push(...r.diagnostics);
  } else if (r && recovered) {
    // An empty, unusable or unreadable database beside a build.ninja that compiles units: the build is read from the ninja file.
    img.units = recovered.units;
    diagnostics.push(...r.diagnostics.map((d) => ({ ...d, severity: 'warning' as const, message: `${d.message}; the ${recovered.units.length} compile units are recovered from build.ninja instead` })));
  } else if (recovered) {
    img.units = recovered.units;
    diagnostics.push({ severity: 'info', file: db, message: 'no compile database; compile units recovered from build.ninja' });
  } else {
    diagnostics.push({
      severity: 'warning',
      file: db,
      message: 'Zephyr build folder without compile_commands.json or build.ninja: no compile units',
      fix: 'build it once with `west build` (Zephyr exports the compile database by default), then run `fw-context index --build`',
    });
  }
  img.dotConfig = firstFile([z('.config')]);
  img.autoconfH = firstFile([z('include', 'generated', 'zephyr', 'autoconf.h'), z('include', 'generated', 'autoconf.h')]);
  const linkerCmd = firstFile([z('linker.cmd')]);
  // The final link (zephyr.elf; zephyr_pre0.elf when the build stopped before it) is the image.
  const link = recovered ? (recovered.links.find((l) => l.outputs.includes(elf)) ?? recovered.links.find((l) => l.outputs.includes(z('zephyr_pre0.elf'))) ?? chooseLink(recovered.links, elf)) : undefined;
  if (link && manifest) img.link = { method: 'ninja-link-edge', source: ninja, objects: linkedObjects(manifest, link) };
  if (link) {
    img.linkArguments = link.argv;
    img.linkSource = linkSourceOf(link);
    img.linkerScripts = link.info.linkerScripts;
    img.mapFile = link.info.mapFile;
    img.elfFile = link.info.output;
  }
  if (linkerCmd) img.linkerScripts = [linkerCmd, ...img.linkerScripts.filter((s) => s !== linkerCmd)];
  else if (!img.linkerScripts.includes(z('linker.cmd'))) img.linkerScriptCandidates = [z('linker.cmd')];
  img.mapFile = firstFile([z('zephyr.map')]) ?? img.mapFile;
  if (!img.mapFile) img.mapCandidates = [z('zephyr.map')];
  img.elfFile = firstFile([elf]) ?? img.elfFile;
  return img;
}
