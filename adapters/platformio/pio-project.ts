// The shapes the PlatformIO adapter's modules share: a project as its platformio.ini lays it out, with what its envs
// read once for all of them, and what every build description of one env shares.
import type { BuildDescription, Diagnostic } from '../contract.js';
import type { BoardCache } from './board-manifest.js';
import type { PioFlags } from './build-flags.js';
import type { InstalledPackages } from './installed-packages.js';
import type { FlagCommands } from './flag-commands.js';
import type { LibraryCache } from './library-finder.js';
import type { PioProjectConfig } from './project-config.js';

/** One PlatformIO project folder as its platformio.ini lays it out: envs, default envs and folders. */
export interface PioProject {
  projectDir: string;
  projectRoot: string;
  iniFile: string;
  config: PioProjectConfig;
  envs: string[];
  defaults: string[];
  srcDir: string;
  includeDir: string;
  buildDir: string;
  /** The adapter's own diagnostics (the configuration's come first in the result). */
  diagnostics: Diagnostic[];
  /** Where the project's envs found their boards (see readBoardManifest). */
  boards: BoardCache;
  /** The installed packages the framework builders consult, each file once for all envs. */
  packages: InstalledPackages;
  /** What the envs' library finder reads, once for all envs. */
  libraries: LibraryCache;
  /** PLATFORMIO's value (the core's version), read once when an env is derived. */
  coreVersion?: number;
  /** Envs whose board has no manifest in any folder PlatformIO searches, with their boards. */
  boardsMissing: string[];
  /** Derived envs whose framework builder is not applied, with those frameworks (see frameworksNote). */
  frameworksUnread: string[];
  /** The flag options' command lines: whether they run, their runs and where they were met (flag-commands.ts). */
  flagCommands: FlagCommands;
}

/** What every build description of an env shares, whether read from a compile database or derived. */
export interface EnvShared {
  section: string;
  platform?: string;
  board?: string;
  /** build_flags and the source flags, build_unflags applied, paths resolved. */
  flags: PioFlags;
  /** build_flags and the source flags as written (derived envs add the board's before build_unflags apply). */
  userFlags: PioFlags;
  /** build_flags alone as written: what a library's sources compile with. */
  libraryFlags: PioFlags;
  unflags: string[];
  /** How descriptions name the env (`PlatformIO env NAME`, ` (default)` for a default env). */
  named: string;
  /** Its platform, board and frameworks, as descriptions name them. */
  what: string;
  /** Its `framework` option's names. */
  frameworks: string[];
  base: Omit<BuildDescription, 'description' | 'units' | 'provenance'>;
}
