// GNU extensions tree-sitter (C and C++) cannot read after a declarator's name: an asm label (`register uint32_t
// __r0 __asm("r0") = (uint32_t)a1;`, CMSIS-RTX's service-call wrappers) or an attribute (`static uint8_t PendST
// __attribute__((section(".bss.os")));`, `volatile uint32_t tmpval __attribute__((unused)) = huart->DR;`) before
// `=`, `;` or `,`. Their spans are left out of the parse (positions kept): the declaration reads as the compiler's.

const EXTRA = /\b(?:__asm__|__asm|asm|__attribute__|__attribute)\b/g;

/** [start, end) spans of such extras in `text` (ascending, disjoint), each ending before its `=`, `;` or `,`. */
export function declaratorExtras(text: string): [number, number][] {
  const out: [number, number][] = [];
  EXTRA.lastIndex = 0;
  for (let m = EXTRA.exec(text); m; m = EXTRA.exec(text)) {
    if (!afterDeclarator(text, m.index)) continue;
    // One extra or several in a row (`__asm("r0") __attribute__((unused))`), then `=` (not `==`), `;` or `,`.
    let end = m.index;
    for (let at = m.index; ; ) {
      const word = /^(?:__asm__|__asm|asm|__attribute__|__attribute)\b/.exec(text.slice(at, at + 16));
      if (!word) break;
      const close = groupEnd(text, skipSpaces(text, at + word[0].length));
      if (close < 0) break;
      end = close;
      at = skipSpaces(text, close);
    }
    const next = skipSpaces(text, end);
    const ends = (text[next] === '=' && text[next + 1] !== '=') || text[next] === ';' || text[next] === ',';
    if (end > m.index && ends) out.push([m.index, end]);
    EXTRA.lastIndex = Math.max(EXTRA.lastIndex, end);
  }
  return out;
}

/** Words before which an extra is a statement (`else asm("nop");`), not part of a declarator. */
const KEYWORDS = new Set(['else', 'do', 'return', 'case', 'default', 'goto', 'struct', 'union', 'enum', 'class', 'typedef']);

/** Whether what ends before `at` is a declarator's name (`x`, `buf[4]`), not a keyword. */
function afterDeclarator(text: string, at: number): boolean {
  let p = at - 1;
  while (p >= 0 && (text[p] === ' ' || text[p] === '\t' || text[p] === '\r' || text[p] === '\n')) p--;
  if (p < 0) return false;
  if (text[p] === ']') return true;
  let w = p;
  while (w >= 0 && /\w/.test(text[w])) w--;
  return w < p && !/^\d/.test(text.slice(w + 1, p + 1)) && !KEYWORDS.has(text.slice(w + 1, p + 1));
}

function skipSpaces(text: string, at: number): number {
  let p = at;
  while (p < text.length && (text[p] === ' ' || text[p] === '\t' || text[p] === '\r' || text[p] === '\n')) p++;
  return p;
}

/** The offset after the `( ... )` group opening at `at` (strings skipped), or -1; bounded to one statement's worth. */
function groupEnd(text: string, at: number): number {
  if (text[at] !== '(') return -1;
  let depth = 0;
  const limit = Math.min(text.length, at + 4096);
  for (let p = at; p < limit; p++) {
    const c = text[p];
    if (c === '"') {
      for (p++; p < limit && text[p] !== '"' && text[p] !== '\n'; p++) if (text[p] === '\\') p++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return p + 1;
    else if (c === ';' || c === '{' || c === '}') return -1;
  }
  return -1;
}
