// Reads and writes `.fw-context/config.ini` with the `ini` package: [build] defaults and search places,
// [index] path lists, [mbed]/[platformio] builds to derive, [make] dry runs, [variants] renames of build folders. Missing keys get defaults; unknown keys are kept but ignored.
import fs from 'node:fs';
import path from 'node:path';
import type IniModule from 'ini';
import type { Diagnostic } from '../model/diagnostic.js';
import { requirePackage } from '../model/require-package.js';
import { lintConfig } from './config-lint.js';

const ini = requirePackage('ini') as typeof IniModule;

export const STATE_DIR = '.fw-context';
export const CONFIG_FILE = 'config.ini';
export const INDEX_FILE = 'index.db';

export interface ProjectConfig {
  defaultVariant: string | null;
  defaultImage: string | null;
  /** Compile databases named explicitly (relative to the root as written). */
  compileCommands: string[];
  vendorPaths: string[];
  projectPaths: string[];
  excludePaths: string[];
  /** Build folder (relative) → variant name. */
  variantNames: Record<string, string>;
  /** Where the build search looks: folders or globs relative to the root (`.` = the whole tree); empty = the whole tree. */
  buildDirs: string[];
  /** mbed targets to derive from project files even when the project has real mbed builds. */
  mbedDerive: string[];
  /** PlatformIO envs to derive even when other envs of their project were built. */
  platformioDerive: string[];
  /** Whether derivation runs build_flags' command lines (`!cmd`) as PlatformIO does ([platformio] dynamic_build_flags = run). */
  platformioRunFlagCommands: boolean;
  /** Arguments `index --build` gives a plain Make project's dry run (`BOARD=nrf52840dk all`), as a shell line ([make] args). */
  makeArgs: string;
  /** Folders holding a plain Make project's Makefiles to dry-run, one variant each ([make] dirs); empty: the root. */
  makeDirs: string[];
  /** Dry runs of their own, one variant each: name → make arguments after [make] args (`-C dir` picks the folder) ([make.variants]). */
  makeVariants: Record<string, string>;
}

export const DEFAULT_CONFIG: ProjectConfig = {
  defaultVariant: null,
  defaultImage: null,
  compileCommands: [],
  vendorPaths: [],
  projectPaths: [],
  excludePaths: [],
  variantNames: {},
  buildDirs: [],
  mbedDerive: [],
  platformioDerive: [],
  platformioRunFlagCommands: false,
  makeArgs: '',
  makeDirs: [],
  makeVariants: {},
};

function list(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String).map((s) => s.trim()).filter(Boolean);
  if (typeof v !== 'string') return [];
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/** A section's `key = value` lines (a sub-section, an object, is not one). */
function stringEntries(section: unknown): Record<string, string> {
  if (!section || typeof section !== 'object') return {};
  return Object.fromEntries(Object.entries(section).filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, String(v).trim()]));
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

export function configPath(root: string): string {
  return path.join(root, STATE_DIR, CONFIG_FILE);
}

export function indexPath(root: string): string {
  return path.join(root, STATE_DIR, INDEX_FILE);
}

/** The folder of the compilers' answers (implicit macros, system include dirs), kept beside the index. */
export function compilerCachePath(root: string): string {
  return path.join(root, STATE_DIR, 'compilers');
}

export function parseConfig(text: string): ProjectConfig {
  const data = ini.parse(text) as Record<string, Record<string, unknown>>;
  const build = data.build ?? {};
  const index = data.index ?? {};
  const variants = data.variants ?? {};
  const make = data.make ?? {};
  const mbed = data.mbed ?? {};
  const platformio = data.platformio ?? {};
  return {
    defaultVariant: str(build.default_variant),
    defaultImage: str(build.default_image),
    compileCommands: list(build.compile_commands),
    vendorPaths: list(index.vendor_paths),
    projectPaths: list(index.project_paths),
    excludePaths: list(index.exclude_paths),
    variantNames: stringEntries(variants),
    buildDirs: list(build.dirs),
    mbedDerive: list(mbed.derive),
    platformioDerive: list(platformio.derive),
    platformioRunFlagCommands: str(platformio.dynamic_build_flags)?.toLowerCase() === 'run',
    makeArgs: str(make.args) ?? '',
    makeDirs: list(make.dirs),
    makeVariants: stringEntries(make.variants),
  };
}

