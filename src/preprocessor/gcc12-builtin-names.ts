// GCC 12's answers to __has_builtin and __has_attribute, as arm-none-eabi-gcc 12.2 and the host gcc 12.2 give them
// (each name asked of both compilers, in C and C++; candidates from GCC's and the C libraries' headers). Target
// builtins are Arm's core ones and those an FPU adds (not NEON's, MVE's or the crypto extension's), and the x86 host's
// that are not intrinsics (no __builtin_ia32_*). Read by compiler-features.ts.

const split = (text: string): string[] => text.trim().split(/\s+/);

/** C library functions GCC knows as builtins: both `NAME` and `__builtin_NAME` answer 1. */
export const GCC12_LIBRARY_BUILTINS = split(`
_exit abort abs acos acosf acosh acoshf acoshl acosl aligned_alloc alloca asin asinf asinh asinhf asinhl asinl atan
atan2 atan2f atan2l atanf atanh atanhf atanhl atanl bcmp bcopy bzero cabs cabsf cabsl cacos cacosf cacosh cacoshf
cacoshl cacosl calloc carg cargf cargl casin casinf casinh casinhf casinhl casinl catan catanf catanh catanhf
catanhl catanl cbrt cbrtf cbrtl ccos ccosf ccosh ccoshf ccoshl ccosl ceil ceilf ceill cexp cexpf cexpl cimag cimagf
cimagl clog clog10 clog10f clog10l clogf clogl conj conjf conjl copysign copysignf copysignl cos cosf cosh coshf
coshl cosl cpow cpowf cpowl cproj cprojf cprojl creal crealf creall csin csinf csinh csinhf csinhl csinl csqrt
csqrtf csqrtl ctan ctanf ctanh ctanhf ctanhl ctanl dcgettext dgettext drem dremf dreml erf erfc erfcf erfcl erff
erfl execl execle execlp execv execve execvp exit exp exp10 exp10f exp10l exp2 exp2f exp2l expf expl expm1 expm1f
expm1l fabs fabsf fabsl fdim fdimf fdiml feclearexcept fegetenv fegetexceptflag fegetround feholdexcept
feraiseexcept fesetenv fesetexceptflag fesetround fetestexcept feupdateenv ffs ffsl ffsll finite finitef finitel
floor floorf floorl fma fmaf fmal fmax fmaxf fmaxl fmin fminf fminl fmod fmodf fmodl fork fprintf fputc
fputc_unlocked fputs fputs_unlocked free frexp frexpf frexpl fscanf fwrite fwrite_unlocked gamma gamma_r gammaf
gammaf_r gammal gettext hypot hypotf hypotl ilogb ilogbf ilogbl imaxabs index isalnum isalpha isascii isblank
iscntrl isdigit isgraph isinf isinff isinfl islower isnan isnanf isnanl isprint ispunct isspace isupper iswalnum
iswalpha iswblank iswcntrl iswdigit iswgraph iswlower iswprint iswpunct iswspace iswupper iswxdigit isxdigit j0 j0f
j0l j1 j1f j1l jn jnf jnl labs ldexp ldexpf ldexpl lgamma lgamma_r lgammaf lgammaf_r lgammal llabs llrint llrintf
llrintl llround llroundf llroundl log log10 log10f log10l log1p log1pf log1pl log2 log2f log2l logb logbf logbl logf
logl lrint lrintf lrintl lround lroundf lroundl malloc memchr memcmp memcpy memmove mempcpy memset modf modff modfl
nan nanf nanl nearbyint nearbyintf nearbyintl nextafter nextafterf nextafterl nexttoward nexttowardf nexttowardl
posix_memalign pow pow10 pow10f pow10l powf powl printf putc putc_unlocked putchar putchar_unlocked puts realloc
remainder remainderf remainderl remquo remquof remquol rindex rint rintf rintl round roundeven roundevenf roundevenl
roundf roundl scalb scalbf scalbl scalbln scalblnf scalblnl scalbn scalbnf scalbnl scanf signbit signbitf signbitl
sin sincos sincosf sincosl sinf sinh sinhf sinhl sinl snprintf sprintf sqrt sqrtf sqrtl sscanf stpcpy stpncpy
strcasecmp strcat strchr strcmp strcpy strcspn strdup strfmon strftime strlen strncasecmp strncat strncmp strncpy
strndup strnlen strpbrk strrchr strspn strstr tan tanf tanh tanhf tanhl tanl tgamma tgammaf tgammal toascii tolower
toupper towlower towupper trunc truncf truncl vfprintf vfscanf vprintf vscanf vsnprintf vsprintf vsscanf y0 y0f y0l
y1 y1f y1l yn ynf ynl
`);

