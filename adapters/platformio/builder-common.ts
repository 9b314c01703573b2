// What PlatformIO's Arduino builders share, as derivation models them: the env as a builder sees it, the defines a
// builder gives, and the USB descriptor defines several builders take from the board.
import path from 'node:path';
import { manifestField, manifestString, type BoardManifest } from './board-manifest.js';
import type { InstalledPackages } from './installed-packages.js';

export type Define = [string, string | undefined];

/** What a builder sees of the env: its board (id and manifest), its flags so far, its upload protocol, the installed packages. */
export interface BuilderInput {
  platform: string;
  boardId?: string;
  manifest?: BoardManifest;
  /** The defines before the framework's: the platform's, the board's extra_flags and build_flags, in order. */
  defines: readonly Define[];
  uploadProtocol?: string;
  /** The project's installed packages, when known (an installed framework package's files refine a few values). */
  packages?: InstalledPackages;
  /** The project's folder (a board's build.variants_dir is relative to it). */
  projectDir?: string;
}

/** The framework's defines and target flags; `missing` names what the builder would read but derivation lacks. */
export interface BuilderDefines {
  defines: Define[];
  ccFlags: string[];
  missing: string[];
  /** The C and C++ flags a builder reads from its installed core (Arduino-ESP32's SDK script), else none. */
  cFlags?: string[];
  cxxFlags?: string[];
}


export const has = (defines: readonly Define[], name: string) => defines.some(([n]) => n === name);
/** A C string literal define value, as the builders quote them (`\"...\"` on the command line). */
export const quoted = (s: string) => `"${s.replace(/"/g, '')}"`;

/** `build.hwids[0]` as USB_VID / USB_PID, `0` for each when the manifest has none (as the STM32 builder defaults). */
export function usbIds(m: BoardManifest | undefined): [string, string] {
  const hwids = manifestField(m, 'build.hwids');
  const first = Array.isArray(hwids) && Array.isArray(hwids[0]) ? (hwids[0] as unknown[]) : [0, 0];
  return [String(first[0] ?? 0), String(first[1] ?? 0)];
}

/** The USB descriptor defines the AVR and SAM builders add when the board names a USB product. */
export function usbProductDefines(m: BoardManifest | undefined): Define[] {
  const product = manifestString(m, 'build.usb_product');
  if (product === undefined) return [];
  const [vid, pid] = usbIds(m);
  return [['USB_VID', vid], ['USB_PID', pid], ['USB_PRODUCT', quoted(product)], ['USB_MANUFACTURER', quoted(manifestString(m, 'vendor') ?? '')]];
}

/**
 * The board's variant folder as the builders place it: under the project's build.variants_dir when the board sets
 * one, else the package's `variants`; undefined without a variant.
 */
export function variantFolder(input: Pick<BuilderInput, 'manifest' | 'projectDir'>, packageDir: string, variant: string | undefined): string | undefined {
  if (!variant) return undefined;
  const own = manifestString(input.manifest, 'build.variants_dir');
  return path.join(own ? path.resolve(input.projectDir ?? '', own) : path.join(packageDir, 'variants'), variant);
}

/**
 * The folders an include list passed after `-iprefix<base>` names: each `-iwithprefixbefore<path>` line is `<base>`
 * joined with its path (the Arduino mbed and arduino-pico cores' lists); other lines are not folders.
 */
export function prefixedIncludeDirs(lines: readonly string[], base: string): string[] {
  return lines.map((l) => l.trim()).filter((l) => l.startsWith('-iwithprefixbefore')).map((l) => path.join(base, l.slice('-iwithprefixbefore'.length)));
}
