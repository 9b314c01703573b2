// A PlatformIO env derived from platformio.ini when no compile database was written for it: its build_src_filter's
// sources compiled as its idedata.json says, or else with the guessed toolchain, the board manifest's flags, the
// framework builder's and the libraries its sources include (library-finder.ts).
import path from 'node:path';
import type { BuildDescription, CompileUnit } from '../contract.js';
import { relPath } from '../shared/fs-helpers.js';
import { applyUnflags, concatFlags, debugTargetFlags, defineArgs, definesOf, resolvePaths, type PioFlags } from './build-flags.js';
import { boardFlags, boardOptionsOnly, coreDir, coreVersionMacro, manifestLinkerScript, manifestString, mcuFromBoardId, readBoardManifest, type BoardManifest } from './board-manifest.js';
import { ideDataUnits, readIdeData, staleIdeDataNote } from './idedata.js';
import { compileUnits, envSources, type EnvSource } from './env-units.js';
import { matchSrcFiles } from './src-filter.js';
import { guessToolchain, platformName, toolchainForMcu } from './toolchain.js';
import { arduinoBuilderFlags, asPioFlags, type BuilderInput } from './arduino-builders.js';
import { frameworkFolders } from './framework-folders.js';
import { allLibrarySources, envLibraries, libraryIncludeDirs, libraryUnits, type EnvLibraryContext } from './env-libraries.js';
import type { EnvShared, PioProject } from './pio-project.js';

/** A unit's compiler flags as SCons orders them: its language's (CFLAGS or CXXFLAGS), then both languages' (CCFLAGS). */
function languageFlags(flags: PioFlags, cxx: boolean): string[] {
  return [...(cxx ? flags.cxxFlags : flags.cFlags), ...flags.ccFlags];
}

/**
 * The units of an env derived without idedata.json: the guessed compiler, the env's flags (by language), the
 * project's folders, then its libraries', on the include path.
 */
function deriveUnits(projectDir: string, sources: EnvSource[], srcDir: string, includeDir: string, libDirs: string[], flags: PioFlags, cc: string, cxx: string): CompileUnit[] {
  const includes = [includeDir, srcDir, ...libDirs, ...flags.includeDirs].map((d) => `-I${d}`);
  return compileUnits(projectDir, sources, (isCxx) => ({ compiler: isCxx ? cxx : cc, flags: languageFlags(flags, isCxx) }), defineArgs(flags.defines), includes);
}

/** The env derived from platformio.ini: its build_src_filter's sources, compiled by the toolchain its platform suggests. */
export function derivedEnv(project: PioProject, env: string, shared: EnvShared, wasBuilt: boolean, filesCache: Map<string, string[]>): BuildDescription {
  const { config, srcDir } = project;
  const { section, platform, board } = shared;
  const filter = config.getList(section, 'build_src_filter').join(' ') || config.getList(section, 'src_filter').join(' ') || '+<*> -<.git/> -<.svn/>';
  const key = `${srcDir}\u0000${filter}`;
  let files = filesCache.get(key);
  if (!files) {
    files = matchSrcFiles(srcDir, filter);
    filesCache.set(key, files);
  }
  const tc = guessToolchain(platform, board);
  if (!tc.known && platform) {
    project.diagnostics.push({ severity: 'info', file: config.rawOption(section, 'platform')?.file ?? project.iniFile, line: config.rawOption(section, 'platform')?.line, message: `env '${env}': no known toolchain for platform '${platform}'; derived units name plain gcc`, fix: 'build the env once with `pio run -t compiledb` for exact compile commands' });
  }
  const sources = envSources(files, srcDir, project.buildDir, env);
  const header = `${shared.named} (${wasBuilt ? '' : 'derived, not built: '}${shared.what}; ${files.length} units derived from platformio.ini`;
  const ide = readIdeData(path.join(project.buildDir, env, 'idedata.json'), project.diagnostics);
  if (ide) {
    const stale = staleIdeDataNote(ide, config.files, env);
    if (stale) project.diagnostics.push(stale);
    // Its include folders hold the libraries' (PlatformIO's finder ran); their sources are found here.
    const frameworkLibraryDirs = ideFrameworkLibraries(project, shared, ide.defines);
    const ctx = { ...libraryContext(project, env, shared, sources), frameworkLibraryDirs, defines: { project: ide.defines, libraries: ide.defines } };
    const libSources = allLibrarySources(ctx, envLibraries(ctx, project.libraries));
    return {
      ...shared.base,
      description: `${header}${libSources.length > 0 ? `, ${libSources.length} from its libraries` : ''}, compiled as ${relPath(project.projectRoot, ide.file)} says)`,
      units: ideDataUnits(ide, [...sources, ...libSources], project.projectDir, tc),
      defines: definesOf(ide),
      provenance: 'derived',
    };
  }
  return boardDerivedEnv(project, env, shared, sources, header, tc);
}

