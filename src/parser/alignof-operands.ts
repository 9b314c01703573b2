// GNU `__alignof__` of an expression (`__alignof__((x))`, `__alignof__(((__typeof__(s + 0))(s)))` in Zephyr's
// cbprintf packaging, under every LOG_* call): tree-sitter-c and -cpp read an alignof operand only as a type, and
// their error recovery then breaks the function around it. The parse reads every alignof keyword before `(` as
// `sizeof` padded to the keyword's length (positions kept), which takes a type or an expression as the compiler's
// alignof does; node texts show `sizeof` there.

const ALIGNOF = /\b(?:__alignof__|__alignof|_alignof|_Alignof|alignof)(?=\s*\()/g;

/** `text` with each alignof keyword before `(` written as `sizeof` and spaces (same length), or `text` itself. */
export function alignofAsSizeof(text: string): string {
  if (!text.includes('lignof')) return text;
  return text.replace(ALIGNOF, (kw) => 'sizeof'.padEnd(kw.length));
}