/** Builtins only by their `__builtin_` name, and the `__atomic_` / `__sync_` ones. */
export const GCC12_BUILTINS = split(`
__builtin_FILE __builtin_FUNCTION __builtin_LINE __builtin___clear_cache __builtin___fprintf_chk
__builtin___memcpy_chk __builtin___memmove_chk __builtin___mempcpy_chk __builtin___memset_chk __builtin___printf_chk
__builtin___snprintf_chk __builtin___sprintf_chk __builtin___stpcpy_chk __builtin___stpncpy_chk
__builtin___strcat_chk __builtin___strcpy_chk __builtin___strncat_chk __builtin___strncpy_chk
__builtin___vfprintf_chk __builtin___vprintf_chk __builtin___vsnprintf_chk __builtin___vsprintf_chk
__builtin_acc_on_device __builtin_add_overflow __builtin_add_overflow_p __builtin_aggregate_incoming_address
__builtin_alloca_with_align __builtin_alloca_with_align_and_max __builtin_apply __builtin_apply_args
__builtin_assoc_barrier __builtin_assume_aligned __builtin_bswap16 __builtin_bswap32 __builtin_bswap64
__builtin_classify_type __builtin_clear_padding __builtin_clrsb __builtin_clrsbl __builtin_clrsbll __builtin_clz
__builtin_clzl __builtin_clzll __builtin_constant_p __builtin_convertvector __builtin_ctz __builtin_ctzl
__builtin_ctzll __builtin_dwarf_cfa __builtin_dynamic_object_size __builtin_eh_return __builtin_expect
__builtin_expect_with_probability __builtin_extract_return_addr __builtin_fpclassify __builtin_frame_address
__builtin_frob_return_addr __builtin_has_attribute __builtin_huge_val __builtin_huge_valf __builtin_huge_valf32
__builtin_huge_valf32x __builtin_huge_valf64 __builtin_huge_vall __builtin_inf __builtin_inff __builtin_inff32
__builtin_inff32x __builtin_inff64 __builtin_infl __builtin_init_dwarf_reg_size_table __builtin_isfinite
__builtin_isgreater __builtin_isgreaterequal __builtin_isinf_sign __builtin_isless __builtin_islessequal
__builtin_islessgreater __builtin_isnormal __builtin_isunordered __builtin_longjmp __builtin_mul_overflow
__builtin_mul_overflow_p __builtin_nanf32 __builtin_nanf32x __builtin_nanf64 __builtin_nans __builtin_nansf
__builtin_nansf32 __builtin_nansf32x __builtin_nansf64 __builtin_nansl __builtin_next_arg __builtin_object_size
__builtin_offsetof __builtin_parity __builtin_parityl __builtin_parityll __builtin_popcount __builtin_popcountl
__builtin_popcountll __builtin_powi __builtin_powif __builtin_powil __builtin_prefetch __builtin_return
__builtin_return_address __builtin_sadd_overflow __builtin_saddl_overflow __builtin_saddll_overflow
__builtin_saveregs __builtin_setjmp __builtin_shuffle __builtin_shufflevector __builtin_smul_overflow
__builtin_smull_overflow __builtin_smulll_overflow __builtin_speculation_safe_value __builtin_ssub_overflow
__builtin_ssubl_overflow __builtin_ssubll_overflow __builtin_stack_restore __builtin_stack_save
__builtin_sub_overflow __builtin_sub_overflow_p __builtin_thread_pointer __builtin_trap __builtin_uadd_overflow
__builtin_uaddl_overflow __builtin_uaddll_overflow __builtin_umul_overflow __builtin_umull_overflow
__builtin_umulll_overflow __builtin_unreachable __builtin_unwind_init __builtin_usub_overflow
__builtin_usubl_overflow __builtin_usubll_overflow __builtin_va_arg_pack __builtin_va_arg_pack_len __builtin_va_copy
__builtin_va_end __builtin_va_start __atomic_add_fetch __atomic_always_lock_free __atomic_and_fetch __atomic_clear
__atomic_compare_exchange __atomic_compare_exchange_n __atomic_exchange __atomic_exchange_n __atomic_fetch_add
__atomic_fetch_and __atomic_fetch_nand __atomic_fetch_or __atomic_fetch_sub __atomic_fetch_xor __atomic_is_lock_free
__atomic_load __atomic_load_n __atomic_nand_fetch __atomic_or_fetch __atomic_signal_fence __atomic_store
__atomic_store_n __atomic_sub_fetch __atomic_test_and_set __atomic_thread_fence __atomic_xor_fetch __clear_cache
__fprintf_chk __memcpy_chk __memmove_chk __mempcpy_chk __memset_chk __printf_chk __snprintf_chk __sprintf_chk
__stpcpy_chk __stpncpy_chk __strcat_chk __strcpy_chk __strncat_chk __strncpy_chk __sync_add_and_fetch
__sync_and_and_fetch __sync_bool_compare_and_swap __sync_fetch_and_add __sync_fetch_and_and __sync_fetch_and_nand
__sync_fetch_and_or __sync_fetch_and_sub __sync_fetch_and_xor __sync_lock_release __sync_lock_test_and_set
__sync_nand_and_fetch __sync_or_and_fetch __sync_sub_and_fetch __sync_synchronize __sync_val_compare_and_swap
__sync_xor_and_fetch __vfprintf_chk __vprintf_chk __vsnprintf_chk __vsprintf_chk
`);

