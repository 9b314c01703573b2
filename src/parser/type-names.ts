// Whether a macro argument's text is a C type name: specifiers, then an abstract declarator (`char *`,
// `void (*)(int)`, `int[4]`, `struct s *[2]`). Leaves out C++ references, templates and `::` names, and typeof.
const QUALIFIERS = new Set(['const', 'volatile', 'restrict', '__restrict', '__restrict__', '__const', '__volatile__', '_Atomic']);
const BASE_TYPES = new Set(['void', 'char', 'short', 'int', 'long', 'float', 'double', 'signed', 'unsigned', '__signed__', '__unsigned__', '_Bool', 'bool', '_Complex', '__int128']);
const TAGS = new Set(['struct', 'union', 'enum', 'class']);
/** Words a type name may start with besides a typedef name (words before a `(` that are not callees, too). */
export const TYPE_WORDS: readonly string[] = [...QUALIFIERS, ...BASE_TYPES, ...TAGS];
const WORD = /^[A-Za-z_]\w*$/;
const OPERAND = /^(?:[A-Za-z_]\w*|\d[\w.']*)$/;
const OPERATOR = /^[-+*/%<>=!&|^?:]$/;
const UNARY = new Set(['-', '+', '~', '!', '*', '&']);

/** Tokens of one argument, read front to back; every reader returns false at the first token it cannot take. */
class Tokens {
  i = 0;
  constructor(readonly toks: string[]) {}
  peek(k = 0): string | undefined {
    return this.toks[this.i + k];
  }
  take(t: string): boolean {
    if (this.toks[this.i] !== t) return false;
    this.i++;
    return true;
  }
}

/** What the specifiers were: `lone` when they are one identifier alone (a typedef name, or an expression's name). */
type Specifiers = { lone: boolean } | null;

/** Qualifiers, base-type keywords, and a tag with its name or one typedef name, not both kinds (`my_t int` is none). */
function specifiers(r: Tokens): Specifiers {
  let base = 0;
  let named = 0;
  let words = 0;
  let typedefName = false;
  for (let t = r.peek(); t !== undefined && WORD.test(t); t = r.peek()) {
    if (BASE_TYPES.has(t)) {
      if (named) return null;
      base++;
    } else if (TAGS.has(t)) {
      if (named || base || !WORD.test(r.peek(1) ?? '')) return null;
      named++;
      r.i++;
    } else if (!QUALIFIERS.has(t)) {
      // A second name is a declarator's (`my_t x`, `unsigned x`), which the caller reads or refuses.
      if (named || base) break;
      named++;
      typedefName = true;
    }
    words++;
    r.i++;
  }
  return base + named === 0 ? null : { lone: words === 1 && typedefName };
}

/** `*` with qualifiers, then an optional `( declarator )` or (where `named`) a name, then `[...]` and `(...)` suffixes. */
function declarator(r: Tokens, named: boolean): boolean {
  while (r.take('*')) while (QUALIFIERS.has(r.peek() ?? '')) r.i++;
  const grouped = r.peek() === '(' && ['*', '(', '['].includes(r.peek(1) ?? '');
  if (grouped) {
    r.i++;
    const from = r.i;
    if (!declarator(r, named) || r.i === from || !r.take(')')) return false;
  } else if (named && WORD.test(r.peek() ?? '') && !TYPE_WORDS.includes(r.peek()!)) r.i++;
  for (;;) {
    if (r.take('[')) {
      if (!r.take(']') && !((r.take('*') || expression(r)) && r.take(']'))) return false;
    } else if (r.take('(')) {
      if (!parameters(r)) return false;
    } else return true;
  }
}

/** A parameter list after its `(`, through its `)`: empty, or declarations (names optional) and a final `...`. */
function parameters(r: Tokens): boolean {
  if (r.take(')')) return true;
  for (;;) {
    if (!r.take('...') && !(specifiers(r) && declarator(r, true))) return false;
    if (r.take(')')) return true;
    if (!r.take(',')) return false;
  }
}

/** An array bound: operands (names, numbers, calls such as `sizeof(x)`, groups) joined by operators. */
function expression(r: Tokens): boolean {
  for (;;) {
    while (UNARY.has(r.peek() ?? '')) r.i++;
    const t = r.peek();
    if (t === '(') {
      r.i++;
      if (!expression(r) || !r.take(')')) return false;
    } else if (t !== undefined && OPERAND.test(t)) {
      r.i++;
      if (r.take('(') && !(r.take(')') || (expression(r) && r.take(')')))) return false;
    } else return false;
    if (!OPERATOR.test(r.peek() ?? '')) return true;
    while (OPERATOR.test(r.peek() ?? '')) r.i++;
  }
}

/**
 * Whether an argument's text is a type name the grammar may not read as an expression: specifiers (base-type
 * keywords, a tag or one typedef name, qualifiers) and an abstract declarator (`unsigned char *`, `long long`,
 * `void (*)(int)`, `char (*)[8]`, `int[4]`, and `int` alone, which tree-sitter-cpp does not read as an expression).
 * One identifier alone is an expression already; so are `a * b`, `f(x)` and `a[4]` (one name before `(` or `[`).
 */
export function isTypeName(arg: string): boolean {
  const r = new Tokens(arg.match(/[A-Za-z_]\w*|\d[\w.']*|\.\.\.|\S/g) ?? []);
  const spec = specifiers(r);
  if (!spec) return false;
  const next = r.peek();
  if (spec.lone && (next === undefined || ((next === '(' || next === '[') && !['*', '(', '['].includes(r.peek(1) ?? '')))) return false;
  return declarator(r, false) && r.i === r.toks.length;
}
