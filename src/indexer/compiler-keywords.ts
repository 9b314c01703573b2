// Keywords of the Arm Compiler 5 (armcc) and IAR (iccarm) C compilers that decorate declarations and that
// tree-sitter's C grammar does not know (`__weak void f(void)`, `__packed struct s`, `__align(8) char b[8]`,
// `__no_init int x`): given to the masking as `<built-in>` records that expand to nothing, so that blank-macros.ts
// blanks each use as it blanks a decorating macro (columns kept), and armcc's embedded-assembler functions, whose
// bodies are armasm. A build's compiler is known by its built-ins.
import type { MacroRecord } from '../preprocessor/api.js';
import type { MacroDef } from '../preprocessor/macro-definition.js';
import { EMBEDDED_ASM, IAR_PLACEMENT } from './blank-macros.js';

/** armcc 5: declaration keywords, and those taking an argument (`__align(8)`, `__svc(0x10)`). */
const ARMCC = ['__weak', '__irq', '__packed', '__value_in_regs', '__pure', '__softfp', '__smc', '__forceinline'];
const ARMCC_WITH_ARGUMENT = ['__align', '__svc', '__svc_indirect', '__svc_indirect_r7', '__swi', '__swi_indirect', '__global_reg'];
/** iccarm: extended keywords. */
const ICCARM = [
  '__no_init', '__ramfunc', '__root', '__interrupt', '__task', '__noreturn', '__intrinsic', '__nested', '__stackless', '__weak', '__packed',
  '__irq', '__fiq', '__arm', '__thumb', '__swi', '__big_endian', '__little_endian', '__monitor', '__cmse_nonsecure_entry', '__cmse_nonsecure_call', '__ro_placement',
];

const record = (name: string, functionLike: boolean): MacroRecord => ({ name, params: functionLike ? '(x)' : null, value: '', functionLike, file: '<built-in>', line: 0, expandedValue: null });
// `__asm` is blanked by rule: an embedded-assembler function's body is armasm (see EMBEDDED_ASM).
const ARMCC_RECORDS = [...ARMCC.map((n) => record(n, false)), ...ARMCC_WITH_ARGUMENT.map((n) => record(n, true)), { ...record('__asm', false), value: EMBEDDED_ASM }];
// `@` is blanked by rule, with the address or section it places a declaration at (see IAR_PLACEMENT).
const ICCARM_RECORDS = [...ICCARM.map((n) => record(n, false)), { ...record('@', false), value: IAR_PLACEMENT }];

/** The keyword records of the compiler these built-ins are of (none for GCC and Clang). */
export function compilerKeywordRecords(builtins: ReadonlyMap<string, MacroDef> | undefined): MacroRecord[] {
  if (builtins?.has('__CC_ARM')) return ARMCC_RECORDS;
  if (builtins?.has('__ICCARM__')) return ICCARM_RECORDS;
  return [];
}

/** `records` with the compiler's keyword records before them, those the records define themselves left out. */
export function withCompilerKeywords(records: MacroRecord[], keywords: MacroRecord[]): MacroRecord[] {
  if (keywords.length === 0) return records;
  const defined = new Set(records.map((r) => r.name));
  return [...keywords.filter((k) => !defined.has(k.name)), ...records];
}
