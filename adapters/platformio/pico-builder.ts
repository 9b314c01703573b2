// Arduino-pico's builder (earlephilhower/arduino-pico, tools/platformio-build.py) as a derived env reads it: the
// chip's defines from the installed core, the flash layout, USB, lwIP and the target; other boards take the mbed core.
import { manifestString, type BoardManifest } from './board-manifest.js';
import type { InstalledPackages } from './installed-packages.js';
import { mbedCoreFlags } from './arduino-mbed-core.js';
import { has, quoted, usbIds, type BuilderDefines, type BuilderInput, type Define } from './builder-common.js';

/** The arduino-pico core's package name. */
const ARDUINO_PICO = 'framework-arduinopico';

/** The target flags arduino-pico's builder gives each chip (build.mcu); the RISC-V cores need a toolchain of their own. */
const PICO_TARGETS: Record<string, string[]> = {
  rp2040: ['-march=armv6-m', '-mcpu=cortex-m0plus', '-mthumb'],
  rp2350: ['-mcpu=cortex-m33', '-mthumb', '-march=armv8-m.main+fp+dsp', '-mfloat-abi=softfp', '-mcmse'],
};

/** A size as platform-raspberrypi reads board_build.filesystem_size (`0.5m`, `2MB`, `64k`): bytes, 0 when unreadable. */
function picoSize(text: string): number {
  const m = /^((?:\d*\.)?\d+)([mkb]*)$/i.exec(text.trim());
  const factor = m ? ({ m: 1 << 20, mb: 1 << 20, k: 1024, kb: 1024, b: 1, '': 1 } as Record<string, number>)[m[2].toLowerCase()] : undefined;
  return m && factor !== undefined ? Math.trunc(Number(m[1]) * factor) : 0;
}

/**
 * The flash layout the platform computes before the builder runs (main.py's fetch_fs_size): the filesystem ends
 * where the last 4 KiB kept for EEPROM emulation start, at the flash's end (XIP base 0x10000000).
 */
function picoFlashDefines(m: BoardManifest | undefined): Define[] | undefined {
  const flash = Number(manifestString(m, 'upload.maximum_size'));
  if (!Number.isInteger(flash) || flash <= 0) return undefined;
  const end = 0x10000000 + flash - 4096;
  const fs = picoSize(manifestString(m, 'build.filesystem_size') ?? '0MB');
  return [['PICO_FLASH_SIZE_BYTES', String(flash)], ['FS_START', String(end - fs)], ['FS_END', String(end)]];
}

/** The `-D` lines of the installed core's platform_def.txt files, as the builder splits them (a second `=` drops the value). */
function picoPlatformDefines(packages: InstalledPackages | undefined, chip: string): Define[] | undefined {
  const texts = [packages?.text(ARDUINO_PICO, 'lib/platform_def.txt'), packages?.text(ARDUINO_PICO, `lib/${chip}/platform_def.txt`)];
  if (texts.every((t) => t === undefined)) return undefined;
  const out: Define[] = [];
  for (const line of texts.join('\n').split('\n').map((l) => l.trim())) {
    if (!line.startsWith('-D')) continue;
    const parts = line.slice(2).split('=');
    out.push(parts.length === 2 ? [parts[0], parts[1]] : [parts[0], undefined]);
  }
  return out;
}

