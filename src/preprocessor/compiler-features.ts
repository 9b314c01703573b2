// Answers for __has_attribute / __has_cpp_attribute / __has_c_attribute / __has_builtin / __has_feature from a
// table of GCC (12/13) knowledge. Leaves out target-specific builtins beyond a few ARM ones; unknown → 0.

const GNU_ATTRIBUTES = `
aligned alloc_align alloc_size always_inline artificial assume_aligned cleanup cold common const constructor
copy deprecated designated_init destructor error externally_visible fallthrough flatten format format_arg gnu_inline
hot ifunc interrupt isr leaf malloc may_alias mode no_icf no_instrument_function no_profile_instrument_function
no_reorder no_sanitize no_sanitize_address no_split_stack no_stack_limit noclone nocommon noinit noinline noipa
nonnull nonstring noplt noreturn nothrow optimize packed pure persistent retain returns_nonnull returns_twice
scalar_storage_order section sentinel simd stack_protect symver target target_clones tls_model transparent_union
unavailable unused used vector_size visibility warn_if_not_aligned warn_unused_result warning weak weakref
access zero_call_used_regs naked pcs long_call short_call cmse_nonsecure_call cmse_nonsecure_entry
target_version no_stack_protector nocf_check fd_arg objc_nullability
`.trim().split(/\s+/);

/** C++ standard attributes and their __has_cpp_attribute values (GCC 12). */
const CPP_ATTRIBUTES: Record<string, number> = {
  noreturn: 200809, carries_dependency: 0, deprecated: 201309, fallthrough: 201603, maybe_unused: 201603,
  nodiscard: 201907, likely: 201803, unlikely: 201803, no_unique_address: 201803,
};

/** C2x standard attributes and their __has_c_attribute values (GCC 12). */
const C_ATTRIBUTES: Record<string, number> = {
  deprecated: 201904, fallthrough: 201904, maybe_unused: 201904, nodiscard: 202003,
};

const BUILTINS = new Set(
  `
__builtin_expect __builtin_expect_with_probability __builtin_unreachable __builtin_trap __builtin_constant_p
__builtin_choose_expr __builtin_types_compatible_p __builtin_offsetof __builtin_va_start __builtin_va_end
__builtin_va_arg __builtin_va_copy __builtin_va_list __builtin_object_size __builtin_dynamic_object_size
__builtin_prefetch __builtin_frame_address __builtin_return_address __builtin_extract_return_addr
__builtin_assume_aligned __builtin_alloca __builtin_alloca_with_align __builtin_clz __builtin_clzl __builtin_clzll
__builtin_ctz __builtin_ctzl __builtin_ctzll __builtin_clrsb __builtin_clrsbl __builtin_clrsbll __builtin_ffs
__builtin_ffsl __builtin_ffsll __builtin_popcount __builtin_popcountl __builtin_popcountll __builtin_parity
__builtin_parityl __builtin_parityll __builtin_bswap16 __builtin_bswap32 __builtin_bswap64 __builtin_bswap128
__builtin_add_overflow __builtin_sub_overflow __builtin_mul_overflow __builtin_add_overflow_p
__builtin_sub_overflow_p __builtin_mul_overflow_p __builtin_sadd_overflow __builtin_uadd_overflow
__builtin_smul_overflow __builtin_umul_overflow __builtin_memcpy __builtin_memmove __builtin_memset
__builtin_memcmp __builtin_strlen __builtin_strcmp __builtin_strcpy __builtin_strncpy __builtin_strcat
__builtin_abort __builtin_exit __builtin_abs __builtin_labs __builtin_llabs __builtin_fabs __builtin_fabsf
__builtin_sqrt __builtin_sqrtf __builtin_inf __builtin_inff __builtin_huge_val __builtin_huge_valf
__builtin_nan __builtin_nanf __builtin_isnan __builtin_isinf __builtin_isfinite __builtin_isnormal
__builtin_signbit __builtin_copysign __builtin_fpclassify __builtin_isgreater __builtin_isless
__builtin_LINE __builtin_FILE __builtin_FUNCTION __builtin_speculation_safe_value __builtin_classify_type
__builtin_shuffle __builtin_convertvector
__builtin_apply __builtin_apply_args __builtin_return __builtin_setjmp __builtin_longjmp
__builtin___clear_cache __builtin_printf __builtin_sprintf __builtin_snprintf __builtin_malloc __builtin_free
__builtin_calloc __builtin_realloc __builtin_stack_save __builtin_stack_restore __builtin_has_attribute
__builtin_assoc_barrier __builtin_shufflevector __builtin_clear_padding
__sync_synchronize __sync_fetch_and_add __sync_fetch_and_sub __sync_fetch_and_or __sync_fetch_and_and
__sync_fetch_and_xor __sync_fetch_and_nand __sync_add_and_fetch __sync_sub_and_fetch __sync_or_and_fetch
__sync_and_and_fetch __sync_xor_and_fetch __sync_nand_and_fetch __sync_bool_compare_and_swap
__sync_val_compare_and_swap __sync_lock_test_and_set __sync_lock_release
__atomic_load __atomic_load_n __atomic_store __atomic_store_n __atomic_exchange __atomic_exchange_n
__atomic_compare_exchange __atomic_compare_exchange_n __atomic_add_fetch __atomic_sub_fetch __atomic_and_fetch
__atomic_xor_fetch __atomic_or_fetch __atomic_nand_fetch __atomic_fetch_add __atomic_fetch_sub
__atomic_fetch_and __atomic_fetch_xor __atomic_fetch_or __atomic_fetch_nand __atomic_test_and_set
__atomic_clear __atomic_thread_fence __atomic_signal_fence __atomic_always_lock_free __atomic_is_lock_free
`.trim().split(/\s+/),
);

