// What GCC 12's C++ front end defines differently at each -std from its default, -std=gnu++17 (the tables'
// C++ form): the language feature-test macros, char8_t from C++20, C++98's GNU inline semantics. Target independent
// (taken from `g++ -dM -E` at each standard; the host's __STDCPP_THREADS__ goes with C++98 too).

export type CxxStandard = '98' | '11' | '14' | '20' | '23';

/** Per standard: the `#define` lines it sets (added or with another value) and the names it leaves undefined. */
export const GCC12_CXX_STANDARD_DELTAS: Record<CxxStandard, { set: string; del: string[] }> = {
  '98': {
    set: `
#define __GNUC_GNU_INLINE__ 1
`,
    del: ['__GNUC_STDC_INLINE__', '__GXX_EXPERIMENTAL_CXX0X__', '__STDCPP_DEFAULT_NEW_ALIGNMENT__', '__STDCPP_THREADS__', '__STDC_UTF_16__', '__STDC_UTF_32__', '__cpp_aggregate_bases', '__cpp_aggregate_nsdmi', '__cpp_alias_templates', '__cpp_aligned_new', '__cpp_attributes', '__cpp_capture_star_this', '__cpp_constexpr', '__cpp_decltype', '__cpp_decltype_auto', '__cpp_deduction_guides', '__cpp_delegating_constructors', '__cpp_digit_separators', '__cpp_enumerator_attributes', '__cpp_fold_expressions', '__cpp_generic_lambdas', '__cpp_guaranteed_copy_elision', '__cpp_if_constexpr', '__cpp_inheriting_constructors', '__cpp_init_captures', '__cpp_initializer_lists', '__cpp_inline_variables', '__cpp_lambdas', '__cpp_namespace_attributes', '__cpp_nested_namespace_definitions', '__cpp_noexcept_function_type', '__cpp_nontype_template_args', '__cpp_nontype_template_parameter_auto', '__cpp_nsdmi', '__cpp_range_based_for', '__cpp_raw_strings', '__cpp_ref_qualifiers', '__cpp_return_type_deduction', '__cpp_rvalue_reference', '__cpp_rvalue_references', '__cpp_sized_deallocation', '__cpp_static_assert', '__cpp_structured_bindings', '__cpp_template_auto', '__cpp_template_template_args', '__cpp_unicode_characters', '__cpp_unicode_literals', '__cpp_user_defined_literals', '__cpp_variable_templates', '__cpp_variadic_templates', '__cpp_variadic_using'],
  },
  '11': {
    set: `
#define __cpp_constexpr 200704L
#define __cpp_range_based_for 200907L
#define __cpp_static_assert 200410L
#define __cpp_unicode_characters 200704L
`,
    del: ['__STDCPP_DEFAULT_NEW_ALIGNMENT__', '__cpp_aggregate_bases', '__cpp_aggregate_nsdmi', '__cpp_aligned_new', '__cpp_capture_star_this', '__cpp_decltype_auto', '__cpp_deduction_guides', '__cpp_digit_separators', '__cpp_enumerator_attributes', '__cpp_fold_expressions', '__cpp_generic_lambdas', '__cpp_guaranteed_copy_elision', '__cpp_if_constexpr', '__cpp_init_captures', '__cpp_inline_variables', '__cpp_namespace_attributes', '__cpp_nested_namespace_definitions', '__cpp_noexcept_function_type', '__cpp_nontype_template_args', '__cpp_nontype_template_parameter_auto', '__cpp_return_type_deduction', '__cpp_sized_deallocation', '__cpp_structured_bindings', '__cpp_template_auto', '__cpp_template_template_args', '__cpp_variable_templates', '__cpp_variadic_using'],
  },
  '14': {
    set: `
#define __cpp_constexpr 201304L
#define __cpp_range_based_for 200907L
#define __cpp_static_assert 200410L
#define __cpp_unicode_characters 200704L
`,
    del: ['__STDCPP_DEFAULT_NEW_ALIGNMENT__', '__cpp_aggregate_bases', '__cpp_aligned_new', '__cpp_capture_star_this', '__cpp_deduction_guides', '__cpp_enumerator_attributes', '__cpp_fold_expressions', '__cpp_guaranteed_copy_elision', '__cpp_if_constexpr', '__cpp_inline_variables', '__cpp_namespace_attributes', '__cpp_nested_namespace_definitions', '__cpp_noexcept_function_type', '__cpp_nontype_template_args', '__cpp_nontype_template_parameter_auto', '__cpp_structured_bindings', '__cpp_template_auto', '__cpp_template_template_args', '__cpp_variadic_using'],
  },
  '20': {
    set: `
#define __CHAR8_TYPE__ unsigned char
#define __GCC_ATOMIC_CHAR8_T_LOCK_FREE 2
#define __cpp_aggregate_paren_init 201902L
#define __cpp_char8_t 201811L
#define __cpp_concepts 202002L
#define __cpp_conditional_explicit 201806L
#define __cpp_consteval 201811L
#define __cpp_constexpr 202002L
#define __cpp_constexpr_dynamic_alloc 201907L
#define __cpp_constexpr_in_decltype 201711L
#define __cpp_constinit 201907L
#define __cpp_deduction_guides 201907L
#define __cpp_designated_initializers 201707L
#define __cpp_generic_lambdas 201707L
#define __cpp_impl_coroutine 201902L
#define __cpp_impl_destroying_delete 201806L
#define __cpp_impl_three_way_comparison 201907L
#define __cpp_init_captures 201803L
#define __cpp_nontype_template_args 201911L
#define __cpp_nontype_template_parameter_class 201806L
#define __cpp_using_enum 201907L
`,
    del: [],
  },
  '23': {
    set: `
#define __CHAR8_TYPE__ unsigned char
#define __GCC_ATOMIC_CHAR8_T_LOCK_FREE 2
#define __cpp_aggregate_paren_init 201902L
#define __cpp_char8_t 201811L
#define __cpp_concepts 202002L
#define __cpp_conditional_explicit 201806L
#define __cpp_consteval 201811L
#define __cpp_constexpr 202110L
#define __cpp_constexpr_dynamic_alloc 201907L
#define __cpp_constexpr_in_decltype 201711L
#define __cpp_constinit 201907L
#define __cpp_deduction_guides 201907L
#define __cpp_designated_initializers 201707L
#define __cpp_generic_lambdas 201707L
#define __cpp_if_consteval 202106L
#define __cpp_impl_coroutine 201902L
#define __cpp_impl_destroying_delete 201806L
#define __cpp_impl_three_way_comparison 201907L
#define __cpp_init_captures 201803L
#define __cpp_multidimensional_subscript 202110L
#define __cpp_nontype_template_args 201911L
#define __cpp_nontype_template_parameter_class 201806L
#define __cpp_size_t_suffix 202011L
#define __cpp_using_enum 201907L
`,
    del: [],
  },
};