/** Builtins of C only. */
export const GCC12_C_BUILTINS = split(`__builtin_choose_expr __builtin_types_compatible_p nanf32 nanf32x nanf64`);

/** Builtins and type-trait keywords of C++ only. */
export const GCC12_CXX_BUILTINS = split(`
__builtin_addressof __builtin_bit_cast __builtin_is_constant_evaluated __builtin_is_corresponding_member
__builtin_is_pointer_interconvertible_with_class __builtin_launder __builtin_source_location
__has_trivial_constructor __has_trivial_destructor __has_unique_object_representations __has_virtual_destructor
__integer_pack __is_abstract __is_aggregate __is_assignable __is_base_of __is_class __is_constructible __is_empty
__is_enum __is_final __is_layout_compatible __is_literal_type __is_pod __is_pointer_interconvertible_base_of
__is_polymorphic __is_same __is_standard_layout __is_trivial __is_trivially_assignable __is_trivially_constructible
__is_trivially_copyable __is_union __underlying_type
`);

/** Arm targets' builtins (ACLE's DSP, saturation, CRC and coprocessor ones), with or without an FPU. */
export const GCC12_ARM_BUILTINS = split(`
__builtin_arm_cdp __builtin_arm_cdp2 __builtin_arm_crc32b __builtin_arm_crc32cb __builtin_arm_crc32ch
__builtin_arm_crc32cw __builtin_arm_crc32h __builtin_arm_crc32w __builtin_arm_ldc __builtin_arm_ldc2
__builtin_arm_ldc2l __builtin_arm_ldcl __builtin_arm_mcr __builtin_arm_mcr2 __builtin_arm_mcrr __builtin_arm_mcrr2
__builtin_arm_mrc __builtin_arm_mrc2 __builtin_arm_mrrc __builtin_arm_mrrc2 __builtin_arm_qadd __builtin_arm_qadd16
__builtin_arm_qadd8 __builtin_arm_qasx __builtin_arm_qsax __builtin_arm_qsub __builtin_arm_qsub16
__builtin_arm_qsub8 __builtin_arm_sadd16 __builtin_arm_sadd8 __builtin_arm_sasx __builtin_arm_saturation_occurred
__builtin_arm_sel __builtin_arm_set_saturation __builtin_arm_shadd16 __builtin_arm_shadd8 __builtin_arm_shasx
__builtin_arm_shsax __builtin_arm_shsub16 __builtin_arm_shsub8 __builtin_arm_smlabb __builtin_arm_smlad
__builtin_arm_smladx __builtin_arm_smlald __builtin_arm_smlaldx __builtin_arm_smlatb __builtin_arm_smlatt
__builtin_arm_smlawb __builtin_arm_smlawt __builtin_arm_smlsd __builtin_arm_smlsdx __builtin_arm_smlsld
__builtin_arm_smlsldx __builtin_arm_smuad __builtin_arm_smuadx __builtin_arm_smusd __builtin_arm_smusdx
__builtin_arm_ssat __builtin_arm_ssat16 __builtin_arm_ssax __builtin_arm_ssub16 __builtin_arm_ssub8
__builtin_arm_stc __builtin_arm_stc2 __builtin_arm_stc2l __builtin_arm_stcl __builtin_arm_sxtab16
__builtin_arm_sxtb16 __builtin_arm_uadd16 __builtin_arm_uadd8 __builtin_arm_uasx __builtin_arm_uhadd16
__builtin_arm_uhadd8 __builtin_arm_uhasx __builtin_arm_uhsax __builtin_arm_uhsub16 __builtin_arm_uhsub8
__builtin_arm_uqadd16 __builtin_arm_uqadd8 __builtin_arm_uqasx __builtin_arm_uqsax __builtin_arm_uqsub16
__builtin_arm_uqsub8 __builtin_arm_usad8 __builtin_arm_usada8 __builtin_arm_usat __builtin_arm_usat16
__builtin_arm_usax __builtin_arm_usub16 __builtin_arm_usub8 __builtin_arm_uxtab16 __builtin_arm_uxtb16
__builtin_sat_imm_check
`);

