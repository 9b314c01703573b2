// One folder of a PlatformIO library storage as PlatformIO's library builders read it: its kind (library.json:
// PlatformIO's; library.properties, keywords.txt or an #include <Arduino.h>: Arduino's; else plain), name, source
// and include folders, source filter, build flags, declared dependencies and the frameworks it is compatible with.
import path from 'node:path';
import { isDir, isFile, readText } from '../shared/fs-helpers.js';
import { applyUnflags, concatFlags, parseBuildFlags, resolvePaths, type PioFlags } from './build-flags.js';
import type { IncludeLine } from '../shared/include-lines.js';

export interface PioLibrary {
  dir: string;
  kind: 'platformio' | 'arduino' | 'plain';
  name: string;
  srcDir: string;
  /** The folders the library adds to the include path, in order: include, src (or the folder), utility, its -I. */
  includeDirs: string[];
  srcFilter: string;
  /** Arduino's builder leaves out .asm sources. */
  skipAsm: boolean;
  /** build.flags of library.json, paths resolved against the library; applied with build.unflags by withLibraryFlags. */
  flags: PioFlags;
  unflags: string[];
  /** build.libLDFMode and build.libCompatMode of library.json, when given. */
  ldfMode?: string;
  compatMode?: string;
  /** An Arduino library whose library.properties lists `depends` (its finder then evaluates conditionals, chain+). */
  arduinoDepends?: boolean;
  /** The platforms it builds for (undefined: any): library.json's `platforms`, library.properties' `architectures`. */
  platforms?: string[];
  /** The frameworks it builds with (undefined: any). */
  frameworks?: string[];
  /** Names (and owners) of library.json's dependencies. */
  dependencies: LibrarySpec[];
  /** Why its library.json was read as empty (PlatformIO's "Ignoring broken library manifest"), when it was. */
  brokenManifest?: { file: string; line?: number; message: string };
  /** What the package manager recorded when it installed the library (.piopm), when it did. */
  installed?: { name?: string; owner?: string; uri?: string };
}

/** A library named by lib_deps or a dependency list: `owner/name@version`, `name`, or a URL. */
export interface LibrarySpec {
  name?: string;
  owner?: string;
  uri?: string;
}

const BASE_FILTER = '+<*> -<.git/> -<.svn/> -<example/> -<examples/> -<test/> -<tests/>';
const ARDUINO_FLAT_EXTS = ['c', 'cc', 'cpp', 'cxx', 'c++', 'S', 'spp', 'SPP', 'sx', 's', 'h', 'hpp'];

/** `bblanchon/ArduinoJson@^6.21`, `SPI`, `https://host/x.zip` → its name, owner or URI. */
export function parseLibrarySpec(spec: string): LibrarySpec {
  const s = spec.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s) || /\.(git|zip|tar\.gz)(#.*)?$/.test(s)) return { uri: s };
  const bare = s.replace(/\s*@.*$/, '').replace(/\s*[=<>~^].*$/, '');
  const slash = bare.lastIndexOf('/');
  return slash < 0 ? { name: bare } : { owner: bare.slice(0, slash), name: bare.slice(slash + 1) };
}

