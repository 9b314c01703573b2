// PlatformIO board manifests (`<board>.json`) found where PlatformIO looks — the project's boards_dir, the core's
// boards folder, the platform's own — with the env's `board_*` options merged in, and the compiler flags a derived
// env takes from them: the core's PLATFORMIO macro and the board's build.extra_flags, the target's -mcpu/-mmcu and F_CPU.
import path from 'node:path';
import type { Diagnostic } from '../contract.js';
import { isDir, isFile, listDirs, readText } from '../shared/fs-helpers.js';
import type { PioProjectConfig } from './project-config.js';
import { parseBuildFlags, type PioFlags } from './build-flags.js';
import { platformName } from './toolchain.js';
import { builtInBoard } from './builtin-boards.js';

/** A board's manifest as the env sees it: the JSON with the env's `board_*` options merged in, and its file. */
export interface BoardManifest {
  file: string;
  data: Record<string, unknown>;
  /** The platform folder the manifest came from (for its `ldscripts`), when it came from one. */
  platformDir?: string;
  /** True when no folder held it and builtin-boards.ts' table gave it (`file` is then ''). */
  builtIn?: boolean;
  /** True when no folder held it and only its MCU is known, from the board's id (`file` is then ''). */
  fromId?: boolean;
}

/**
 * The PlatformIO core version the PLATFORMIO macro names when the installed core cannot be read (6.1.18, as
 * `MMmmpp`): PlatformIO defines it in every build from its own version.
 */
export const DEFAULT_CORE_VERSION = 60118;

/** The core folder ([platformio] core_dir, PLATFORMIO_CORE_DIR or ~/.platformio), unless it needs an unknown home. */
export function coreDir(config: PioProjectConfig): string | undefined {
  return config.folderPath(config.get('platformio', 'core_dir'));
}

/** `<platforms_dir>/<name>`, or the first `<name>@<version>` folder PlatformIO installed the platform as. */
function platformDir(root: string, platform: string): string | undefined {
  if (!isDir(root)) return undefined;
  const name = platformName(platform);
  const exact = path.join(root, name);
  if (isDir(exact)) return exact;
  const versioned = listDirs(root).find((d) => d.startsWith(`${name}@`));
  return versioned ? path.join(root, versioned) : undefined;
}

/** A folder PlatformIO looks for `<board>.json` in, and the platform folder it belongs to (when it does). */
interface BoardDir {
  dir: string;
  platformDir?: string;
}

/** What a project's envs share in finding their boards: the folders searched per platform, manifests parsed per file (null: not valid JSON). */
export interface BoardCache {
  dirs: Map<string, BoardDir[]>;
  manifests: Map<string, Record<string, unknown> | null>;
}

export function newBoardCache(): BoardCache {
  return { dirs: new Map(), manifests: new Map() };
}

/**
 * Where PlatformIO looks for `<board>.json`, in its order: boards_dir, `<core>/boards`, the platform's `boards` (under
 * platforms_dir, `<core>/platforms` by default).
 */
function boardDirs(config: PioProjectConfig, platform: string | undefined): BoardDir[] {
  const dirs: BoardDir[] = [{ dir: path.resolve(config.projectDir, config.get('platformio', 'boards_dir') ?? 'boards') }];
  const core = coreDir(config);
  if (core) dirs.push({ dir: path.join(core, 'boards') });
  const platforms = config.folderPath(config.get('platformio', 'platforms_dir'));
  const pdir = platform && platforms ? platformDir(platforms, platform) : undefined;
  if (pdir) dirs.push({ dir: path.join(pdir, 'boards'), platformDir: pdir });
  return dirs;
}

