// The Maple core's Arduino builder (Roger Clark's Arduino_STM32, a board with build.core `maple`): platform-ststm32's
// builder/frameworks/arduino/maple/stm32f1.py and stm32f4.py as the platform last wrote them before they moved into
// the framework-arduinoststm32-maple package. Its variant, error LED, vector table, defines, options and folders.
import path from 'node:path';
import { manifestString } from './board-manifest.js';
import type { CompileOptions } from './builder-compile-options.js';
import type { BuilderDefines, BuilderInput, Define } from './builder-common.js';
import type { FrameworkFolders } from './framework-folders.js';
import { stm32Mcu, stm32TargetFlags } from './stm32-builder.js';

/** What the builder works out from the board before it appends anything. */
interface MapleBoard {
  family: 'f1' | 'f4';
  /** The MCU without package and temperature range (`stm32f103rc`), the builder's mcu_type. */
  mcuType: string;
  variant?: string;
  /** BOARD_<name> and ARDUINO_<name> (the F1 builder's board_type, the F4 builder's board and variant). */
  boardName?: string;
  arduinoName?: string;
  vector: number;
  led: [string, number];
  /** Defines the builder appends before its main list (by upload protocol and board). */
  first: Define[];
}

/** The F1 builder's variant folder for an MCU (undefined where its table has none). */
function f1Variant(mcuType: string): string | undefined {
  const table: [string[], string][] = [
    [['f103c'], 'generic_stm32f103c'],
    [['f103r8', 'f103rb'], 'generic_stm32f103r8'],
    [['f103rc', 'f103re'], 'generic_stm32f103r'],
    [['f103t8', 'f103tb'], 'generic_stm32f103t'],
    [['f103vb'], 'generic_stm32f103vb'],
    [['f103vc', 'f103ve', 'f103vd'], 'generic_stm32f103v'],
    [['f103z'], 'generic_stm32f103z'],
  ];
  return table.find(([parts]) => parts.some((p) => mcuType.includes(p)))?.[1];
}

/** stm32f1.py: the variant by MCU, then the upload protocol's and the Maple/Microduino/Nucleo boards' remaps. */
function f1Board(input: BuilderInput, mcuType: string, vector: number): MapleBoard {
  const id = input.boardId ?? '';
  let variant = f1Variant(mcuType);
  const led: [string, number] = mcuType.includes('f103v') ? ['GPIOE', 6] : ['GPIOB', 1];
  const protocol = input.uploadProtocol;
  const first: Define[] = protocol !== 'dfu' && protocol !== 'serial' ? [['CONFIG_MAPLE_MINI_NO_DISABLE_DEBUG', '1'], ['SERIAL_USB', undefined], ['GENERIC_BOOTLOADER', undefined]] : [];
  if (id.includes('maple') || id.includes('microduino')) {
    first.push(['SERIAL_USB', undefined]);
    vector = id === 'maple_mini_b20' ? 0x8002000 : 0x8005000;
    variant = id.includes('microduino') ? 'microduino' : id.includes('maple_mini') ? 'maple_mini' : id === 'maple_ret6' ? 'maple_ret6' : 'maple';
  } else if (id.includes('nucleo_f103rb')) {
    variant = 'nucleo_f103rb';
    first.push(['NUCLEO_HSE_CRYSTAL', undefined]);
  } else if (protocol === 'dfu') {
    first.push(['SERIAL_USB', undefined], ['GENERIC_BOOTLOADER', undefined]);
    vector = 0x8002000;
  }
  // A board of the project's own that names its variant (a copy the project puts among the package's) builds that one.
  variant = ownVariant(input) ?? variant;
  const boardType = id.includes('nucleo_f103rb') ? 'STM_NUCLEO_F103RB' : id.includes('maple_ret6') ? 'MAPLE_RET6' : id.includes('microduino') ? 'MICRODUINO_CORE_STM32' : variant;
  return { family: 'f1', mcuType, variant, boardName: variant, arduinoName: boardType, vector, led, first };
}

/** stm32f4.py: the Discovery board's defaults, the F407VE/VG variants, the DFU bootloader's vector. */
function f4Board(input: BuilderInput, mcuType: string, vector: number): MapleBoard {
  let led: [string, number] = ['GPIOA', 7];
  let boardType = 'discovery_f4';
  let variant: string | undefined;
  if (mcuType.includes('f407ve')) variant = boardType = 'generic_f407v';
  else if (mcuType.includes('f407vg')) {
    led = ['GPIOD', 14];
    variant = 'discovery_f407';
  }
  if (input.uploadProtocol === 'dfu') vector = 0x8004000;
  variant = ownVariant(input) ?? variant;
  return { family: 'f4', mcuType, variant, boardName: boardType, arduinoName: variant?.toUpperCase(), vector, led, first: [] };
}

/** The variant a board whose own manifest sets the Maple core names (build.variant), if any. */
function ownVariant(input: BuilderInput): string | undefined {
  return manifestString(input.manifest, 'build.core') === 'maple' ? manifestString(input.manifest, 'build.variant') : undefined;
}

