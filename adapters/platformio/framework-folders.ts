// The folders an installed Arduino framework package adds to a derived env's build, as its platform's builder adds
// them: the core's and the board variant's include folders, and the package's `libraries` as a library storage (the
// library finder's last). Only for packages installed under packages_dir; builders not in the table add none here.
import path from 'node:path';
import { manifestString } from './board-manifest.js';
import { adafruitNrf52Package } from './arduino-builders.js';
import { prefixedIncludeDirs, variantFolder, type BuilderInput } from './builder-common.js';
import { picoVariant } from './pico-builder.js';
import { stm32Series } from './stm32-builder.js';
import { mapleFolders } from './maple-builder.js';
import { esp32Sdk } from './esp32-sdk.js';
import { mbedCoreFlags } from './arduino-mbed-core.js';
import { esp8266Folders } from './esp8266-builder.js';

/** Include folders (after build_flags' -I) and library storages (after the project's) a framework adds. */
export interface FrameworkFolders {
  includeDirs: string[];
  libraryDirs: string[];
  /** Folders the builder passes as `-I` among its compiler flags (CCFLAGS), so ahead of every include path. */
  flagIncludeDirs?: string[];
}

/** The board's variant folder (builder-common.ts' variantFolder) as a list: none without a variant. */
function variantDir(input: BuilderInput, packageDir: string, variant: string | undefined): string[] {
  const folder = variantFolder(input, packageDir, variant);
  return folder ? [folder] : [];
}

/** platform-atmelavr: the core's package (Arduino's, or the board's build.core: MiniCore, ATTinyCore, ...). */
function atmelavr(input: BuilderInput): FrameworkFolders | undefined {
  const core = manifestString(input.manifest, 'build.core') || 'arduino';
  const pkg = ['dtiny', 'pro'].includes(core) ? 'framework-arduino-avr-digistump' : ['tiny', 'tinymodern'].includes(core) ? 'framework-arduino-avr-attiny' : core === 'arduino' ? 'framework-arduino-avr' : `framework-arduino-avr-${core.toLowerCase()}`;
  const dir = input.packages?.packageDir(pkg);
  if (!dir) return undefined;
  return { includeDirs: [path.join(dir, 'cores', core), ...variantDir(input, dir, manifestString(input.manifest, 'build.variant'))], libraryDirs: [path.join(dir, 'libraries')] };
}

/** platform-teensy: the board's core (`teensy` for 2.x also puts `cores` itself on the path), its variant when named. */
function teensy(input: BuilderInput): FrameworkFolders | undefined {
  const dir = input.packages?.packageDir('framework-arduinoteensy');
  const core = manifestString(input.manifest, 'build.core');
  if (!dir || !core) return undefined;
  const variant = manifestString(input.manifest, 'build.variant');
  return { includeDirs: [path.join(dir, 'cores', core), ...(core === 'teensy' ? [path.join(dir, 'cores')] : []), ...(variant ? [path.join(dir, 'variants', variant)] : [])], libraryDirs: [path.join(dir, 'libraries')] };
}

/**
 * Arduino-pico (build.core earlephilhower): the core's folders, the chip's and the core's include lists
 * (`lib/<chip>/platform_inc.txt`, `lib/core_inc.txt`: `-iwithprefixbefore/<path>` under the package, as the builder
 * expands them for an IDE), TinyUSB's folder when USE_TINYUSB is defined, `include`, the variant. Other boards build
 * with Arduino's mbed core (arduino-mbed-core.ts): its variant's include list ahead, the core's folders, the variant.
 */
function raspberrypi(input: BuilderInput): FrameworkFolders | undefined {
  if (manifestString(input.manifest, 'build.core') !== 'earlephilhower') {
    const mbed = mbedCoreFlags(input);
    return mbed.missing.length > 0 ? undefined : { includeDirs: mbed.includeDirs, libraryDirs: mbed.libraryDirs, flagIncludeDirs: mbed.flagIncludeDirs };
  }
  const packages = input.packages;
  const dir = packages?.packageDir('framework-arduinopico');
  const chip = manifestString(input.manifest, 'build.mcu');
  if (!packages || !dir || !chip) return undefined;
  const lists = [packages.text('framework-arduinopico', `lib/${chip}/platform_inc.txt`), packages.text('framework-arduinopico', 'lib/core_inc.txt')];
  const listed = prefixedIncludeDirs(lists.flatMap((t) => (t ?? '').split(/\r?\n/)), dir).filter((d) => packages.isDirAt(d));
  const core = path.join(dir, 'cores', 'rp2040');
  const tinyUsb = input.defines.some(([n]) => n === 'USE_TINYUSB') ? [path.join(dir, 'libraries', 'Adafruit_TinyUSB_Arduino', 'src', 'arduino')] : [];
  return {
    includeDirs: [...new Set([core, path.join(core, 'api', 'deprecated'), path.join(core, 'api', 'deprecated-avr-comp'), ...listed, ...tinyUsb, path.join(dir, 'include'), ...variantDir(input, dir, picoVariant(input.manifest))])],
    libraryDirs: [path.join(dir, 'libraries')],
  };
}

