// Arduino's mbed core (ArduinoCore-mbed, package framework-arduino-mbed), as PlatformIO's builder for it
// (builder-framework-arduino-core-mbed) reads an installed core: each variant's flag files (cflags.txt,
// cxxflags.txt, defines.txt, includes.txt) and the core's own defines, folders and flash layout.
import path from 'node:path';
import { readText } from '../shared/fs-helpers.js';
import { manifestString } from './board-manifest.js';
import type { InstalledPackages } from './installed-packages.js';
import { prefixedIncludeDirs, variantFolder } from './builder-common.js';

type Define = [string, string | undefined];

/** The package the core installs as. */
export const MBED_CORE = 'framework-arduino-mbed';

/** What the builder gives an env: flags by scope, defines, folders (the variant's include list ahead of every -I). */
export interface MbedCoreFlags {
  defines: Define[];
  ccFlags: string[];
  cFlags: string[];
  cxxFlags: string[];
  flagIncludeDirs: string[];
  includeDirs: string[];
  libraryDirs: string[];
  missing: string[];
}

/** What the builder reads: the board's id and manifest, the installed packages, the project's folder. */
interface MbedInput {
  boardId?: string;
  manifest?: Parameters<typeof manifestString>[0];
  packages?: InstalledPackages;
  projectDir?: string;
}

/** A variant flag file's lines (load_flags: stripped, blank lines dropped), or undefined when it is not there. */
function flagLines(packages: InstalledPackages, variantDir: string, core: string, name: string): string[] | undefined {
  const file = path.join(variantDir, `${name}.txt`);
  const rel = path.relative(core, file).split(path.sep).join('/');
  // A variant of the package is read through its cache; one under the project's build.variants_dir directly.
  const text = rel.startsWith('..') ? readText(file) : packages.text(MBED_CORE, rel);
  return text?.split('\n').map((l) => l.trim()).filter(Boolean);
}

/** The flash layout defines of the dual-core boards (configure_flash_layout), by build.arduino.flash_layout. */
function flashLayout(boardId: string, layout: string): Define[] {
  if (!/^(portenta_h7|opta|nicla_vision|giga)/.test(boardId)) return [];
  const m4 = ['portenta_h7_m4', 'opta_m4', 'nicla_vision_m4', 'giga_r1_m4'].includes(boardId);
  if (layout === '50_50') return [['CM4_BINARY_START', '0x08100000'], ...(m4 ? [['CM4_BINARY_END', '0x08200000'] as Define] : [])];
  if (layout === '75_25') return [['CM4_BINARY_START', '0x08180000'], ...(m4 ? [['CM4_BINARY_END', '0x08200000'] as Define] : [])];
  if (layout === '100_0') return [['CM4_BINARY_START', '0x60000000'], ...(['portenta_h7_m4', 'giga_r1_m4'].includes(boardId) ? ([['CM4_BINARY_END', '0x60040000'], ['CM4_RAM_END', '0x60080000']] as Define[]) : [])];
  return [];
}

/** Python's sorted() over strings (code-point order), as the builder orders the flag sets. */
const sorted = (values: Iterable<string>) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The mbed core's flags for the env. The variant files need the core installed: without it only the core's own
 * defines are known, and `missing` says so.
 */
export function mbedCoreFlags(input: MbedInput): MbedCoreFlags {
  const m = input.manifest;
  const core = manifestString(m, 'build.core') ?? 'arduino';
  const fpu = manifestString(m, 'build.cpu');
  const fpuFlags = fpu === 'cortex-m4' || fpu === 'cortex-m7' ? ['-mfloat-abi=soft', `-mfpu=fpv${fpu === 'cortex-m4' ? '4-sp' : '5'}-d16`] : [];
  const own: Define[] = [['ARDUINO', '10810'], ['ARDUINO_ARCH_MBED', undefined], ...flashLayout(input.boardId ?? '', manifestString(m, 'build.arduino.flash_layout') ?? '50_50')];
  const dir = input.packages?.packageDir(MBED_CORE);
  const variant = manifestString(m, 'build.variant');
  if (!input.packages || !dir || !variant) return { defines: own, ccFlags: ['-nostdlib', ...fpuFlags], cFlags: [], cxxFlags: [], flagIncludeDirs: [], includeDirs: [], libraryDirs: [], missing: ["the installed core's variant files"] };
  const variantDir = variantFolder(input, dir, variant)!;
  const read = (name: string) => flagLines(input.packages!, variantDir, dir, name);
  const cflags = new Set(read('cflags') ?? []);
  const cxxflags = new Set(read('cxxflags') ?? []);
  const both = [...cflags].filter((f) => cxxflags.has(f));
  const coreDir = path.join(dir, 'cores', core);
  // includes.txt is passed with -iprefix<core>: each -iwithprefixbefore line is a folder under the core.
  const listed = prefixedIncludeDirs(read('includes') ?? [], coreDir);
  return {
    defines: [...(read('defines') ?? []).map((d) => d.replace('-D', '')).map((d): Define => (d.includes('=') ? [d.slice(0, d.indexOf('=')), d.slice(d.indexOf('=') + 1)] : [d, undefined])), ...own],
    ccFlags: [...sorted(both), '-nostdlib', ...fpuFlags],
    cFlags: sorted([...cflags].filter((f) => !cxxflags.has(f))),
    cxxFlags: sorted([...cxxflags].filter((f) => !cflags.has(f))),
    flagIncludeDirs: listed,
    includeDirs: [coreDir, path.join(coreDir, 'api', 'deprecated'), path.join(coreDir, 'api', 'deprecated-avr-comp'), variantDir],
    libraryDirs: [path.join(dir, 'libraries')],
    missing: [],
  };
}
