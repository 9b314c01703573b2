// Which expansions of a macro invocation are worth recording: those that call, declare or rename something, or
// that the parser (in assembler, the assembler extractor) cannot read as written. Knows nothing of expanding them.
import type { Follows } from './code-scan.js';
import type { Token } from './tokens.js';

/** Words that take a parenthesized operand but are not calls. */
const NOT_CALLS = new Set([
  '__attribute__', '__attribute', '__declspec', 'sizeof', '_Alignof', 'alignof', '__alignof__', '_Static_assert', 'static_assert',
  '__typeof__', '__typeof', 'typeof', '__asm__', '__asm', 'asm', '__volatile__', '_Generic', '__builtin_offsetof', 'offsetof',
  'defined', 'if', 'while', 'for', 'switch', 'return', '__extension__', '_Pragma', '__builtin_expect', '__builtin_constant_p',
  '__builtin_choose_expr', '__builtin_types_compatible_p', 'decltype', 'alignas', '_Alignas',
]);

const DECLARING = new Set(['struct', 'union', 'enum', 'typedef', '{', ';']);
/** First words of a statement head a macro writes before the block written after it (Zephyr's CHECKIF, LOCKED). */
const STATEMENT_HEADS = new Set(['if', 'for', 'while', 'switch']);
const ASM = new Set(['asm', '__asm', '__asm__']);
/** First words of member declarations that declare no name (thorvg's `_TVG_DECLARE_ACCESSOR(A)` → `friend A`). */
const NAMELESS_DECLARATIONS = new Set(['friend', 'static_assert', '_Static_assert']);

/**
 * Worth recording: the expansion calls or declares something (a function-like macro's plain declaration too, see
 * declaresVariable), or renames to one identifier (an object-like macro,
 * or a function-like one a parameter list follows: `int PREFIX(printf)(const char *f, ...)` with `#define
 * PREFIX(x) __wrap_##x` defines or calls `__wrap_printf`); or it is text the parser cannot read as written: string
 * literals a function-like macro writes (`AESENC(xmm1_xmm0)` among an asm statement's strings reads as a call,
 * which string concatenation does not take), or an asm statement or its opening (`MULADDC_X1_INIT` writing
 * `asm( "xorq %%r8, %%r8\n"`), or a declaration of no name (`friend A`, `static_assert(...)`), which the parser
 * reads unexpanded as a member or function named after the macro; or a statement head (`CHECKIF(x == NULL) {` →
 * `if (x == NULL) {`, `LOCKED(&lock) {` → `for (...)`), which the parser reads unexpanded as a broken definition;
 * or nothing, where no `;` or operator follows the use (Mbed TLS's `MBEDTLS_STATIC_ASSERT(e, msg)` at file scope,
 * empty under C99 and `static_assert(e, msg);` where C11's assert.h is read: read unexpanded, a call that runs into
 * the declaration after it). `follows`: what the code after the use starts with.
 */
export function worthRecording(toks: readonly Token[], objectLike: boolean, follows: Follows): boolean {
  const real = toks.filter((t) => t.k !== 'placemarker');
  if ((objectLike || follows === 'call') && real.length === 1 && real[0].k === 'ident') return true;
  if (!objectLike && real.length === 0 && follows === 'open') return true;
  if (!objectLike && real.length > 1 && NAMELESS_DECLARATIONS.has(real[0].v)) return true;
  if (real.length > 1 && real[0].k === 'ident' && STATEMENT_HEADS.has(real[0].v)) return true;
  for (let k = 0; k < real.length; k++) {
    if (DECLARING.has(real[k].v) && real.length > 2) return true;
    if (real[k].k === 'ident' && real[k + 1]?.v === '(' && !NOT_CALLS.has(real[k].v)) return true;
    if (real[k].k === 'ident' && ASM.has(real[k].v)) return true;
  }
  if (objectLike && declaresInList(real)) return true;
  if (!objectLike && declaresVariable(real)) return true;
  return !objectLike && real.length > 0 && real.every((t) => t.k === 'string');
}

