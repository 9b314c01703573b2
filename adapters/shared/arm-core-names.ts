// Arm core names as IDE projects write them (`Cortex-M4`, `Cortex-M0+`, `ARM7TDMI`) in the spelling GCC's -mcpu takes
// (`cortex-m4`, `cortex-m0plus`, `arm7tdmi`), shared by the µVision and Embedded Studio adapters.

/** The -mcpu name of an IDE's core name. */
export function gccCpuName(core: string): string {
  return core.toLowerCase().replace(/\+$/, 'plus');
}