/** `<dir>/<a>/<b>/...` for each path of `rels` (each in `/` form). */
const under = (dir: string, rels: string[]) => rels.map((r) => path.join(dir, ...r.split('/')));

/**
 * The STM32 core (tools/platformio/platformio-build.py): the core's, the series' HAL and CMSIS device folders, the
 * USB device library and OpenAMP, the CMSIS package's core and DSP folders; the board's variant as a CCFLAGS -I, when
 * the manifest names it. Both packages must be installed, as the builder asserts. The Maple core's folders are
 * maple-builder.ts'.
 */
function ststm32(input: BuilderInput): FrameworkFolders | undefined {
  const core = manifestString(input.manifest, 'build.core');
  if (core === 'maple') return mapleFolders(input);
  if (core === 'stm32l0') return undefined;
  const dir = input.packages?.packageDir('framework-arduinoststm32');
  const cmsisPackage = input.packages?.packageDir('framework-cmsis');
  const series = stm32Series(input);
  if (!dir || !cmsisPackage || !series) return undefined;
  const cmsis = path.join(cmsisPackage, 'CMSIS');
  const stm32 = 'cores/arduino/stm32';
  const openAmp = 'system/Middlewares/OpenAMP';
  const usbCore = 'system/Middlewares/ST/STM32_USB_Device_Library/Core';
  const device = `system/Drivers/CMSIS/Device/ST/${series}`;
  const variant = manifestString(input.manifest, 'build.variant');
  return {
    includeDirs: [
      ...under(dir, ['cores/arduino/avr', stm32, `${stm32}/LL`, `${stm32}/usb`, `${stm32}/OpenAMP`, `${stm32}/usb/hid`, `${stm32}/usb/cdc`]),
      ...under(dir, [`system/Drivers/${series}_HAL_Driver/Inc`, `system/Drivers/${series}_HAL_Driver/Src`, `system/${series}`, `${usbCore}/Inc`, `${usbCore}/Src`]),
      ...under(dir, [openAmp, `${openAmp}/open-amp/lib/include`, `${openAmp}/libmetal/lib/include`, `${openAmp}/virtual_driver`]),
      path.join(cmsis, 'Core', 'Include'),
      ...under(dir, [`${device}/Include`, `${device}/Source/Templates/gcc`]),
      ...under(cmsis, ['DSP/Include', 'DSP/PrivateInclude']),
      path.join(dir, 'cores', 'arduino'),
    ],
    libraryDirs: under(dir, ['libraries/__cores__/arduino', 'libraries']),
    flagIncludeDirs: variantDir(input, dir, variant),
  };
}

/**
 * The Adafruit nRF52 core (builder-framework-arduino-nrf5, adafruit.py): CMSIS, the core's Nordic folders, the
 * softdevice's API (its version from the board, else the core's boards.txt), FreeRTOS, SystemView and TinyUSB where the
 * core has them, the core, the variant.
 */
function nordicnrf52(input: BuilderInput): FrameworkFolders | undefined {
  const m = input.manifest;
  if ((manifestString(m, 'build.bsp.name') ?? 'nrf5') !== 'adafruit') return undefined;
  const packages = input.packages;
  const pkg = adafruitNrf52Package(input.boardId);
  const dir = packages?.packageDir(pkg);
  const cmsis = packages?.packageDir('framework-cmsis');
  const core = manifestString(m, 'build.core');
  if (!packages || !dir || !cmsis || !core) return undefined;
  const coreDir = path.join(dir, 'cores', core);
  const nordic = path.join(coreDir, 'nordic');
  const softdevice = manifestString(m, 'build.softdevice.sd_name');
  const sdVersion = manifestString(m, 'build.softdevice.sd_version') ?? /build\.sd_version=(\d+\.\d+.\d+)/.exec(packages.text(pkg, 'boards.txt') ?? '')?.[1] ?? '6.1.1';
  const api = softdevice ? path.join(nordic, 'softdevice', `${softdevice}_nrf52_${sdVersion}_API`, 'include') : undefined;
  const optional = (base: string, rels: string[]) => (packages.isDirAt(base) ? under(base, rels) : []);
  const tinyUsb = path.join(dir, 'libraries', 'Adafruit_TinyUSB_Arduino');
  return {
    includeDirs: [
      ...under(cmsis, ['CMSIS/Core/Include', 'CMSIS/DSP/Include']),
      nordic,
      ...under(nordic, ['nrfx', 'nrfx/hal', 'nrfx/mdk', 'nrfx/soc', 'nrfx/drivers/include', 'nrfx/drivers/src']),
      ...(api ? [api, path.join(api, 'nrf52')] : []),
      ...optional(path.join(coreDir, 'freertos'), ['Source/include', 'config', 'portable/GCC/nrf52', 'portable/CMSIS/nrf52']),
      ...optional(path.join(coreDir, 'sysview'), ['SEGGER', 'Config']),
      ...optional(tinyUsb, ['src/arduino']),
      coreDir,
      ...variantDir(input, dir, manifestString(m, 'build.variant')),
    ],
    libraryDirs: [path.join(dir, 'libraries')],
  };
}

