// The ESP8266 Arduino core's builder (esp8266/Arduino, tools/platformio-build.py): its defines, chosen by the
// env's PIO_FRAMEWORK_ARDUINO_* switches (NONOS SDK, lwIP variant, waveform, exceptions, MMU layout), its compile
// options, and with the core installed its include folders.
import path from 'node:path';
import { manifestString, type BoardManifest } from './board-manifest.js';
import type { InstalledPackages } from './installed-packages.js';

type Define = [string, string | undefined];

/** What the builder reads of the env. */
interface Esp8266Input {
  boardId?: string;
  manifest?: BoardManifest;
  defines: readonly Define[];
  packages?: InstalledPackages;
}

const CORE = 'framework-arduinoespressif8266';

/** The NONOS SDK versions a PIO_FRAMEWORK_ARDUINO_ESPRESSIF_SDK* switch selects, in the builder's order. */
const SDKS: [string, string][] = [
  ['SDK3', 'NONOSDK3V0'],
  ['SDK221', 'NONOSDK221'],
  ['SDK22x_190313', 'NONOSDK22x_190313'],
  ['SDK22x_191024', 'NONOSDK22x_191024'],
  ['SDK22x_191105', 'NONOSDK22x_191105'],
  ['SDK22x_191122', 'NONOSDK22x_191122'],
];

/** lwIP variants by PIO_FRAMEWORK_ARDUINO_LWIP2_* switch: TCP_MSS, LWIP_FEATURES, LWIP_IPV6. */
const LWIPS: [string, [string, string, string]][] = [
  ['IPV6_LOW_MEMORY', ['536', '1', '1']],
  ['IPV6_HIGHER_BANDWIDTH', ['1460', '1', '1']],
  ['HIGHER_BANDWIDTH', ['1460', '1', '0']],
  ['LOW_MEMORY_LOW_FLASH', ['536', '0', '0']],
  ['HIGHER_BANDWIDTH_LOW_FLASH', ['1460', '0', '0']],
];

/** MMU layouts by PIO_FRAMEWORK_ARDUINO_MMU_* switch. */
const MMUS: [string, Define[]][] = [
  ['CACHE16_IRAM48', [['MMU_IRAM_SIZE', '0xC000'], ['MMU_ICACHE_SIZE', '0x4000']]],
  ['CACHE16_IRAM48_SECHEAP_SHARED', [['MMU_IRAM_SIZE', '0xC000'], ['MMU_ICACHE_SIZE', '0x4000'], ['MMU_IRAM_HEAP', undefined]]],
  ['CACHE16_IRAM32_SECHEAP_NOTSHARED', [['MMU_IRAM_SIZE', '0x8000'], ['MMU_ICACHE_SIZE', '0x4000'], ['MMU_SEC_HEAP_SIZE', '0x4000'], ['MMU_SEC_HEAP', '0x40108000']]],
  ['EXTERNAL_128K', [['MMU_IRAM_SIZE', '0x8000'], ['MMU_ICACHE_SIZE', '0x8000'], ['MMU_EXTERNAL_HEAP', '128']]],
  ['EXTERNAL_1024K', [['MMU_IRAM_SIZE', '0x8000'], ['MMU_ICACHE_SIZE', '0x8000'], ['MMU_EXTERNAL_HEAP', '256']]],
];

/** The builder's defines after build_flags; `missing` names the flash mode when the board gives none. */
export function esp8266Defines(input: Esp8266Input): { defines: Define[]; missing: string[] } {
  const m = input.manifest;
  const on = (name: string) => input.defines.some(([n]) => n === `PIO_FRAMEWORK_ARDUINO_${name}`);
  const flashMode = manifestString(m, 'build.flash_mode');
  const defines: Define[] = [['__ets__', undefined], ['ICACHE_FLASH', undefined], ['ARDUINO', '10805'], ['ARDUINO_BOARD', `"PLATFORMIO_${(input.boardId ?? '').toUpperCase()}"`]];
  if (flashMode) defines.push([`FLASHMODE_${flashMode.toUpperCase()}`, undefined]);
  defines.push(['LWIP_OPEN_SRC', undefined]);
  defines.push([SDKS.find(([s]) => on(`ESPRESSIF_${s}`))?.[1] ?? 'NONOSDK22x_190703', '1']);
  const [mss, features, ipv6] = LWIPS.find(([l]) => on(`LWIP2_${l}`))?.[1] ?? ['536', '1', '0'];
  defines.push(['TCP_MSS', mss], ['LWIP_FEATURES', features], ['LWIP_IPV6', ipv6]);
  if (on('WAVEFORM_LOCKED_PHASE')) defines.push(['WAVEFORM_LOCKED_PHASE', '1']);
  if (!input.defines.some(([n]) => n.startsWith('VTABLES_IN_'))) defines.push(['VTABLES_IN_FLASH', undefined]);
  const mmu = MMUS.find(([s]) => on(`MMU_${s}`))?.[1];
  // A custom layout keeps the env's own MMU_* defines; the default reads the board's sizes.
  if (mmu) defines.push(...mmu);
  else if (!on('MMU_CUSTOM')) defines.push(['MMU_IRAM_SIZE', manifestString(m, 'build.mmu_iram_size') ?? '0x8000'], ['MMU_ICACHE_SIZE', manifestString(m, 'build.mmu_icache_size') ?? '0x8000']);
  return { defines, missing: flashMode ? [] : ["the board's flash mode (FLASHMODE_*)"] };
}

/** The builder's CCFLAGS, CFLAGS and CXXFLAGS (exceptions as PIO_FRAMEWORK_ARDUINO_ENABLE_EXCEPTIONS asks). */
export function esp8266Options(input: Esp8266Input): { ccFlags: string[]; cFlags: string[]; cxxFlags: string[] } {
  const exceptions = input.defines.some(([n]) => n === 'PIO_FRAMEWORK_ARDUINO_ENABLE_EXCEPTIONS');
  return {
    ccFlags: ['-Os', '-mlongcalls', '-mtext-section-literals', '-falign-functions=4', '-U__STRICT_ANSI__', '-ffunction-sections', '-fdata-sections', '-Wall', '-free', '-fipa-pta'],
    cFlags: ['-std=gnu17', '-Wpointer-arith', '-Wno-implicit-function-declaration', '-Wl,-EL', '-fno-inline-functions', '-nostdlib'],
    cxxFlags: ['-fno-rtti', '-std=gnu++17', exceptions ? '-fexceptions' : '-fno-exceptions'],
  };
}

/** With the core installed: the SDK's and libc's headers, the core, the toolchain's include folder, lwIP 2, the variant. */
export function esp8266Folders(input: Esp8266Input): { includeDirs: string[]; libraryDirs: string[] } | undefined {
  const dir = input.packages?.packageDir(CORE);
  const core = manifestString(input.manifest, 'build.core');
  if (!dir || !core) return undefined;
  const toolchain = input.packages?.packageDir('toolchain-xtensa');
  const variant = manifestString(input.manifest, 'build.variant');
  const sdk = path.join(dir, 'tools', 'sdk');
  return {
    includeDirs: [
      path.join(sdk, 'include'),
      path.join(sdk, 'libc', 'xtensa-lx106-elf', 'include'),
      path.join(dir, 'cores', core),
      ...(toolchain ? [path.join(toolchain, 'include')] : []),
      path.join(sdk, 'lwip2', 'include'),
      ...(variant ? [path.join(dir, 'variants', variant)] : []),
    ],
    libraryDirs: [path.join(dir, 'libraries')],
  };
}
