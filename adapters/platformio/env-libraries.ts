// The libraries a derived env builds (library-finder.ts) as compile units: each library's sources with the env's
// flags and its own, its folders and its dependencies' on the include path, objects where PlatformIO writes them
// (`<build>/<env>/lib<hash>/<folder>/`); and the folders they add to the project's include path.
import path from 'node:path';
import type { CompileUnit, Diagnostic } from '../contract.js';
import { sha1 } from '../../src/model/sha1.js';
import { defineArgs, type PioFlags } from './build-flags.js';
import { compileUnits, CXX_EXTS, type EnvSource } from './env-units.js';
import { findLibraries, librarySources, type FoundLibrary, type LibraryCache } from './library-finder.js';
import { withLibraryFlags, type PioLibrary } from './pio-library.js';
import type { PioProjectConfig } from './project-config.js';

/** What the env's compile needs from the project. */
export interface EnvLibraryContext {
  config: PioProjectConfig;
  section: string;
  env: string;
  projectDir: string;
  includeDir: string;
  srcDir: string;
  buildDir: string;
  frameworks: string[];
  /** Its platform's name (platformName), when it has one. */
  platform?: string;
  /** The env's own sources (absolute). */
  sources: string[];
  /** Where the finder's warnings go (the project's diagnostics). */
  diagnostics?: Diagnostic[];
  /** The CPPDEFINES its project's sources and its libraries' compile with (the finder's chain+ and deep+ use them). */
  defines?: { project: PioFlags['defines']; libraries: PioFlags['defines'] };
  /** Library storages its installed framework adds (its package's `libraries`), searched last. */
  frameworkLibraryDirs?: string[];
}

/** The env's library storages in PlatformIO's order: lib_extra_dirs, lib_dir, libdeps_dir/<env>, globallib_dir, the framework's. */
function storages(ctx: EnvLibraryContext): string[] {
  const { config, section } = ctx;
  const libdeps = config.folderPath(config.get('platformio', 'libdeps_dir'));
  const dirs = [
    ...config.getList(section, 'lib_extra_dirs').map((d) => config.folderPath(d)),
    config.folderPath(config.get('platformio', 'lib_dir')),
    libdeps && path.join(libdeps, ctx.env),
    config.folderPath(config.get('platformio', 'globallib_dir')),
    ...(ctx.frameworkLibraryDirs ?? []),
  ];
  return [...new Set(dirs.filter((d): d is string => d !== undefined))];
}

/** The libraries the env builds (none when its storages hold none). */
export function envLibraries(ctx: EnvLibraryContext, cache: LibraryCache): FoundLibrary[] {
  const { config, section } = ctx;
  return findLibraries(
    {
      storages: storages(ctx),
      projectIncludeDir: ctx.includeDir,
      srcDir: ctx.srcDir,
      sources: ctx.sources,
      libDeps: config.getList(section, 'lib_deps'),
      libIgnore: config.getList(section, 'lib_ignore'),
      ldfMode: config.get(section, 'lib_ldf_mode')?.trim() || undefined,
      compatMode: config.get(section, 'lib_compat_mode')?.trim() || undefined,
      frameworks: ctx.frameworks,
      platform: ctx.platform,
      defines: ctx.defines,
      diagnostics: ctx.diagnostics,
    },
    cache,
  );
}

/** The folders the libraries add to the project's include path, in the order they were found. */
export function libraryIncludeDirs(found: FoundLibrary[]): string[] {
  return [...new Set(found.flatMap((f) => f.lib.includeDirs))];
}

/** A library's sources as the env's, with the objects PlatformIO writes for them (`<build>/<env>/lib<hash>/<folder>/`). */
function librarySourceFiles(ctx: EnvLibraryContext, lib: PioLibrary): EnvSource[] {
  const out = path.join(ctx.buildDir, ctx.env, `lib${sha1(lib.dir).slice(0, 3)}`, path.basename(lib.dir));
  return librarySources(lib).map((rel) => ({ file: path.join(lib.srcDir, rel), cxx: CXX_EXTS.has(path.extname(rel).toLowerCase()), output: path.join(out, `${rel}.o`) }));
}

/** Every found library's sources (for an env compiled as its idedata.json says, whose include folders hold theirs). */
export function allLibrarySources(ctx: EnvLibraryContext, found: FoundLibrary[]): EnvSource[] {
  return found.flatMap(({ lib }) => librarySourceFiles(ctx, lib));
}

/**
 * One unit per source of each library: `compile` picks the compiler and target flags by language (as the env's
 * units), `envFlags` are the env's flags for libraries (build_flags without the source flags).
 */
export function libraryUnits(ctx: EnvLibraryContext, found: FoundLibrary[], envFlags: PioFlags, compile: (flags: PioFlags, cxx: boolean) => { compiler: string; flags: string[] }): CompileUnit[] {
  return found.flatMap(({ lib, deps }) => {
    const flags = withLibraryFlags(envFlags, lib);
    const includes = [...new Set([...lib.includeDirs, ...deps.flatMap((d) => d.includeDirs), ...flags.includeDirs])].map((d) => `-I${d}`);
    return compileUnits(ctx.projectDir, librarySourceFiles(ctx, lib), (cxx) => compile(flags, cxx), defineArgs(flags.defines), includes);
  });
}
