// Object-like macros whose value is a piece of an argument or parameter list, a comma first or last (lwIP's
// `WRITE_DELAYED` → `, 1`, `WRITE_DELAYED_PARAM` → `, u8_t delayed`, `LOOPIF_ADDRINIT` → `&a, &b, &c,`): what
// stands for a use before parsing, so `f(conn WRITE_DELAYED)` reads as the call of two arguments it is; and
// function-like macros whose value is a list piece of expressions (Mbed TLS's `MBEDTLS_SSL_SIG_ALG(hash)`), blanked
// with their arguments. Values holding statements, blocks or unbalanced brackets are left alone.

/** Strings and character literals, blanks, words and numbers, then any other character. */
const TOKEN = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\s+|[\w.]+|[^]/gy;
/** Tokens no blank is needed next to. */
const TIGHT = new Set([',', '(', ')', '[', ']']);

/**
 * What replaces a use of a macro with this value in a name `room` characters long: the value without the blanks it
 * can do without, or when that is longer, each of its items as `0` (each must be an expression then: one written
 * as a declaration, two words side by side, must fit as it is). Undefined when the value is no such piece (the
 * caller decides it otherwise); null when it is one but does not fit.
 */
export function listFragmentFitting(value: string, room: number): string | null | undefined {
  const v = value.trim();
  if (!v.startsWith(',') && !v.endsWith(',')) return undefined;
  const items = topItems(v);
  if (items === undefined || items.slice(1, -1).some((item) => item.length === 0)) return undefined;
  const compact = items.map((item) => item.join('')).join(',');
  if (compact.length <= room) return compact;
  if (items.some(isDeclaration)) return null;
  const skeleton = items.map((item) => (item.length ? '0' : '')).join(',');
  return skeleton.length <= room ? skeleton : null;
}

/**
 * Whether the uses of a function-like macro with this value can be blanked with their arguments: a piece of an
 * argument or initializer list with a comma at one end only, each item an expression that calls nothing (Mbed
 * TLS's `MBEDTLS_SSL_SIG_ALG(hash)` → `((hash << 8) | MBEDTLS_SSL_SIG_RSA), (0x800 | hash),`, used once per hash in
 * an array's initializer with no comma between the uses). The list then reads as it does without those items; a
 * use's arguments or items are no declaration and no call the index would lose.
 */
export function isBlankableListPiece(value: string): boolean {
  const v = value.trim();
  if (v.startsWith(',') === v.endsWith(',') || /[A-Za-z_]\w*\s*\(/.test(v)) return false;
  const items = topItems(v);
  return items !== undefined && !items.slice(1, -1).some((item) => item.length === 0) && !items.some(isDeclaration);
}

/**
 * The items between the top-level commas of `v`, each as its tokens (a blank kept only between two words);
 * undefined when brackets do not balance or a `;`, `{`, `}` or `#` stands outside a literal.
 */
function topItems(v: string): string[][] | undefined {
  const items: string[][] = [[]];
  let depth = 0;
  let blank = false;
  TOKEN.lastIndex = 0;
  for (let t = TOKEN.exec(v); t; t = TOKEN.exec(v)) {
    const tok = t[0];
    if (/^\s/.test(tok)) {
      blank = true;
      continue;
    }
    if (';{}#'.includes(tok)) return undefined;
    if (tok === '(' || tok === '[') depth++;
    else if ((tok === ')' || tok === ']') && --depth < 0) return undefined;
    if (tok === ',' && depth === 0) {
      items.push([]);
    } else {
      const item = items[items.length - 1];
      const last = item[item.length - 1];
      if (blank && last !== undefined && !TIGHT.has(last) && !TIGHT.has(tok)) item.push(' ');
      item.push(tok);
    }
    blank = false;
  }
  return depth === 0 ? items : undefined;
}

/** True for an item written as a declaration: two words side by side (`u8_t delayed`). */
function isDeclaration(item: string[]): boolean {
  return item.some((tok, i) => tok === ' ' && /^[A-Za-z_]/.test(item[i - 1]) && /^[A-Za-z_]/.test(item[i + 1] ?? ''));
}
