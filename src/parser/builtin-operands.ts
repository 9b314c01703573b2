// GNU operators whose operands tree-sitter-c and -cpp cannot read, made readable before parsing with every position
// kept. `__alignof__` of an expression (`__alignof__(((__typeof__((s) + 0))(s)))`, Zephyr's cbprintf packaging under
// every LOG_* call): the grammars read an alignof operand only as a type, so alignof keywords before `(` are read as
// `sizeof` padded to the keyword's length (sizeof takes a type or an expression as alignof does). `__builtin_offsetof`
// (Zephyr's CONTAINER_OF in every list FOR_EACH loop, a member path `base.qnode_dlist` after a type): the grammars
// know only `offsetof(type, field)`, so the whole operation is read as the constant `0` (blanks after it, line breaks
// kept); it calls nothing. GNU `typeof` of an expression as a type (`(__typeof__(*(cn)) *)p`, Zephyr's list
// CONTAINER macros): the grammars cannot read it before `*`, so the whole operation is read as one type name
// (`__typeof_______`); its operand is not evaluated. GCC's alternate keyword `__signed__` (`__signed`; Linux UAPI's
// `typedef __signed__ char __s8;`, read through glibc's <sys/types.h>) is not a keyword to the grammars: it is read as
// `signed` padded to its length. Node texts show the rewritten text there.

const ALIGNOF = /\b(?:__alignof__|__alignof|_alignof|_Alignof|alignof)(?=\s*\()/g;
const OFFSETOF = /\b__builtin_offsetof\s*\(/g;
const TYPEOF = /\b(?:__typeof__|__typeof|typeof|__typeof_unqual__|typeof_unqual)\s*\(/g;
const SIGNED = /\b__signed(?:__)?\b/g;

/** `text` with the operators above made readable (same length, same line breaks), or `text` itself. */
export function readableOperands(text: string): string {
  let out = text.includes('lignof') ? text.replace(ALIGNOF, (kw) => 'sizeof'.padEnd(kw.length)) : text;
  if (out.includes('__builtin_offsetof')) out = replaced(out, OFFSETOF, (span) => '0' + blanks(span.slice(1)));
  if (out.includes('typeof')) out = replaced(out, TYPEOF, typeName);
  if (out.includes('__signed')) out = out.replace(SIGNED, (kw) => 'signed'.padEnd(kw.length));
  return out;
}

/** A typeof operation as one identifier of its length (its first line; blanks after, line breaks kept). */
function typeName(span: string): string {
  const nl = span.indexOf('\n');
  const head = nl < 0 ? span.length : nl;
  return '__typeof'.padEnd(head, '_').slice(0, Math.max(head, 1)) + blanks(span.slice(head));
}

/** `text` as spaces, its line breaks kept. */
function blanks(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

/** Each operation `pattern` opens (through its closing `)`) rewritten by `as` (same length); one whose `)` is missing stays. */
function replaced(text: string, pattern: RegExp, as: (span: string) => string): string {
  let out = '';
  let copied = 0;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const end = closingParen(text, m.index + m[0].length - 1);
    if (end < 0) continue;
    out += text.slice(copied, m.index) + as(text.slice(m.index, end));
    copied = end;
    pattern.lastIndex = end;
  }
  return out + text.slice(copied);
}

/** Offset after the `)` matching the `(` at `open`, or -1. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let k = open; k < text.length; k++) {
    const c = text[k];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return k + 1;
  }
  return -1;
}