function readJson(file: string): Record<string, unknown> | undefined {
  const text = readText(file);
  try {
    const v = text === undefined ? undefined : (JSON.parse(text) as unknown);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Where JSON.parse stopped, as line and column of `text` (Node gives the position, newer ones the line too). */
function jsonErrorAt(text: string, message: string): { line?: number; column?: number } {
  const lc = /\(line (\d+) column (\d+)\)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /at position (\d+)/.exec(message);
  if (!pos) return {};
  const before = text.slice(0, Number(pos[1])).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/**
 * library.json as PlatformIO's manifest parser takes it: an object, else (invalid JSON, not an object, dependencies
 * neither a list nor a map) broken, with where and why; undefined when there is none.
 */
function readManifest(file: string): { json: Record<string, unknown>; broken?: PioLibrary['brokenManifest'] } | undefined {
  const text = readText(file);
  if (text === undefined) return undefined;
  let why: string;
  let at: { line?: number; column?: number } = {};
  try {
    const v = JSON.parse(text) as unknown;
    const deps = v && typeof v === 'object' ? (v as Record<string, unknown>).dependencies : undefined;
    if (!v || typeof v !== 'object' || Array.isArray(v)) why = 'it is not a JSON object';
    else if ('dependencies' in v && (deps === null || typeof deps !== 'object')) why = 'its dependencies are neither a list nor a map';
    else return { json: v as Record<string, unknown> };
  } catch (e) {
    at = jsonErrorAt(text, (e as Error).message);
    why = `invalid JSON: ${(e as Error).message.replace(/ in JSON at position \d+.*$/, '')}${at.line ? ` at line ${at.line}, column ${at.column}` : ''}`;
  }
  return { json: {}, broken: { file, line: at.line, message: why } };
}

/** library.properties' `key=value` lines. */
function readProperties(file: string): Record<string, string> | undefined {
  const text = readText(file);
  if (text === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const eq = line.indexOf('=');
    if (eq > 0 && !line.trimStart().startsWith('#')) out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return out;
}

/** library.properties' architectures as PlatformIO's parser names their platforms (others are left out). */
const ARCH_PLATFORMS: Record<string, string> = { avr: 'atmelavr', sam: 'atmelsam', samd: 'atmelsam', esp8266: 'espressif8266', esp32: 'espressif32', arc32: 'intel_arc32', stm32: 'ststm32', nrf52: 'nordicnrf52', rp2040: 'raspberrypi' };

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? v.split(',').map((x) => x.trim()).filter(Boolean) : []);
const firstDir = (dir: string, names: string[]) => names.map((n) => path.join(dir, n)).find(isDir);

/** library.json's dependencies: a list of {name, owner} or of specs, or a map of names to versions. */
function jsonDependencies(v: unknown): LibrarySpec[] {
  if (!Array.isArray(v)) return v && typeof v === 'object' ? Object.keys(v).map((k) => parseLibrarySpec(k)) : [];
  return v.flatMap((d): LibrarySpec[] => {
    if (typeof d === 'string') return [parseLibrarySpec(d)];
    const entry = d && typeof d === 'object' ? (d as Record<string, unknown>) : {};
    return typeof entry.name === 'string' ? [{ name: entry.name, owner: typeof entry.owner === 'string' ? entry.owner : undefined }] : [];
  });
}

/** A manifest's list as PlatformIO normalizes it (lower case, once each); undefined for none or `*` (any). */
function anyOrList(items: string[]): string[] | undefined {
  const list = [...new Set(items.map((i) => i.trim().toLowerCase()).filter(Boolean))];
  return list.length === 0 || list.includes('*') ? undefined : list;
}

/** The platforms a library builds for: library.json's (`espressif` read as espressif8266), an Arduino library's architectures. */
function libraryPlatforms(kind: PioLibrary['kind'], json: Record<string, unknown> | undefined, props: Record<string, string> | undefined): string[] | undefined {
  if (kind === 'platformio') return anyOrList(asList(json?.platforms).map((p) => (p.trim().toLowerCase() === 'espressif' ? 'espressif8266' : p)));
  if (kind !== 'arduino') return undefined;
  const archs = asList(props?.architectures).map((a) => a.trim());
  return archs.includes('*') ? undefined : anyOrList(archs.flatMap((a) => ARCH_PLATFORMS[a] ?? []));
}

/** Which framework a manifest-less library's sources build with: the first that includes Arduino.h or mbed.h. */
function usedFramework(files: string[], includes: (file: string) => IncludeLine[]): 'arduino' | 'mbed' | undefined {
  for (const f of files) {
    if (path.basename(f) === 'mbed_lib.json') return 'mbed';
    if (!/\.(c|cc|cpp|cxx|c\+\+|S|spp|SPP|sx|s|asm|ASM|h|hpp)$/.test(f)) continue;
    for (const inc of includes(f)) {
      if (inc.name === 'Arduino.h') return 'arduino';
      if (inc.name === 'mbed.h') return 'mbed';
    }
  }
  return undefined;
}

/** Arduino's source filter: src/ whole, else the folder's own sources and utility/'s. */
function arduinoFilter(dir: string): string {
  if (isDir(path.join(dir, 'src'))) return BASE_FILTER;
  const utility = isDir(path.join(dir, 'utility'));
  return ARDUINO_FLAT_EXTS.flatMap((e) => [`+<*.${e}>`, ...(utility ? [`+<utility/*.${e}>`] : [])]).join(' ');
}

/**
 * The library in `dir`; `files` are its files (absolute, sorted), `includes` reads a file's #include lines (for a
 * library with no manifest, whose framework its sources tell).
 */
export function readLibrary(dir: string, files: string[], includes: (file: string) => IncludeLine[]): PioLibrary {
  const manifest = readManifest(path.join(dir, 'library.json'));
  const json = manifest?.json;
  const props = readProperties(path.join(dir, 'library.properties'));
  const piopm = readJson(path.join(dir, '.piopm'));
  const spec = piopm?.spec && typeof piopm.spec === 'object' ? (piopm.spec as Record<string, unknown>) : {};
  const installed = piopm ? { name: typeof piopm.name === 'string' ? piopm.name : undefined, owner: typeof spec.owner === 'string' ? spec.owner : undefined, uri: typeof spec.uri === 'string' ? spec.uri : undefined } : undefined;
  const framework = json ? undefined : props || isFile(path.join(dir, 'keywords.txt')) ? 'arduino' : isFile(path.join(dir, 'module.json')) ? 'mbed' : usedFramework(files, includes);
  const kind = json ? 'platformio' : framework === 'arduino' ? 'arduino' : 'plain';
  const name = (typeof json?.name === 'string' ? json.name : props?.name) || path.basename(dir);
  const build = json?.build && typeof json.build === 'object' ? (json.build as Record<string, unknown>) : undefined;
  const srcDir = typeof build?.srcDir === 'string' ? path.resolve(dir, build.srcDir) : firstDir(dir, ['src', 'Src']) ?? dir;
  const ownInclude = typeof build?.includeDir === 'string' ? path.resolve(dir, build.includeDir) : kind === 'arduino' && !isDir(path.join(dir, 'src')) ? undefined : firstDir(dir, ['include', 'Include']);
  const noSrcUtility = !isDir(path.join(dir, 'src')) && isDir(path.join(dir, 'utility'));
  const utility = (kind === 'arduino' || (kind === 'platformio' && !build && props)) && noSrcUtility ? [path.join(dir, 'utility')] : [];
  const flags = resolvePaths(parseBuildFlags(asList(build?.flags).length ? [asList(build?.flags).join(' ')] : []), dir);
  const filter = build?.srcFilter !== undefined ? asList(build.srcFilter).join(' ') : kind === 'arduino' || props ? arduinoFilter(dir) : BASE_FILTER;
  return {
    dir,
    kind,
    name,
    srcDir,
    includeDirs: [...new Set([...(ownInclude ? [ownInclude] : []), srcDir, ...utility, ...flags.includeDirs])],
    srcFilter: filter,
    skipAsm: kind === 'arduino',
    flags,
    unflags: asList(build?.unflags),
    ldfMode: ['string', 'number'].includes(typeof build?.libLDFMode) ? String(build!.libLDFMode) : undefined,
    compatMode: ['string', 'number'].includes(typeof build?.libCompatMode) ? String(build!.libCompatMode) : undefined,
    arduinoDepends: kind === 'arduino' && asList(props?.depends).length > 0,
    platforms: libraryPlatforms(kind, json, props),
    frameworks: kind === 'platformio' ? anyOrList(asList(json?.frameworks)) : kind === 'arduino' ? ['arduino', 'energia'] : framework === 'mbed' ? ['mbed'] : undefined,
    dependencies: json ? jsonDependencies(json.dependencies) : [],
    installed,
    ...(manifest?.broken ? { brokenManifest: manifest.broken } : {}),
  };
}

const COMPAT_MODES = ['off', 'soft', 'strict'];
/** A lib_compat_mode / libCompatMode as PlatformIO validates it: a mode's name or index, else `soft`. */
export function compatMode(value: string | undefined): string {
  const mode = value?.trim().toLowerCase() ?? '';
  return COMPAT_MODES.includes(mode) ? mode : /^\d+$/.test(mode) && Number(mode) < COMPAT_MODES.length ? COMPAT_MODES[Number(mode)] : 'soft';
}

/**
 * Whether `lib` builds in the env, as PlatformIO's compatibility mode decides (the library's libCompatMode, else the
 * env's): `off` takes every library, `soft` those of the env's frameworks, `strict` those of its platform too.
 */
export function compatibleLibrary(lib: PioLibrary, env: { frameworks: string[]; platform?: string }, envMode: string | undefined): boolean {
  const mode = compatMode(lib.compatMode ?? envMode);
  if (mode === 'off') return true;
  if (mode === 'strict' && env.platform !== undefined && lib.platforms !== undefined && !lib.platforms.includes(env.platform)) return false;
  const wanted = lib.frameworks;
  return wanted === undefined || env.frameworks.some((f) => wanted.includes(f));
}

/** Whether `spec` names `lib`: by URI as installed, else by name (and owner when both know one). */
export function specNames(spec: LibrarySpec, lib: PioLibrary): boolean {
  if (spec.uri !== undefined) return lib.installed?.uri === spec.uri;
  const name = spec.name?.toLowerCase();
  if (!name || (name !== lib.name.toLowerCase() && name !== lib.installed?.name?.toLowerCase())) return false;
  return spec.owner === undefined || lib.installed?.owner === undefined || spec.owner.toLowerCase() === lib.installed.owner.toLowerCase();
}

/** The env's flags for a library's sources with its own build.flags after them and build.unflags over both. */
export function withLibraryFlags(envFlags: PioFlags, lib: PioLibrary): PioFlags {
  return applyUnflags(concatFlags(envFlags, lib.flags), lib.unflags);
}