/** `board_build.mcu = x` → data.build.mcu = x (PlatformIO's BoardConfig.update). */
function mergeOption(data: Record<string, unknown>, dotted: string, value: string): void {
  const keys = dotted.split('.');
  let node = data;
  for (const k of keys.slice(0, -1)) {
    const next = node[k];
    node = (node[k] = next && typeof next === 'object' && !Array.isArray(next) ? next : {}) as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

/**
 * The env's board manifest, or undefined when the env names no board or no folder PlatformIO searches holds it and
 * builtin-boards.ts has none for it (or it is no JSON object: a warning). `cache` keeps the folders searched per
 * platform and each manifest's parse for the project's envs.
 */
export function readBoardManifest(
  config: PioProjectConfig,
  section: string,
  env: { board?: string; platform?: string },
  cache: BoardCache,
  diagnostics: Diagnostic[],
): BoardManifest | undefined {
  const { board, platform } = env;
  if (!board) return undefined;
  let dirs = cache.dirs.get(platform ?? '');
  if (dirs === undefined) cache.dirs.set(platform ?? '', (dirs = boardDirs(config, platform)));
  const found = dirs.map((d) => ({ ...d, file: path.join(d.dir, `${board}.json`) })).find((d) => isFile(d.file));
  if (!found) {
    const builtIn = platform ? builtInBoard(platformName(platform), board) : undefined;
    return builtIn ? { file: '', data: withBoardOptions(config, section, builtIn), builtIn: true } : undefined;
  }
  let parsed = cache.manifests.get(found.file);
  if (parsed === undefined) {
    parsed = parseManifest(found.file, diagnostics);
    cache.manifests.set(found.file, parsed);
  }
  if (!parsed) return undefined;
  return { file: found.file, data: withBoardOptions(config, section, structuredClone(parsed)), platformDir: found.platformDir };
}

/** `data` with the env's `board_*` options merged in, as PlatformIO's BoardConfig.update merges them. */
function withBoardOptions(config: PioProjectConfig, section: string, data: Record<string, unknown>): Record<string, unknown> {
  const options = new Set(config.walkSections(section).flatMap((s) => [...config.sections.get(s)!.options.keys()]));
  for (const option of options) if (option.startsWith('board_')) mergeOption(data, option.slice(6), config.get(section, option) ?? '');
  return data;
}

/**
 * For an AVR board no folder holds whose id names its MCU (`megaatmega2560`, `sanguino_atmega1284p`, `ATmega328P`):
 * that MCU, with the env's `board_*` options over it, so the env compiles for its device; its clock and board
 * defines stay unknown.
 */
export function mcuFromBoardId(config: PioProjectConfig, section: string, platform: string | undefined, board: string): BoardManifest | undefined {
  if (!platform || platformName(platform) !== 'atmelavr') return undefined;
  const mcu = /(atmega\d+[a-z]*|attiny\d+[a-z]*|at90usb\d+)/i.exec(board)?.[1]?.toLowerCase();
  return mcu ? { file: '', data: withBoardOptions(config, section, { build: { mcu } }), fromId: true } : undefined;
}

/**
 * What the env's `board_*` options alone say of its board (`board_build.mcu = ...`), for a board no folder holds a
 * manifest of: a manifest of those fields, named by the env's section's file; undefined when it sets none.
 */
export function boardOptionsOnly(config: PioProjectConfig, section: string): BoardManifest | undefined {
  const data = withBoardOptions(config, section, {});
  return Object.keys(data).length > 0 ? { file: config.rawOption(section, 'board')?.file ?? '', data } : undefined;
}

function parseManifest(file: string, diagnostics: Diagnostic[]): Record<string, unknown> | null {
  try {
    const data = JSON.parse(readText(file) ?? '') as unknown;
    if (data && typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
    throw new Error('the manifest is not a JSON object');
  } catch (e) {
    diagnostics.push({ severity: 'warning', file, message: `board manifest is not valid JSON (${(e as Error).message}); the env is derived without it`, fix: 'correct the JSON, or remove the file to use the platform\'s manifest' });
    return null;
  }
}

/** A field of the manifest by dotted path (`build.cpu`), or undefined (always, for no manifest). */
export function manifestField(m: BoardManifest | undefined, dotted: string): unknown {
  let node: unknown = m?.data;
  for (const k of dotted.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined;
  return node;
}

/** A string (or number) field of the manifest as a string, or undefined (always, for no manifest). */
export function manifestString(m: BoardManifest | undefined, dotted: string): string | undefined {
  const node = manifestField(m, dotted);
  return typeof node === 'string' || typeof node === 'number' ? String(node) : undefined;
}

/** A field that is a string or a list of strings (build.extra_flags may be either), as a list. */
function manifestStrings(m: BoardManifest | undefined, dotted: string): string[] {
  const node = manifestField(m, dotted);
  if (Array.isArray(node)) return node.filter((x): x is string => typeof x === 'string');
  return typeof node === 'string' ? [node] : [];
}

/** The core's version as PLATFORMIO's value (`6.1.18` → 60118), read from the core's Python package when installed. */
export function coreVersionMacro(core: string | undefined): number {
  const penv = core ? path.join(core, 'penv', 'lib') : undefined;
  if (!penv || !isDir(penv)) return DEFAULT_CORE_VERSION;
  for (const py of listDirs(penv)) {
    const text = readText(path.join(penv, py, 'site-packages', 'platformio', '__init__.py'));
    const m = text && /^VERSION\s*=\s*\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/m.exec(text);
    if (m) return Number(m[1]) * 10000 + Number(m[2]) * 100 + Number(m[3]);
  }
  return DEFAULT_CORE_VERSION;
}

/**
 * Target flags the platform's builder takes from the board for the toolchain `prefix` (see toolchain.ts): Arm
 * compiles Thumb code for build.cpu, AVR and MSP430 for build.mcu; other targets need their platform's builder.
 */
function targetFlags(prefix: string, m: BoardManifest): string[] {
  const cpu = manifestString(m, 'build.cpu');
  const mcu = manifestString(m, 'build.mcu');
  if (prefix === 'arm-none-eabi' && cpu) return [`-mcpu=${cpu}`, '-mthumb'];
  if ((prefix === 'avr' || prefix === 'msp430') && mcu) return [`-mmcu=${mcu}`];
  return [];
}

/**
 * What a derived env's compile commands take from PlatformIO itself and the board before its build_flags, in the
 * order the core applies them: the platform's target flags and F_CPU, PLATFORMIO, then the board's build.extra_flags.
 */
export function boardFlags(prefix: string, m: BoardManifest | undefined, coreVersion: number): PioFlags {
  const flags = parseBuildFlags(manifestStrings(m, 'build.extra_flags'));
  const fCpu = manifestString(m, 'build.f_cpu');
  const own: [string, string | undefined][] = [...(fCpu ? [['F_CPU', fCpu] as [string, string]] : []), ['PLATFORMIO', String(coreVersion)]];
  return { ...flags, defines: [...own, ...flags.defines], ccFlags: [...(m ? targetFlags(prefix, m) : []), ...flags.ccFlags] };
}

/** The manifest's build.ldscript: a path as written (from the project folder), else the platform's `ldscripts` folder. */
export function manifestLinkerScript(m: BoardManifest, projectDir: string): string | undefined {
  const name = manifestString(m, 'build.ldscript');
  if (!name) return undefined;
  const candidates = [path.resolve(projectDir, name), ...(m.platformDir ? [path.join(m.platformDir, 'ldscripts', name)] : [])];
  return candidates.find((c) => isFile(c));
}