/** Arm builtins an FPU adds. */
export const GCC12_ARM_FP_BUILTINS = split(`__builtin_arm_get_fpscr __builtin_arm_lane_check __builtin_arm_set_fpscr`);

/** x86 hosts' builtins beyond the intrinsics (binary128 and half floats, ms/sysv va_list). */
export const GCC12_X86_BUILTINS = split(`
__builtin_bswap128 __builtin_copysignf128 __builtin_copysignq __builtin_cpu_init __builtin_cpu_is
__builtin_cpu_supports __builtin_fabsf128 __builtin_fabsq __builtin_huge_valf128 __builtin_huge_valf16
__builtin_huge_valf64x __builtin_huge_valq __builtin_infd32 __builtin_inff128 __builtin_inff16 __builtin_inff64x
__builtin_infq __builtin_ms_va_copy __builtin_ms_va_end __builtin_ms_va_start __builtin_nand32 __builtin_nanf128
__builtin_nanf16 __builtin_nanf64x __builtin_nanq __builtin_nansd128 __builtin_nansd32 __builtin_nansd64
__builtin_nansf128 __builtin_nansf16 __builtin_nansf64x __builtin_sysv_va_copy __builtin_sysv_va_end
__builtin_sysv_va_start nand32
`);

/**
 * GNU attributes every target has (`__has_attribute` 1; also spelt `__NAME__` and `gnu::NAME`). `deprecated`,
 * `fallthrough` and `noreturn` are standard attributes too: unscoped, those answer with their standard's version.
 */
export const GCC12_ATTRIBUTES = split(`
access alias aligned alloc_align alloc_size always_inline artificial assume_aligned cleanup cold common const
constructor copy deprecated designated_init destructor error externally_visible fallthrough flatten format
format_arg gnu_inline hot ifunc interrupt leaf malloc may_alias mode naked no_address_safety_analysis no_icf
no_instrument_function no_profile_instrument_function no_reorder no_sanitize no_sanitize_address
no_sanitize_coverage no_sanitize_thread no_sanitize_undefined no_split_stack no_stack_limit no_stack_protector
nocf_check noclone nocommon noinit noinline noipa nonnull nonstring noplt noreturn nothrow objc_nullability
objc_root_class optimize packed patchable_function_entry persistent pure retain returns_nonnull returns_twice
scalar_storage_order section sentinel simd stack_protect symver tainted_args target target_clones tls_model
transparent_union unavailable unused used vector_size visibility warn_if_not_aligned warn_unused warn_unused_result
warning weak weakref zero_call_used_regs
`);

/** GNU attributes of Arm targets, of x86 hosts, and of C++ only. */
export const GCC12_ARM_ATTRIBUTES = split(`cmse_nonsecure_call cmse_nonsecure_entry isr long_call pcs short_call`);
export const GCC12_X86_ATTRIBUTES = split(`
callee_pop_aggregate_return cdecl cf_check fastcall fentry_name fentry_section force_align_arg_pointer
function_return gcc_struct indirect_branch indirect_return ms_abi ms_hook_prologue ms_struct
no_caller_saved_registers nodirect_extern_access regparm sseregparm stdcall sysv_abi thiscall
`);
export const GCC12_CXX_ATTRIBUTES = split(`abi_tag init_priority`);

/** Standard attributes `__has_attribute` answers with their version: in C (C2x's) and in C++ (any -std). */
export const GCC12_STANDARD_ATTRIBUTES_C: Record<string, number> = { deprecated: 201904, fallthrough: 201904, maybe_unused: 201904, nodiscard: 202003 };
export const GCC12_STANDARD_ATTRIBUTES_CXX: Record<string, number> = {
  noreturn: 200809, deprecated: 201309, fallthrough: 201603, maybe_unused: 201603, nodiscard: 201907, likely: 201803, unlikely: 201803,
  no_unique_address: 201803,
};