/**
 * platform-atmelsam (arduino-sam.py, arduino-samd.py): the family's core package (`framework-arduino-sam` or
 * `-samd`, `-<core>` for a vendor's core). SAM: the core, libsam and the bundled CMSIS. SAMD: the CMSIS and
 * CMSIS-Atmel packages, the core, TinyUSB's folders (the Adafruit core's library, or Seeed's and Moteino's own),
 * CMSIS-DSP for Adafruit and Seeed, the API's deprecated folders ahead for Arduino's core. Then the variant.
 */
function atmelsam(input: BuilderInput): FrameworkFolders | undefined {
  const m = input.manifest;
  const mcu = manifestString(m, 'build.mcu') ?? '';
  const family = manifestString(m, 'build.system') ?? (mcu.startsWith('at91') ? 'sam' : 'samd');
  const core = (manifestString(m, 'build.core') ?? '').toLowerCase();
  const dir = input.packages?.packageDir(`framework-arduino-${family}${core !== 'arduino' ? `-${core}` : ''}`);
  if (!dir || !mcu) return undefined;
  const variant = variantDir(input, dir, manifestString(m, 'build.variant'));
  const libraryDirs = [path.join(dir, 'libraries')];
  if (family === 'sam') return { includeDirs: [...under(dir, ['cores/arduino', 'system/libsam', 'system/CMSIS/CMSIS/Include', 'system/CMSIS/Device/ATMEL']), ...variant], libraryDirs };
  const cmsis = input.packages?.packageDir('framework-cmsis');
  const cmsisAtmel = input.packages?.packageDir('framework-cmsis-atmel');
  if (!cmsis || !cmsisAtmel) return undefined;
  const buildCore = core === 'sparkfun' && mcu.startsWith('samd51') ? 'arduino51' : 'arduino';
  const vendor = ['seeed', 'adafruit', 'moteino'].includes(core);
  const tinyUsb = `cores/${buildCore}/TinyUSB`;
  return {
    includeDirs: [
      ...(core === 'arduino' ? under(dir, [`cores/${buildCore}/api/deprecated`, `cores/${buildCore}/api/deprecated-avr-comp`]) : []),
      path.join(cmsis, 'CMSIS', ...(core === 'adafruit' || core === 'seeed' ? ['Core', 'Include'] : ['Include'])),
      path.join(cmsisAtmel, 'CMSIS', 'Device', 'ATMEL'),
      path.join(dir, 'cores', buildCore),
      ...(!vendor ? [] : core === 'adafruit' ? under(dir, ['libraries/Adafruit_TinyUSB_Arduino/src/arduino']) : under(dir, [tinyUsb, `${tinyUsb}/Adafruit_TinyUSB_ArduinoCore`, `${tinyUsb}/Adafruit_TinyUSB_ArduinoCore/tinyusb/src`])),
      ...(core === 'adafruit' || core === 'seeed' ? [path.join(cmsis, 'CMSIS', 'DSP', 'Include')] : []),
      ...variant,
    ],
    libraryDirs,
  };
}

/** Arduino-ESP32: the folders its SDK's build script lists and the variant (esp32-sdk.ts). */
function espressif32(input: BuilderInput): FrameworkFolders | undefined {
  const sdk = esp32Sdk(input);
  return sdk && { includeDirs: sdk.includeDirs, libraryDirs: sdk.libraryDirs };
}

const FOLDERS: Record<string, (input: BuilderInput) => FrameworkFolders | undefined> = { atmelavr, teensy, raspberrypi, ststm32, nordicnrf52, espressif32, espressif8266: esp8266Folders, atmelsam };

/** The folders the env's installed Arduino framework adds, or undefined (not installed, or no entry for its platform). */
export function frameworkFolders(input: BuilderInput): FrameworkFolders | undefined {
  return FOLDERS[input.platform]?.(input);
}