/** The USB stack's defines (configure_usb_flags): none but NO_USB when the env turns USB off. */
function picoUsbDefines(m: BoardManifest | undefined, all: readonly Define[]): Define[] {
  if (has(all, 'PIO_FRAMEWORK_ARDUINO_NO_USB')) return [['NO_USB', undefined], ['DISABLE_USB_SERIAL', undefined]];
  const [hwVid, hwPid] = usbIds(m);
  const vid = manifestString(m, 'build.arduino.earlephilhower.usb_vid') ?? hwVid;
  const pid = manifestString(m, 'build.arduino.earlephilhower.usb_pid') ?? hwPid;
  const manufacturer = manifestString(m, 'build.arduino.earlephilhower.usb_manufacturer') ?? manifestString(m, 'vendor') ?? 'Raspberry Pi';
  const product = manifestString(m, 'build.arduino.earlephilhower.usb_product') ?? manifestString(m, 'name') ?? 'Pico';
  const out: Define[] = [['CFG_TUSB_MCU', 'OPT_MCU_RP2040'], ['USB_VID', vid], ['USB_PID', pid], ['USBD_VID', vid], ['USBD_PID', pid], ['USB_MANUFACTURER', quoted(manufacturer)], ['USB_PRODUCT', quoted(product)]];
  if (!has(all, 'USBD_MAX_POWER_MA')) out.push(['USBD_MAX_POWER_MA', '500']);
  return out;
}

/** The board variant arduino-pico builds: its own manifest entry, else the board's build.variant. */
export function picoVariant(m: BoardManifest | undefined): string | undefined {
  return manifestString(m, 'build.arduino.earlephilhower.variant') ?? manifestString(m, 'build.variant');
}

/**
 * Arduino-pico (earlephilhower/arduino-pico, tools/platformio-build.py), the core platform-raspberrypi's fork runs for
 * boards whose build.core is `earlephilhower`; other boards build with the platform's default core, Arduino's mbed
 * core (arduino-mbed-core.ts). The chip's own defines (PICO_RP2040, LIB_PICO_*, ...) come from the installed core's platform_def.txt files.
 */
export function raspberrypi(input: BuilderInput): BuilderDefines | undefined {
  const m = input.manifest;
  if ((manifestString(m, 'build.core') ?? 'arduino') !== 'earlephilhower') return mbedCoreFlags(input);
  const chip = manifestString(m, 'build.mcu') ?? '';
  const on = (name: string) => has(input.defines, `PIO_FRAMEWORK_ARDUINO_${name}`);
  const defines: Define[] = [];
  if (on('ENABLE_BLUETOOTH')) defines.push(['ENABLE_CLASSIC', '1'], ['ENABLE_BLE', '1'], ['CYW43_ENABLE_BLUETOOTH', '1']);
  if (on('ENABLE_FREERTOS')) defines.push(['__FREERTOS', '1']);
  const platformDefs = chip ? picoPlatformDefines(input.packages, chip) : undefined;
  const flash = picoFlashDefines(m);
  defines.push(...(platformDefs ?? []), ['ARDUINO', '10810'], ['ARDUINO_ARCH_RP2040', undefined], ['BOARD_NAME', quoted(input.boardId ?? '')], ...(flash ?? []));
  defines.push(['FILE_COPY_CONSTRUCTOR_SELECT', 'FILE_COPY_CONSTRUCTOR_PUBLIC'], ['USE_UTF8_LONG_NAMES', '1'], ['DISABLE_FS_H_WARNING', '1']);
  defines.push(...picoUsbDefines(m, [...input.defines, ...defines]));
  defines.push(['PICO_CYW43_ARCH_THREADSAFE_BACKGROUND', '1'], ['CYW43_LWIP', '1'], ['CYW43_PIO_CLOCK_DIV_DYNAMIC', '1'], ['LWIP_IPV4', '1'], ['LWIP_IGMP', '1'], ['LWIP_CHECKSUM_CTRL_PER_NETIF', '1']);
  defines.push(['LWIP_IPV6', on('ENABLE_IPV6') ? '1' : '0']);
  const variant = picoVariant(m);
  if (variant) defines.push(['ARDUINO_VARIANT', quoted(variant)]);
  const missing = [
    ...(chip ? [] : ["the board's MCU"]),
    ...(chip && !platformDefs ? [`the chip's defines (the installed core's lib/${chip}/platform_def.txt)`] : []),
    ...(flash ? [] : ["the board's flash size (PICO_FLASH_SIZE_BYTES, FS_START, FS_END)"]),
  ];
  return { defines, ccFlags: PICO_TARGETS[chip] ?? [], missing };
}
