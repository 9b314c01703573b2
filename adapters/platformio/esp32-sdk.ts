// Arduino-ESP32's compile flags, include folders and defines as an installed core states them in its SDK's build
// script (pioarduino's framework-arduinoespressif32-libs/<mcu>/pioarduino-build.py, or 2.x's
// tools/platformio-build-<mcu>.py), read with scons-script.ts, with what the core's own builder adds after it.
import path from 'node:path';
import { manifestString } from './board-manifest.js';
import { variantFolder, type BuilderInput } from './builder-common.js';
import { appendedValues, parseScript, type ScriptValue } from './scons-script.js';

type Define = [string, string | undefined];

/** What the SDK's script and the core's builder give an env. */
export interface Esp32Sdk {
  defines: Define[];
  ccFlags: string[];
  cFlags: string[];
  cxxFlags: string[];
  includeDirs: string[];
  libraryDirs: string[];
  /** What could not be read: items of the script outside what scons-script.ts evaluates. */
  missing: string[];
}

const CORE = 'framework-arduinoespressif32';
const LIBS = 'framework-arduinoespressif32-libs';

/** Each env's reading, made once for the builder's defines and flags and for the folders. */
const readings = new WeakMap<BuilderInput, Esp32Sdk | null>();

/** The installed core's reading for the env, or undefined when the core, the board's MCU or the script is missing. */
export function esp32Sdk(input: BuilderInput): Esp32Sdk | undefined {
  let reading = readings.get(input);
  if (reading === undefined) readings.set(input, (reading = readSdk(input) ?? null));
  return reading ?? undefined;
}

function readSdk(input: BuilderInput): Esp32Sdk | undefined {
  const { packages, manifest } = input;
  const mcu = manifestString(manifest, 'build.mcu')?.toLowerCase();
  const core = packages?.packageDir(CORE);
  if (!packages || !core || !mcu) return undefined;
  const libs = packages.packageDir(LIBS);
  // pioarduino (Arduino-ESP32 3.x) keeps the SDK in its own package; 2.x inside the core's tools.
  const libScript = libs ? packages.derived(LIBS, `${mcu}/pioarduino-build.py`, parseScript) : undefined;
  const script = libScript ?? packages.derived(CORE, `tools/platformio-build-${mcu}.py`, parseScript);
  if (!script) return undefined;
  const board = (key: string) => manifestString(manifest, key);
  const values = appendedValues(script, { names: { FRAMEWORK_DIR: core, FRAMEWORK_SDK_DIR: libs ?? '', FRAMEWORK_LIBS_DIR: libs ?? '' }, board });
  const unread: string[] = [];
  const strings = (key: string) => substituted(values.get(key) ?? [], board('build.f_cpu'), (n) => n > 0 && unread.push(`${n} ${key} items of the SDK's build script`));
  const variant = variantFolder(input, core, board('build.variant'));
  // The core's builder appends to the SDK's: -Werror=return-type (3.x) and the variant's folder.
  const coreOwn = libScript ? ['-Werror=return-type'] : [];
  return {
    defines: defines(values.get('CPPDEFINES') ?? [], board('build.f_cpu'), (n) => n > 0 && unread.push(`${n} defines of the SDK's build script`)),
    ccFlags: strings('CCFLAGS'),
    cFlags: [...strings('CFLAGS'), ...coreOwn],
    cxxFlags: [...strings('CXXFLAGS'), ...coreOwn],
    includeDirs: [...strings('CPPPATH'), ...(variant ? [variant] : [])],
    libraryDirs: [path.join(core, 'libraries')],
    missing: unread,
  };
}

/** `$BOARD_F_CPU` replaced by the board's clock; undefined when another SCons variable is left (SCons would substitute it). */
function substitute(value: string, fCpu: string | undefined): string | undefined {
  const out = fCpu === undefined ? value : value.split('$BOARD_F_CPU').join(fCpu);
  return out.includes('$') ? undefined : out;
}

/** The string items of a flag or path list, substituted; `report` hears how many could not be read. */
function substituted(items: ScriptValue[], fCpu: string | undefined, report: (n: number) => void): string[] {
  const out: string[] = [];
  let unread = 0;
  for (const item of items) {
    const value = typeof item === 'string' ? substitute(item, fCpu) : undefined;
    if (value === undefined) unread++;
    else out.push(value);
  }
  report(unread);
  return out;
}

/**
 * CPPDEFINES items as the compiler sees them: a name, `NAME=value`, or a (name, value) tuple whose `\"` the shell
 * turns into `"` (SCons writes the value into a command line).
 */
function defines(items: ScriptValue[], fCpu: string | undefined, report: (n: number) => void): Define[] {
  const out: Define[] = [];
  let unread = 0;
  for (const item of items) {
    if (typeof item === 'string') {
      const eq = item.indexOf('=');
      out.push(eq < 0 ? [item, undefined] : [item.slice(0, eq), item.slice(eq + 1)]);
      continue;
    }
    const [name, raw] = Array.isArray(item) ? item : [];
    const value = typeof raw === 'string' ? substitute(raw.replace(/\\"/g, '"'), fCpu) : undefined;
    if (typeof name === 'string' && value !== undefined) out.push([name, value]);
    else unread++;
  }
  report(unread);
  return out;
}