export function readConfig(root: string): ProjectConfig {
  const p = configPath(root);
  if (!fs.existsSync(p)) return { ...DEFAULT_CONFIG };
  return parseConfig(fs.readFileSync(p, 'utf8'));
}

/** Lines of the config file the reader passes over in silence (typos, an unclosed section header), as warnings. */
export function readConfigProblems(root: string): Diagnostic[] {
  const p = configPath(root);
  return fs.existsSync(p) ? lintConfig(fs.readFileSync(p, 'utf8'), p) : [];
}

export function renderConfig(cfg: ProjectConfig): string {
  const lines = [
    '; fw-context project settings. Lists are comma-separated; paths are relative to the project root.',
    '[build]',
    '; Build that queries use when they name none (required only when the project has several builds).',
    `default_variant = ${cfg.defaultVariant ?? ''}`,
    `default_image = ${cfg.defaultImage ?? ''}`,
    '; Extra compile_commands.json files or folders to read, besides the ones found automatically.',
    `compile_commands = ${cfg.compileCommands.join(', ')}`,
    '; Where to search for builds: folders or globs (samples/*/build*); `.` is the whole tree (the default).',
    '; Write `., /mnt/fast/builds` to add a place outside the tree; exclude_paths below still wins.',
    `dirs = ${cfg.buildDirs.join(', ')}`,
    '',
    '[mbed]',
    '; Targets to derive from mbed_app/targets.json even though the project has real mbed builds ("derived, not built").',
    `derive = ${cfg.mbedDerive.join(', ')}`,
    '',
    '[platformio]',
    '; Envs to derive from platformio.ini even though other envs of the project were built ("derived, not built").',
    `derive = ${cfg.platformioDerive.join(', ')}`,
    '; `run`: run build_flags lines that are commands (`!python script.py`) in a shell in the project folder, as',
    '; PlatformIO does, and read what they print as flags. `skip` (the default): leave them out (a note names them).',
    `dynamic_build_flags = ${cfg.platformioRunFlagCommands ? 'run' : 'skip'}`,
    '',
    '[make]',
    '; A plain Make project is read from a dry run (`make -nBwk`) that `fw-context index --build` runs in the root;',
    '; arguments for it, as on make\'s command line (variables and goals: BOARD=nrf52840dk all).',
    `args = ${cfg.makeArgs}`,
    '; Folders whose Makefile is dry-run instead of the root\'s, one variant each (a Makefile per board).',
    `dirs = ${cfg.makeDirs.join(', ')}`,
    '',
    '[make.variants]',
    '; Builds of their own, one variant each: <variant name> = make arguments after [make] args, e.g.',
    '; pca10056 = BOARD=pca10056 (one Makefile, several boards); -C <folder> runs that folder\'s Makefile.',
    ...Object.entries(cfg.makeVariants).map(([k, v]) => `${k} = ${v}`),
    '',
    '[index]',
    '; Folders holding SDK/HAL code: indexed, but flagged vendor (project_only searches skip them).',
    `vendor_paths = ${cfg.vendorPaths.join(', ')}`,
    '; Folders that are always project code, even inside a default vendor folder such as modules/.',
    `project_paths = ${cfg.projectPaths.join(', ')}`,
    '; Folders never indexed.',
    `exclude_paths = ${cfg.excludePaths.join(', ')}`,
    '',
    '[variants]',
    '; Rename a build: <build folder> = <variant name>, e.g. build/Debug = debug',
    ...Object.entries(cfg.variantNames).map(([k, v]) => `${k} = ${v}`),
    '',
  ];
  return lines.join('\n');
}

export function writeConfig(root: string, cfg: ProjectConfig): string {
  const p = configPath(root);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, renderConfig(cfg));
  return p;
}

/** Nearest folder at or above `start` that holds `.fw-context/`, or null. */
export function findProjectRoot(start: string): string | null {
  let dir = path.resolve(start);
  for (;;) {
    if (fs.existsSync(path.join(dir, STATE_DIR))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}
