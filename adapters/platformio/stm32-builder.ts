// The STM32 core's Arduino builder (stm32duino Arduino_Core_STM32, tools/platformio/platformio-build.py) as a derived
// env reads it: the series, the board id and variant header, the USB, serial and bootloader switches, the target.
import { manifestString, type BoardManifest } from './board-manifest.js';
import { parseBuildFlags } from './build-flags.js';
import { has, quoted, usbIds, type BuilderDefines, type BuilderInput, type Define } from './builder-common.js';
import { mapleDefines } from './maple-builder.js';
import { stm32Core } from '../shared/stm32-cores.js';

/** The board id the STM32 core names its board by (ARDUINO_<id>): the manifest's, the core's remap, or from a generic board's MCU. */
function stm32BoardId(input: BuilderInput, mcu: string): string {
  const m = input.manifest;
  const own = manifestString(m, 'build.arduino.board');
  if (own) return own;
  const id = input.boardId ?? '';
  // An unreadable remap file is skipped, as the builder skips it.
  const remap = input.packages?.json('framework-arduinoststm32', 'tools/platformio/boards_remap.json');
  const mapped = remap && typeof remap === 'object' ? (remap as Record<string, unknown>)[id] : undefined;
  if (typeof mapped === 'string') return mapped;
  if (!id.toLowerCase().startsWith('generic')) return id.toUpperCase();
  const up = mcu.toUpperCase();
  if (up.length > 12) return `GENERIC_${up.slice(5, 12)}X`;
  return `GENERIC_${up.length > 10 ? `${up.slice(5, 11)}TX` : up}`;
}

/** The STM32 core's USB, USB speed and serial switches (PIO_FRAMEWORK_ARDUINO_* in build_flags). */
function stm32Switches(input: BuilderInput, own: Define[]): Define[] {
  const all = [...input.defines, ...own];
  const out: Define[] = [];
  const on = (name: string) => has(all, `PIO_FRAMEWORK_ARDUINO_${name}`);
  if (on('ENABLE_CDC')) out.push(['USBD_USE_CDC', undefined]);
  else if (on('ENABLE_CDC_WITHOUT_SERIAL')) out.push(['USBD_USE_CDC', undefined], ['DISABLE_GENERIC_SERIALUSB', undefined]);
  else if (on('ENABLE_HID')) out.push(['USBD_USE_HID_COMPOSITE', undefined]);
  if (on('ENABLE_CDC') || on('ENABLE_CDC_WITHOUT_SERIAL') || on('ENABLE_HID')) {
    const [vid, pid] = usbIds(input.manifest);
    out.push(['USBCON', undefined], ['USB_VID', vid], ['USB_PID', pid]);
  }
  if (has([...all, ...out], 'USBD_USE_CDC') || has([...all, ...out], 'USBD_USE_HID_COMPOSITE')) out.push(['HAL_PCD_MODULE_ENABLED', undefined]);
  if (on('USB_HIGHSPEED')) out.push(['USE_USB_HS', undefined]);
  else if (on('USB_HIGHSPEED_FULLMODE')) out.push(['USE_USB_HS', undefined], ['USE_USB_HS_IN_FS', undefined]);
  if (!on('SERIAL_DISABLED') && on('SERIAL_WITHOUT_GENERIC')) out.push(['HWSERIAL_NONE', undefined]);
  return out;
}

/** The STM32 core's bootloader defines for the upload protocol (hid: HID bootloader; dfu on an F103: the Maple one). */
function stm32Offset(input: BuilderInput, mcu: string): Define[] {
  let offset = 0;
  const out: Define[] = [];
  if (input.uploadProtocol === 'hid') {
    offset = mcu.startsWith('stm32f1') ? 0x800 : mcu.startsWith('stm32f4') ? 0x4000 : 0;
    out.push(['BL_HID', undefined]);
  } else if (input.uploadProtocol === 'dfu' && mcu.startsWith('stm32f103')) {
    offset = manifestString(input.manifest, 'upload.boot_version') === '1' ? 0x5000 : 0x2000;
    out.push(['BL_LEGACY_LEAF', undefined]);
  }
  if (offset !== 0) out.push(['VECT_TAB_OFFSET', `0x${offset.toString(16)}`]);
  return out;
}

/**
 * The board's MCU as far as it is known: the manifest's build.mcu, else the part the board's id names, as generic
 * boards and most vendor boards of the platform do (`genericSTM32F103RE`, `nucleo_f767zi`, `blackpill_f401cc` →
 * `stm32f103re`, ...: family, line, pins and flash, without the package and temperature range the manifest adds).
 */