/** The Arduino builder's input for the env (arduino-builders.ts), or undefined when it names no platform. */
function builderInput(project: PioProject, shared: EnvShared, manifest: BoardManifest | undefined, defines: PioFlags['defines']): BuilderInput | undefined {
  const board = manifest ?? boardOptionsOnly(project.config, shared.section);
  const uploadProtocol = project.config.get(shared.section, 'upload_protocol')?.trim() || manifestString(board, 'upload.protocol');
  return shared.platform ? { platform: platformName(shared.platform), boardId: shared.board, manifest: board, defines, uploadProtocol, packages: project.packages, projectDir: project.projectDir } : undefined;
}

/** The installed Arduino framework's library storage for an env compiled as its idedata.json says (as a derived env's). */
function ideFrameworkLibraries(project: PioProject, shared: EnvShared, defines: PioFlags['defines']): string[] {
  if (!shared.frameworks.includes('arduino')) return [];
  const input = builderInput(project, shared, readBoardManifest(project.config, shared.section, shared, project.boards, project.diagnostics), defines);
  return (input && frameworkFolders(input)?.libraryDirs) ?? [];
}

/** What the library finder needs of the env (env-libraries.ts). */
function libraryContext(project: PioProject, env: string, shared: EnvShared, sources: EnvSource[]): EnvLibraryContext {
  return { config: project.config, section: shared.section, env, projectDir: project.projectDir, includeDir: project.includeDir, srcDir: project.srcDir, buildDir: project.buildDir, frameworks: shared.frameworks, platform: shared.platform && platformName(shared.platform), sources: sources.map((s) => s.file), diagnostics: project.diagnostics };
}

/** A derived env without idedata.json: compiled with its board's flags and its framework's, with the libraries it includes. */
function boardDerivedEnv(project: PioProject, env: string, shared: EnvShared, sources: EnvSource[], header: string, tc: ReturnType<typeof guessToolchain>): BuildDescription {
  const { platform } = shared;
  const manifest = envManifest(project, env, shared);
  const boardTc = toolchainForMcu(tc, platform, manifestString(manifest, 'build.mcu'));
  const flags = derivedFlags(project, env, shared, boardTc.prefix, manifest);
  const ctx = { ...libraryContext(project, env, shared, sources), frameworkLibraryDirs: flags.libraryDirs, defines: { project: flags.project.defines, libraries: flags.libraries.defines } };
  const libraries = envLibraries(ctx, project.libraries);
  const compile = (f: PioFlags, cxx: boolean) => ({ compiler: cxx ? boardTc.cxx : boardTc.cc, flags: languageFlags(f, cxx) });
  const libUnits = libraries.length > 0 ? libraryUnits(ctx, libraries, flags.libraries, compile) : [];
  const libNote = libraries.length > 0 ? `, ${libUnits.length} from the libraries ${libraries.map((l) => l.lib.name).join(', ')}` : '';
  const fromManifest = manifest && shared.base.linkerScripts.length === 0 ? manifestLinkerScript(manifest, project.projectDir) : undefined;
  const boardNote = !manifest ? '' : manifest.builtIn ? `, board ${shared.board} from the built-in ${platformName(shared.platform ?? '')} table` : manifest.fromId ? `, board ${shared.board}'s MCU from its id` : `, board manifest ${relPath(project.projectRoot, manifest.file)}`;
  return {
    ...shared.base,
    ...(fromManifest ? { linkerScripts: [fromManifest] } : {}),
    description: `${header}${libNote}, compiler ${boardTc.cc} guessed${boardNote})`,
    units: [...deriveUnits(project.projectDir, sources, project.srcDir, project.includeDir, libraryIncludeDirs(libraries), flags.project, boardTc.cc, boardTc.cxx), ...libUnits],
    // What the whole build states: with libraries, the defines their units share (the source flags are the project's alone).
    defines: definesOf(libUnits.length > 0 ? flags.libraries : flags.project),
    provenance: 'derived',
  };
}

