// A built-in table for a GCC cross compiler fw-context has no table of its own for (RISC-V, Xtensa as in ESP32,
// AArch64): GCC 12's macros that do not depend on the target (those the host x86_64 gcc and arm-none-eabi-gcc 12 both
// print alike: __GNUC__, the standard's, atomics' orders, 8/16/32-bit types, IEEE float limits), with the data model
// and the architecture's own macros the target triple and -march/-mabi name. Sizes of long and pointers follow
// ILP32 or LP64; what only the real compiler knows (its exact version, every ISA extension) is left out.
import { ARM_GCC12_COMMON_C } from './implicit-macro-tables-arm-common.js';
import { HOST_X86_64_GCC12_C } from './implicit-macro-tables-host.js';
import { lastFlagValue } from './implicit-macro-flag-effects.js';

let independent: string | undefined;

/**
 * GCC 12's target-independent macros (C, no -O): the lines arm-none-eabi-gcc's common part and the host gcc's table
 * share, and the evaluation method every target has without `_Float16` arithmetic.
 */
export function targetIndependent(): string {
  if (independent === undefined) {
    const host = new Set(HOST_X86_64_GCC12_C.split('\n'));
    const shared = ARM_GCC12_COMMON_C.split('\n').filter((l) => l.startsWith('#define ') && host.has(l));
    independent = `\n${[...shared, '#define __FLT_EVAL_METHOD__ 0', '#define __FLT_EVAL_METHOD_TS_18661_3__ 0'].join('\n')}\n`;
  }
  return independent;
}

/** The cross compilers this table stands for, by the start of their name. */
export const CROSS_GCC_NAME = /^(riscv(32|64)?|xtensa|aarch64)[\w.-]*-(gcc|g\+\+|c\+\+|cc|cpp)(-[\d.]+)?$/;

/** ILP32 (32-bit long and pointers) or LP64. */
function dataModel(lp64: boolean): string[] {
  const w = lp64 ? '8' : '4';
  const lines = [`__SIZEOF_LONG__ ${w}`, `__SIZEOF_POINTER__ ${w}`, `__SIZEOF_SIZE_T__ ${w}`, `__SIZEOF_PTRDIFF_T__ ${w}`, `__LONG_MAX__ ${lp64 ? '0x7fffffffffffffffL' : '0x7fffffffL'}`, `__LONG_WIDTH__ ${lp64 ? '64' : '32'}`];
  return lp64 ? [...lines, '__LP64__ 1', '_LP64 1'] : lines;
}

/** RISC-V: XLEN, the float ABI and the base extensions from -march/-mabi (`g` is `imafd`), the code model. */
function riscvMacros(triple: string, flags: string[]): string[] {
  const march = lastFlagValue(flags, /^-march=(rv(?:32|64)\w*)/);
  const mabi = lastFlagValue(flags, /^-mabi=(\w+)$/);
  const xlen = march ? march.slice(2, 4) : mabi ? (mabi.startsWith('lp64') ? '64' : '32') : triple.startsWith('riscv32') ? '32' : '64';
  const ext = (march ?? `rv${xlen}gc`).slice(4).split('_')[0].replace('g', 'imafd');
  const lines = ['__riscv 1', `__riscv_xlen ${xlen}`, ...dataModel(xlen === '64')];
  if (ext.includes('c')) lines.push('__riscv_compressed 1');
  if (ext.startsWith('e')) lines.push('__riscv_32e 1');
  if (ext.includes('a')) lines.push('__riscv_atomic 1');
  if (ext.includes('m')) lines.push('__riscv_mul 1', '__riscv_div 1', '__riscv_muldiv 1');
  const flen = ext.includes('d') ? '64' : ext.includes('f') ? '32' : undefined;
  if (flen) lines.push(`__riscv_flen ${flen}`, '__riscv_fdiv 1', '__riscv_fsqrt 1');
  const abiFloat = (mabi ?? (flen === '64' ? `lp64d` : 'lp64')).replace(/^(ilp32e?|lp64)/, '');
  lines.push(`__riscv_float_abi_${abiFloat === 'd' ? 'double' : abiFloat === 'f' ? 'single' : 'soft'} 1`);
  const cmodel = lastFlagValue(flags, /^-mcmodel=(medlow|medany)$/) ?? 'medlow';
  lines.push(`__riscv_cmodel_${cmodel} 1`);
  return lines;
}

/** The table for a cross compiler named `compiler` (its basename matches CROSS_GCC_NAME) and its target flags. */
export function crossGccTable(compiler: string, flags: string[]): { name: string; text: string } {
  const triple = compiler.replace(/-(gcc|g\+\+|c\+\+|cc|cpp)(-[\d.]+)?$/, '');
  let own: string[];
  if (triple.startsWith('riscv')) own = riscvMacros(triple, flags);
  else if (triple.startsWith('xtensa')) own = ['__xtensa__ 1', '__XTENSA__ 1', '__XTENSA_EL__ 1', ...dataModel(false)];
  else own = ['__aarch64__ 1', ...dataModel(true)];
  return { name: `gcc-12-target-independent/${triple}`, text: `${targetIndependent()}${own.map((l) => `#define ${l}`).join('\n')}\n` };
}
