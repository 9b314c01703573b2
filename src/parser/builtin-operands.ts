// GNU operators whose operands tree-sitter-c and -cpp cannot read, made readable before parsing with every position
// kept. `__alignof__` of an expression (`__alignof__(((__typeof__((s) + 0))(s)))`, Zephyr's cbprintf packaging under
// every LOG_* call): the grammars read an alignof operand only as a type, so alignof keywords before `(` are read as
// `sizeof` padded to the keyword's length (sizeof takes a type or an expression as alignof does). `__builtin_offsetof`
// (Zephyr's CONTAINER_OF in every list FOR_EACH loop, a member path `base.qnode_dlist` after a type): the grammars
// know only `offsetof(type, field)`, so the whole operation is read as the constant `0` (blanks after it, line breaks
// kept); it calls nothing. Node texts show the rewritten text there.

const ALIGNOF = /\b(?:__alignof__|__alignof|_alignof|_Alignof|alignof)(?=\s*\()/g;
const OFFSETOF = /\b__builtin_offsetof\s*\(/g;

/** `text` with the operators above made readable (same length, same line breaks), or `text` itself. */
export function readableOperands(text: string): string {
  let out = text.includes('lignof') ? text.replace(ALIGNOF, (kw) => 'sizeof'.padEnd(kw.length)) : text;
  if (out.includes('__builtin_offsetof')) out = withoutOffsetofs(out);
  return out;
}

/** Each `__builtin_offsetof(...)` as `0` and blanks (its line breaks kept); one whose `)` is missing stays. */
function withoutOffsetofs(text: string): string {
  let out = '';
  let copied = 0;
  OFFSETOF.lastIndex = 0;
  for (let m = OFFSETOF.exec(text); m; m = OFFSETOF.exec(text)) {
    const end = closingParen(text, m.index + m[0].length - 1);
    if (end < 0) continue;
    out += text.slice(copied, m.index) + '0' + text.slice(m.index + 1, end).replace(/[^\n]/g, ' ');
    copied = end;
    OFFSETOF.lastIndex = end;
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