/** C++-only builtins and type-trait keywords __has_builtin answers 1 for (GCC 12, checked against g++ 12). */
const CPP_BUILTINS = new Set(
  `
__builtin_is_constant_evaluated __builtin_bit_cast __builtin_launder __builtin_addressof __builtin_source_location
__integer_pack __is_same __is_same_as __is_aggregate __has_unique_object_representations __is_layout_compatible
__builtin_is_corresponding_member __is_pointer_interconvertible_base_of __builtin_is_pointer_interconvertible_with_class
__has_nothrow_assign __has_nothrow_constructor __has_nothrow_copy __has_trivial_assign __has_trivial_constructor
__has_trivial_copy __has_trivial_destructor __has_virtual_destructor __is_abstract __is_base_of __is_class __is_empty
__is_enum __is_final __is_literal_type __is_pod __is_polymorphic __is_standard_layout __is_trivial
__is_trivially_assignable __is_trivially_constructible __is_trivially_copyable __is_union __underlying_type
__is_assignable __is_constructible
`.trim().split(/\s+/),
);
/** Added by GCC 13 (C++). */
const CPP_BUILTINS_13 = new Set(['__is_convertible', '__is_nothrow_convertible', '__remove_cv', '__remove_reference', '__remove_cvref', '__reference_constructs_from_temporary', '__reference_converts_from_temporary', '__is_nothrow_assignable', '__is_nothrow_constructible']);

export interface CompilerFeatures {
  /** __GNUC__ of the compiler, 0 when not GCC-like. */
  gccMajor: number;
  cplusplus: boolean;
  /** An Arm target with a floating-point unit (`__arm__` and `__ARM_FP` among the implicit macros). */
  armFp?: boolean;
}

/**
 * Arm builtins GCC has where the target has a floating-point unit (checked against arm-none-eabi-gcc 12 for
 * Cortex-M0, M4 soft and hard float, M55): CMSIS's cmsis_gcc.h reads FPSCR through them when __has_builtin says so.
 */
const ARM_FP_BUILTINS = new Set(['__builtin_arm_get_fpscr', '__builtin_arm_set_fpscr']);

function strip(name: string): string {
  const m = /^__(.*)__$/.exec(name);
  return m ? m[1] : name;
}

export function hasAttribute(name: string, f: CompilerFeatures): number {
  const scoped = /^(\w+)::(\w+)$/.exec(name);
  if (scoped) {
    if (scoped[1] === 'gnu' || scoped[1] === '__gnu__') return GNU_ATTRIBUTES.includes(strip(scoped[2])) ? 1 : 0;
    return 0;
  }
  const n = strip(name);
  if (GNU_ATTRIBUTES.includes(n)) return 1;
  if (f.cplusplus && CPP_ATTRIBUTES[n]) return CPP_ATTRIBUTES[n];
  return 0;
}

export function hasCppAttribute(name: string, f: CompilerFeatures): number {
  const scoped = /^(\w+)::(\w+)$/.exec(name);
  if (scoped) return hasAttribute(name, f);
  return CPP_ATTRIBUTES[strip(name)] ?? (GNU_ATTRIBUTES.includes(strip(name)) && f.gccMajor > 0 ? 0 : 0);
}

export function hasCAttribute(name: string, f: CompilerFeatures): number {
  const scoped = /^(\w+)::(\w+)$/.exec(name);
  if (scoped) return hasAttribute(name, f);
  const n = strip(name);
  if (f.gccMajor >= 13 && (n === 'noreturn' || n === '_Noreturn')) return 202202;
  if (f.gccMajor >= 14 && (n === 'unsequenced' || n === 'reproducible')) return 202207;
  return C_ATTRIBUTES[n] ?? 0;
}

export function hasBuiltin(name: string, f: CompilerFeatures): number {
  if (BUILTINS.has(name)) return 1;
  if (f.armFp && f.gccMajor > 0 && ARM_FP_BUILTINS.has(name)) return 1;
  if (f.cplusplus && CPP_BUILTINS.has(name)) return 1;
  if (f.cplusplus && f.gccMajor >= 13 && CPP_BUILTINS_13.has(name)) return 1;
  return 0;
}

/** GCC answers __has_feature only from GCC 14 on (clang-compatible names); we know none as present. */
export function hasFeature(_name: string, _f: CompilerFeatures): number {
  return 0;
}