export function stm32Mcu(input: Pick<BuilderInput, 'manifest' | 'boardId'>): { mcu: string; whole: boolean } {
  const mcu = manifestString(input.manifest, 'build.mcu');
  if (mcu) return { mcu: mcu.toLowerCase(), whole: true };
  const id = input.boardId ?? '';
  const part = /^generic(stm32[a-z]\d\w*)$/i.exec(id)?.[1] ?? /(?:^|_)(?:stm32)?([cfghluw][0-9a-z]\d\d[a-z][0-9a-z])(?:_|$)/i.exec(id)?.[1];
  const lower = part?.toLowerCase();
  return { mcu: lower ? (lower.startsWith('stm32') ? lower : `stm32${lower}`) : '', whole: false };
}

/**
 * The STM32 core's series (`STM32F1xx`): the first seven letters of the MCU without its last two (package and
 * temperature range, which a board id does not name), or undefined while the MCU is unknown.
 */
export function stm32Series(input: BuilderInput): string | undefined {
  const { mcu, whole } = stm32Mcu(input);
  return mcu.length >= 7 ? `${(whole ? mcu.slice(0, -2) : mcu).slice(0, 7).toUpperCase()}xx` : undefined;
}

/** -mcpu for a board whose manifest gives no build.cpu, from its MCU's family ([] when neither is known). */
export function stm32TargetFlags(m: BoardManifest | undefined, mcu: string): { cpu: string; flags: string[] } {
  const cpu = manifestString(m, 'build.cpu');
  if (cpu) return { cpu, flags: [] };
  const family = stm32Core(mcu);
  return family ? { cpu: family, flags: [`-mcpu=${family}`, '-mthumb'] } : { cpu: '', flags: [] };
}

/** The STM32 core (stm32duino Arduino_Core_STM32, tools/platformio/platformio-build.py), platform-ststm32's default Arduino core. */
function stm32duino(input: BuilderInput): BuilderDefines {
  const m = input.manifest;
  const { mcu, whole } = stm32Mcu(input);
  const target = stm32TargetFlags(m, mcu);
  // A generic board's id is made from its whole MCU name; without it, the board id and what names it stay unknown.
  const generic = (input.boardId ?? '').toLowerCase().startsWith('generic');
  const boardId = whole || !generic ? stm32BoardId(input, mcu) : undefined;
  const series = stm32Series(input);
  const variantH = manifestString(m, 'build.arduino.variant_h') ?? (generic ? 'variant_generic.h' : boardId ? `variant_${boardId}.h` : undefined);
  const own: Define[] = [
    ...(series ? [[series, undefined] as Define] : []),
    ['ARDUINO', '10808'],
    ['ARDUINO_ARCH_STM32', undefined],
    ...(boardId ? [[`ARDUINO_${boardId}`, undefined], ['BOARD_NAME', quoted(boardId)]] as Define[] : []),
    ...(has(input.defines, 'PIO_FRAMEWORK_ARDUINO_SERIAL_DISABLED') ? [] : [['HAL_UART_MODULE_ENABLED', undefined] as Define]),
    ['USE_FULL_LL_DRIVER', undefined],
    ...(variantH ? [['VARIANT_H', quoted(variantH)] as Define] : []),
  ];
  const extra = parseBuildFlags([manifestString(m, 'build.framework_extra_flags.arduino') ?? '']);
  own.push(...extra.defines, ...stm32Offset(input, mcu));
  own.push(...stm32Switches(input, own));
  const hardFloat = /cortex-m[47]/.test(target.cpu) && !mcu.includes('stm32wl');
  const missing = !mcu ? ['the board\'s MCU'] : boardId ? [] : ['the board\'s whole MCU name (ARDUINO_<board>)'];
  return { defines: own, ccFlags: [...target.flags, ...(hardFloat ? ['-mfpu=fpv4-sp-d16', '-mfloat-abi=hard'] : []), ...extra.ccFlags], missing };
}

export function ststm32(input: BuilderInput): BuilderDefines | undefined {
  const core = manifestString(input.manifest, 'build.core');
  // The Maple core has its own builder (maple-builder.ts); the STM32L0 core's is not in this table.
  return core === 'maple' ? mapleDefines(input) : core === 'stm32l0' ? undefined : stm32duino(input);
}
