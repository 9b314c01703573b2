// The contract every build-system adapter implements: detect(projectRoot) → builds + diagnostics.
// Adapters know build systems only; they never touch SQLite, tree-sitter or MCP.
import type { Diagnostic } from '../src/model/diagnostic.js';
import type { Discovery, DiscoveryOptions } from './shared/discover-build-dirs.js';

/** Memory regions a project file states (see BuildDescription.statedMemory): each named as its linker would name it. */
export interface StatedMemory {
  /** The project file (absolute) and what in it states them, for the answer (`µVision's Target dialog`). */
  file: string;
  source: string;
  regions: { name: string; origin: string; length: string; attributes: string; line: number }[];
}

export type { Diagnostic };

export type BuildSystem = 'compile_commands' | 'cmake' | 'zephyr' | 'ninja' | 'platformio' | 'mbed' | 'make' | 'eclipse-cdt' | 'keil' | 'iar' | 'ses';

/** One translation unit as the build compiles it. Paths are absolute. */
export interface CompileUnit {
  /** Absolute path of the source file. */
  file: string;
  /** Working directory of the compile command (absolute). */
  directory: string;
  /** argv of the compiler, compiler first (a `command` string is split shell-style). */
  arguments: string[];
  /** Object file, when the build records one. */
  output?: string;
}

/** How an image's linked units were determined. */
/** How an image's linked units were told (see LinkDetermination.method). */
export type LinkMethod = 'ninja-link-edge' | 'map-file' | 'ninja-default-targets' | 'makefile-link' | 'make-dry-run';

export interface LinkDetermination {
  /**
   * `ninja-link-edge`: the image's link edge in build.ninja (Zephyr: the final link), through the static libraries it
   * builds; `map-file`: the objects and archive members the linker's map file shows loaded; `ninja-default-targets`:
   * a folder linking no program, the objects its default targets build (see default-closure.ts); `makefile-link`:
   * the image's link.txt (a CMake Makefile generator), through the static libraries the build archives;
   * `make-dry-run`: the link command a plain Make project's dry run prints, through the archives the run makes.
   */
  method: LinkMethod;
  /** build.ninja, the link.txt or the map file (absolute). */
  source: string;
  /** Objects (and archive members) the link consumes. */
  objects: number;
}

/** The file a build's link command was read from (BuildDescription.linkSource). */
export interface LinkSource {
  file: string;
  /** The link edge's first explicit output as build.ninja writes it (relative to the build folder); none for a link.txt. */
  output?: string;
}

export interface BuildDescription {
  buildSystem: BuildSystem;
  /** Board, PlatformIO env, mbed target, or the build folder's name. */
  variant: string;
  /** Program within the variant: the app, `mcuboot`, a second slot... Single-image builds use `app`. */
  image: string;
  /** Kind of image when known: `app`, `bootloader`, `slot1`... */
  imageType?: string;
  /** True for the image a multi-image variant builds by default (sysbuild's `default` domain). */
  defaultImage?: boolean;
  /** True for the variant the build system builds when none is named (PlatformIO: the first env of default_envs). */
  defaultVariant?: boolean;
  board?: string;
  description: string;
  /** Absolute build folder. */
  buildDir: string;
  /** Absolute path of the compile database this build was read from, when there is one. */
  compileCommands?: string;
  /**
   * The build's units. An adapter may keep them packed until first read (lazy-units.ts keepUntilAsked: a getter
   * makes them); `unitCount` gives their number without making them.
   */
  units: CompileUnit[];
  /** Defines the build system states for the whole build (mbed/PlatformIO derived builds), beyond each unit's own -D. */
  defines?: Record<string, string>;
  kconfig?: { dotConfig?: string; autoconfH?: string };
  /** Linker script(s), absolute. */
  linkerScripts: string[];
  /**
   * Where the build generates its linker script, for a build that names none there yet (absolute; Zephyr's
   * linker.cmd): recorded absent like mapCandidates, so one that appears shows the build's record stale.
   */
  linkerScriptCandidates?: string[];
  /**
   * The memory regions a project file states for a build that has no linker script yet (µVision's Target dialog, from
   * which µVision writes the scatter file when it links): the build's memory while `linkerScripts` is empty.
   */
  statedMemory?: StatedMemory;
  /** argv of the link command, when known (for -L, --defsym, -Map). */
  linkArguments?: string[];
  /**
   * Where `linkArguments` was read (absolute file): a build.ninja (or a file it includes) with the link edge's first
   * explicit output as written there, or a link.txt (no output: the whole file). The record keeps a digest of that
   * text, so status sees a reconfigure that changed only the link command (src/indexer/link-source.ts).
   */
  linkSource?: LinkSource;
  mapFile?: string;
  /**
   * Where the build writes its map file, for a build that names none yet (absolute): the paths the adapter looked
   * at and found nothing. The record keeps them as absent inputs, so a map that appears there (the firmware
   * linked after an index) shows the build's record stale and refreshes it.
   */
  mapCandidates?: string[];
  elfFile?: string;
  /**
   * Source files (absolute) of the units whose objects the image links, when the build records its link;
   * the other units are compiled but not in this image. Undefined: the link is unknown, every unit counts.
   */
  linkedUnits?: string[];
  /**
   * The objects (absolute) of the linked units that record one: of several units compiling one source into
   * different objects, only those whose object is here are in the image. Undefined beside `linkedUnits`: every
   * unit of a linked source counts.
   */
  linkedObjects?: string[];
  linking?: LinkDetermination;
  /** `read`: taken from files the build wrote. `derived`: reconstructed from project files because the build left none. */
  provenance: 'read' | 'derived';
}

export interface AdapterOptions {
  /** Compile databases the config names explicitly (absolute). */
  compileCommandsPaths?: string[];
  /** Folders (absolute) not to look into. */
  excludePaths?: string[];
  /** The build search already run over the project (detectBuilds runs it once and hands it to every adapter). */
  discovery?: Discovery;
  /** How to search when no `discovery` is given: places, depth and time limits, cache file. */
  search?: Omit<DiscoveryOptions, 'excludePaths'>;
  /** Builds to derive from project files even when the project has real builds of that kind ([mbed] / [platformio] derive). */
  derive?: { mbed?: string[]; platformio?: string[] };
  /** Build systems whose flag commands (PlatformIO's `!cmd` build_flags lines) derivation runs ([platformio] dynamic_build_flags = run). */
  runFlagCommands?: { platformio?: boolean };
  /** The project's state folder (`.fw-context`), where `index --build` keeps a make dry run's record (make/dry-run-record.ts). */
  stateDir?: string;
  /** The make dry runs [make] dirs and [make.variants] configure (folder, variant name): only their records are builds, and one not recorded is warned of. */
  makeRuns?: { dir: string; variant?: string }[];
  /** JSON file keeping the last detection with what it consulted (detection-cache.ts); none: always detect. */
  detectionCache?: string;
}

export interface AdapterResult {
  builds: BuildDescription[];
  diagnostics: Diagnostic[];
}

export interface BuildAdapter {
  /** Short name, e.g. `zephyr`. */
  name: string;
  detect(projectRoot: string, options: AdapterOptions): AdapterResult;
}