/**
 * A derived env's flags as PlatformIO composes them: the platform's and the board's (board-manifest.ts), then
 * build_flags and the source flags, the framework's, a debug build's, build_unflags removing from all of them. Its
 * libraries' sources compile with the same but the source flags.
 */
function derivedFlags(project: PioProject, env: string, shared: EnvShared, prefix: string, manifest: BoardManifest | undefined): { project: PioFlags; libraries: PioFlags; libraryDirs: string[] } {
  project.coreVersion ??= coreVersionMacro(coreDir(project.config));
  const board = boardFlags(prefix, manifest, project.coreVersion);
  const before = concatFlags(board, shared.userFlags);
  const { flags: framework, libraryDirs } = frameworkFlags(project, env, shared, manifest, before);
  // PlatformIO configures a debug build after the framework's builder and before build_unflags.
  const debug = project.config.get(shared.section, 'build_type')?.trim() === 'debug';
  const withDebug = (f: PioFlags) => (debug ? debugTargetFlags(f, project.config.getList(shared.section, 'debug_build_flags')) : f);
  const finish = (f: PioFlags) => resolvePaths(applyUnflags(withDebug(framework ? concatFlags(f, framework) : f), shared.unflags), project.projectDir);
  return { project: finish(before), libraries: finish(concatFlags(board, shared.libraryFlags)), libraryDirs };
}

/**
 * The env's board manifest (board-manifest.ts); an env whose board has none is kept for the missing-boards note, and
 * gets the MCU its board's id names, where it names one.
 */
function envManifest(project: PioProject, env: string, shared: EnvShared): BoardManifest | undefined {
  const manifest = readBoardManifest(project.config, shared.section, shared, project.boards, project.diagnostics);
  if (manifest || !shared.board) return manifest;
  project.boardsMissing.push(`${env} (${shared.board})`);
  return mcuFromBoardId(project.config, shared.section, shared.platform, shared.board);
}

/**
 * The flags the env's framework builder adds after build_flags (arduino-builders.ts), or undefined when it has none
 * in the table: then the env is named in the frameworks note, as it is when the builder needs what derivation lacks.
 */
function frameworkFlags(project: PioProject, env: string, shared: EnvShared, manifest: BoardManifest | undefined, before: PioFlags): { flags?: PioFlags; libraryDirs: string[] } {
  const unread = shared.frameworks.filter((f) => f !== 'arduino');
  let flags: PioFlags | undefined;
  let libraryDirs: string[] = [];
  if (shared.frameworks.includes('arduino')) {
    const input = builderInput(project, shared, manifest, before.defines);
    const built = input && arduinoBuilderFlags(input);
    if (!built) unread.push('arduino');
    else {
      const folders = frameworkFolders(input);
      const own = asPioFlags(built);
      // A folder the builder passes among its CCFLAGS (the STM32 core's variant) precedes every include path.
      flags = { ...own, ccFlags: [...own.ccFlags, ...(folders?.flagIncludeDirs ?? []).map((d) => `-I${d}`)], includeDirs: folders?.includeDirs ?? [] };
      libraryDirs = folders?.libraryDirs ?? [];
      if (built.missing.length > 0) unread.push(`arduino without ${built.missing.join(', ')}`);
    }
  }
  if (unread.length > 0) project.frameworksUnread.push(`${env} (${unread.join('; ')})`);
  return { flags, libraryDirs };
}
