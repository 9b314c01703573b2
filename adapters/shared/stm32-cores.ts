// The Cortex-M core and floating-point unit of each STM32 family (ST's reference manuals and datasheets), for
// builds that name only the part (`STM32F401RETx`, a board id): the -mcpu, -mfpu and -mfloat-abi GCC compiles it with.

/** Each family's core, by the part's name (lower case, `stm32` first). */
const FAMILY_CORES: [RegExp, string][] = [
  [/^stm32f0/, 'cortex-m0'],
  [/^stm32(g0|l0|c0|u0)/, 'cortex-m0plus'],
  [/^stm32(f1|f2|l1)/, 'cortex-m3'],
  [/^stm32(f3|f4|g4|l4|wb|wl)/, 'cortex-m4'],
  [/^stm32(f7|h7)/, 'cortex-m7'],
  [/^stm32(l5|u5|h5)/, 'cortex-m33'],
];

/** The part's Cortex-M core (`cortex-m4`), or undefined for a name no family matches. */
export function stm32Core(mcu: string): string | undefined {
  const lower = mcu.toLowerCase();
  return FAMILY_CORES.find(([re]) => re.test(lower))?.[1];
}

/**
 * The FPU of a part whose core has one (single precision on M4 and M33 parts and the F72x-F75x M7s, double on the
 * other M7s); undefined for the cores without (M0, M0+, M3) and for the WL's M4, which has none.
 */
export function stm32Fpu(mcu: string): string | undefined {
  const lower = mcu.toLowerCase();
  const core = stm32Core(lower);
  if (core === 'cortex-m4') return /^stm32wl/.test(lower) ? undefined : 'fpv4-sp-d16';
  if (core === 'cortex-m33') return 'fpv5-sp-d16';
  if (core === 'cortex-m7') return /^stm32f7[2-5]/.test(lower) ? 'fpv5-sp-d16' : 'fpv5-d16';
  return undefined;
}