/** The board's MCU without package and temperature range (the builder's mcu_type), and which builder its family has. */
function mapleMcu(input: Pick<BuilderInput, 'manifest' | 'boardId'>): { mcuType: string; family?: 'f1' | 'f4' } {
  const { mcu, whole } = stm32Mcu(input);
  const mcuType = whole ? mcu.slice(0, -2) : mcu;
  return { mcuType, family: mcuType.startsWith('stm32f1') ? 'f1' : mcuType.startsWith('stm32f4') ? 'f4' : undefined };
}

/** The board as the builder for its family sees it, or undefined when the MCU (and so the family) is unknown. */
function mapleBoard(input: BuilderInput): MapleBoard | undefined {
  const { mcuType, family } = mapleMcu(input);
  const vector = Number.parseInt(manifestString(input.manifest, 'build.vec_tab_addr') ?? '0x8000000', 16);
  if (family === 'f1') return f1Board(input, mcuType, vector);
  if (family === 'f4') return f4Board(input, mcuType, vector);
  return undefined;
}

const hex = (n: number) => `0x${n.toString(16)}`;

/** The builder's defines (its own order) and target flags; the MCU named as missing when the board does not tell it. */
export function mapleDefines(input: BuilderInput): BuilderDefines {
  const board = mapleBoard(input);
  if (!board) return { defines: [['ARDUINO', '10610']], ccFlags: [], missing: ['the board\'s MCU'] };
  const f1 = board.family === 'f1';
  const defines: Define[] = [
    ...board.first,
    ['DEBUG_LEVEL', 'DEBUG_NONE'],
    ...(board.boardName ? [[`BOARD_${board.boardName}`, undefined] as Define] : []),
    ...(f1 ? [['VECT_TAB_ADDR', String(board.vector)] as Define] : []),
    ['ERROR_LED_PORT', board.led[0]],
    ['ERROR_LED_PIN', String(board.led[1])],
    ['ARDUINO', '10610'],
    ...(board.arduinoName ? [[`ARDUINO_${board.arduinoName}`, undefined] as Define] : []),
    ...(f1
      ? ([['ARDUINO_ARCH_STM32F1', undefined], ['__STM32F1__', undefined], [`MCU_${board.mcuType.toUpperCase()}`, undefined]] as Define[])
      : ([['ARDUINO_ARCH_STM32F4', undefined], ['VECT_TAB_FLASH', undefined], ['USER_ADDR_ROM', hex(board.vector)], ['__STM32F4__', undefined], ['STM32_HIGH_DENSITY', undefined]] as Define[])),
  ];
  // The F4 builder drops USB_NC when the env asks for a USB serial or mass storage.
  if (!f1 && !input.defines.some(([n]) => n === 'SERIAL_USB' || n === 'USB_MSC')) defines.push(['USB_NC', undefined]);
  const target = stm32TargetFlags(input.manifest, board.mcuType);
  const cpu = target.cpu ? [`-mcpu=${target.cpu}`] : [];
  return { defines, ccFlags: cpu, missing: board.variant ? [] : ['the board\'s variant (its MCU is not in the builder\'s table)'] };
}

/** The builder's CCFLAGS (its -mcpu is among mapleDefines' target flags), CFLAGS and CXXFLAGS. */
export function mapleOptions(input: Pick<BuilderInput, 'manifest' | 'boardId'>): CompileOptions {
  const f1 = mapleMcu(input).family !== 'f4';
  return {
    ccFlags: ['-MMD', '--param', 'max-inline-insns-single=500', ...(f1 ? ['-march=armv7-m'] : []), '-Os', '-ffunction-sections', '-fdata-sections', '-Wall', '-mthumb', '-nostdlib'],
    cFlags: ['-std=gnu11'],
    cxxFlags: ['-std=gnu++11', '-fno-rtti', '-fno-exceptions'],
  };
}

/** The core's and libmaple's folders in the installed package (its STM32F1 or STM32F4 tree), the variant, the libraries. */
export function mapleFolders(input: BuilderInput): FrameworkFolders | undefined {
  const board = mapleBoard(input);
  const pkg = input.packages?.packageDir('framework-arduinoststm32-maple');
  if (!board || !pkg) return undefined;
  const dir = path.join(pkg, board.family === 'f1' ? 'STM32F1' : 'STM32F4');
  const rels = board.family === 'f1'
    ? ['cores/maple', 'system/libmaple', 'system/libmaple/include', 'system/libmaple/stm32f1/include', 'system/libmaple/usb/stm32f1', 'system/libmaple/usb/usb_lib']
    : ['cores/maple', 'cores/maple/avr', 'cores/maple/libmaple', 'cores/maple/libmaple/usbF4', 'cores/maple/libmaple/usbF4/VCP', 'system/libmaple'];
  const variant = board.variant ? [path.join(dir, 'variants', board.variant)] : [];
  return { includeDirs: [...rels.map((r) => path.join(dir, ...r.split('/'))), ...variant], libraryDirs: [path.join(dir, 'libraries', '__cores__', 'maple'), path.join(dir, 'libraries')] };
}
