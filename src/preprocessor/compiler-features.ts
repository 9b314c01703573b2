// Answers for __has_attribute / __has_cpp_attribute / __has_c_attribute / __has_builtin / __has_feature as GCC 12
// gives them (the names in gcc12-builtin-names.ts, by language and target), with what GCC 13 and 14 add; unknown → 0.
import {
  GCC12_ARM_ATTRIBUTES, GCC12_ARM_BUILTINS, GCC12_ARM_FP_BUILTINS, GCC12_ATTRIBUTES, GCC12_BUILTINS, GCC12_C_BUILTINS, GCC12_CXX_ATTRIBUTES,
  GCC12_CXX_BUILTINS, GCC12_LIBRARY_BUILTINS, GCC12_STANDARD_ATTRIBUTES_C, GCC12_STANDARD_ATTRIBUTES_CXX, GCC12_X86_ATTRIBUTES, GCC12_X86_BUILTINS,
} from './gcc12-builtin-names.js';

/** C++ standard attributes and their __has_cpp_attribute values (GCC 12). */
const CPP_ATTRIBUTES: Record<string, number> = {
  noreturn: 200809, carries_dependency: 0, deprecated: 201309, fallthrough: 201603, maybe_unused: 201603,
  nodiscard: 201907, likely: 201803, unlikely: 201803, no_unique_address: 201803,
};

/** C2x standard attributes and their __has_c_attribute values (GCC 12). */
const C_ATTRIBUTES: Record<string, number> = {
  deprecated: 201904, fallthrough: 201904, maybe_unused: 201904, nodiscard: 202003,
};

/** Added by GCC 13 (C++). */
const CPP_BUILTINS_13 = new Set(['__is_convertible', '__is_nothrow_convertible', '__remove_cv', '__remove_reference', '__remove_cvref', '__reference_constructs_from_temporary', '__reference_converts_from_temporary', '__is_nothrow_assignable', '__is_nothrow_constructible']);

export interface CompilerFeatures {
  /** __GNUC__ of the compiler, 0 when not GCC-like. */
  gccMajor: number;
  cplusplus: boolean;
  /** The target's architecture, from the implicit macros (`__arm__`, `__x86_64__`), for its own builtins and attributes. */
  arch?: 'arm' | 'x86' | 'other';
  /**
   * An Arm target with a floating-point unit (`__arm__` and `__ARM_FP` among the implicit macros): CMSIS's
   * cmsis_gcc.h reads FPSCR through __builtin_arm_get_fpscr when __has_builtin says so.
   */
  armFp?: boolean;
}

const ATTRIBUTES = { all: new Set(GCC12_ATTRIBUTES), arm: new Set(GCC12_ARM_ATTRIBUTES), x86: new Set(GCC12_X86_ATTRIBUTES), cxx: new Set(GCC12_CXX_ATTRIBUTES) };
const BUILTINS = {
  library: new Set(GCC12_LIBRARY_BUILTINS), all: new Set(GCC12_BUILTINS), c: new Set(GCC12_C_BUILTINS), cxx: new Set(GCC12_CXX_BUILTINS),
  arm: new Set(GCC12_ARM_BUILTINS), armFp: new Set(GCC12_ARM_FP_BUILTINS), x86: new Set(GCC12_X86_BUILTINS),
};

/** Whether GCC knows the GNU attribute `name` (also spelt `__name__`) for this target and language. */
function gnuAttribute(name: string, f: CompilerFeatures): boolean {
  const n = strip(name);
  if (ATTRIBUTES.all.has(n)) return true;
  if (f.cplusplus && ATTRIBUTES.cxx.has(n)) return true;
  return (f.arch === 'arm' && ATTRIBUTES.arm.has(n)) || (f.arch === 'x86' && ATTRIBUTES.x86.has(n));
}

/** A table's own value for `name` (never an Object.prototype member such as `constructor`). */
function own(table: Record<string, number>, name: string): number | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

function strip(name: string): string {
  const m = /^__(.*)__$/.exec(name);
  return m ? m[1] : name;
}

export function hasAttribute(name: string, f: CompilerFeatures): number {
  const scoped = /^(\w+)::(\w+)$/.exec(name);
  if (scoped) return (scoped[1] === 'gnu' || scoped[1] === '__gnu__') && gnuAttribute(scoped[2], f) ? 1 : 0;
  const n = strip(name);
  const standard = own(f.cplusplus ? GCC12_STANDARD_ATTRIBUTES_CXX : GCC12_STANDARD_ATTRIBUTES_C, n);
  if (standard) return standard;
  return gnuAttribute(n, f) ? 1 : 0;
}

export function hasCppAttribute(name: string, f: CompilerFeatures): number {
  const scoped = /^(\w+)::(\w+)$/.exec(name);
  if (scoped) return hasAttribute(name, f);
  // Unscoped GNU attributes count too (GCC 12: `__has_cpp_attribute(packed)` is 1).
  return own(CPP_ATTRIBUTES, strip(name)) ?? (gnuAttribute(name, f) ? 1 : 0);
}

export function hasCAttribute(name: string, f: CompilerFeatures): number {
  const scoped = /^(\w+)::(\w+)$/.exec(name);
  if (scoped) return hasAttribute(name, f);
  const n = strip(name);
  if (f.gccMajor >= 13 && (n === 'noreturn' || n === '_Noreturn')) return 202202;
  if (f.gccMajor >= 14 && (n === 'unsequenced' || n === 'reproducible')) return 202207;
  return own(C_ATTRIBUTES, n) ?? 0;
}

export function hasBuiltin(name: string, f: CompilerFeatures): number {
  const library = name.startsWith('__builtin_') ? name.slice(10) : name;
  if (BUILTINS.library.has(library) || BUILTINS.all.has(name)) return 1;
  if (f.cplusplus ? BUILTINS.cxx.has(name) : BUILTINS.c.has(name)) return 1;
  if (f.arch === 'arm' && (BUILTINS.arm.has(name) || (f.armFp && f.gccMajor > 0 && BUILTINS.armFp.has(name)))) return 1;
  if (f.arch === 'x86' && BUILTINS.x86.has(name)) return 1;
  if (f.cplusplus && f.gccMajor >= 13 && CPP_BUILTINS_13.has(name)) return 1;
  return 0;
}

/** GCC answers __has_feature only from GCC 14 on (clang-compatible names); we know none as present. */
export function hasFeature(_name: string, _f: CompilerFeatures): number {
  return 0;
}