/** A name a `(` follows, where the text after an invocation's own `(` may call one. */
const CALL_IN_TEXT = /([A-Za-z_$][\w$]*)\s*\(/g;

/**
 * The names a function-like macro's written arguments call (`assert_param(IS_RTC_HOUR12(RTC_Bcd2ToByte(h)))` →
 * IS_RTC_HOUR12, RTC_Bcd2ToByte; words taking a parenthesized operand, such as `sizeof`, left out). `source` is the
 * invocation as written, comments removed. A use whose expansion drops an argument calling a function (STM32Cube's
 * `assert_param(expr)` → `((void)0U)` without USE_FULL_ASSERT) calls nothing in the build, which the parser reading
 * the invocation as written cannot tell.
 */
export function namesCalledInArguments(source: string): string[] {
  const open = source.indexOf('(');
  // Most uses hold no other parenthesis (`SET_BIT(reg, FLAG)`): no regular expression runs for them.
  if (open < 0 || source.indexOf('(', open + 1) < 0) return [];
  const names: string[] = [];
  CALL_IN_TEXT.lastIndex = open + 1;
  for (let m = CALL_IN_TEXT.exec(source); m; m = CALL_IN_TEXT.exec(source)) if (!NOT_CALLS.has(m[1])) names.push(m[1]);
  return names;
}

/** Words a statement starts with that another word may follow (`return x`, `goto out`): no declaration. */
const STATEMENT_WORDS = new Set(['return', 'goto', 'case', 'else', 'do', 'break', 'continue', 'default', 'sizeof', 'throw', 'co_return', 'delete', 'new']);

/**
 * A declaration a function-like macro writes with no `;`, brace or aggregate keyword (`DEFINE_COUNTER(rx)` →
 * `static unsigned int rx_counter = 0`, `THREAD_VAR(int, n)` → `extern int n`): two words side by side outside
 * brackets, the type and the declared name, in no statement. Read unexpanded, the use is a call at file scope.
 */
function declaresVariable(real: readonly Token[]): boolean {
  if (real.length < 2 || STATEMENT_WORDS.has(real[0].v)) return false;
  let depth = 0;
  for (let k = 0; k + 1 < real.length; k++) {
    const t = real[k];
    if (t.v === '(' || t.v === '[' || t.v === '{') depth++;
    else if (t.v === ')' || t.v === ']' || t.v === '}') depth--;
    else if (depth === 0 && t.k === 'ident' && real[k + 1].k === 'ident' && !STATEMENT_WORDS.has(t.v)) return true;
  }
  return false;
}

/**
 * A piece of a parameter list holding a declaration (NetX Duo's `NX_CLEANUP_PARAMETER` → `, ULONG
 * suspension_sequence`): a comma first or last and two words side by side outside brackets.
 */
function declaresInList(real: readonly Token[]): boolean {
  if (real.length < 3 || (real[0].v !== ',' && real[real.length - 1].v !== ',')) return false;
  let depth = 0;
  let words = false;
  for (let k = 0; k < real.length; k++) {
    const t = real[k];
    if (t.v === '(' || t.v === '[') depth++;
    else if (t.v === ')' || t.v === ']') depth--;
    else if (depth === 0 && t.k === 'ident' && real[k + 1]?.k === 'ident') words = true;
  }
  return words;
}

/** Assembler directives that name or place symbols (`.global x`, `.type x, %function`, `.section ...`). */
const ASM_SYMBOL_DIRECTIVES = new Set(['global', 'globl', 'weak', 'type', 'thumb_set', 'set', 'equ', 'section', 'text', 'data', 'bss', 'word', 'long']);

/**
 * Worth recording in an assembler file: the expansion writes a label (`sym :`) or a symbol or section directive
 * (Zephyr's `GTEXT(sym)` → `.global sym; .type sym, %function`, `SECTION_FUNC(TEXT, sym)` → `.section
 * .TEXT.sym, "ax"; ...; sym :`), which the assembler extractor reads only expanded.
 */
export function worthRecordingInAssembler(toks: readonly Token[]): boolean {
  for (let k = 0; k + 1 < toks.length; k++) {
    const t = toks[k];
    const next = toks[k + 1];
    if (t.k === 'ident' && next.v === ':') return true;
    if (t.v === '.' && t.k === 'punct' && next.k === 'ident' && !next.sp && ASM_SYMBOL_DIRECTIVES.has(next.v)) return true;
  }
  return false;
}
