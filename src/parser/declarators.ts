// Reading C/C++ declarators and signatures: the name a declarator declares, whether it declares a
// function (not a pointer to one), qualified-name parts, and signatures clipped to a bounded length.
// An asm label (`__asm__ ("name")`) the grammar files as a declarator of its own declares nothing.
import type { SyntaxNode } from './tree-sitter-parser.js';

const DECLARATOR_WRAPPERS = new Set(['pointer_declarator', 'reference_declarator', 'array_declarator', 'attributed_declarator', 'init_declarator', 'parenthesized_declarator']);
export const MAX_SIGNATURE = 400;

export interface DeclaratorInfo {
  nameNode: SyntaxNode | null;
  isFunction: boolean;
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function clip(text: string): string {
  const t = collapse(text);
  return t.length > MAX_SIGNATURE ? t.slice(0, MAX_SIGNATURE - 1) + '…' : t;
}

const isSpace = (code: number, ch: string) => (code <= 32 ? code === 32 || (code >= 9 && code <= 13) : code > 127 && /\s/.test(ch));

/**
 * Ranges up to this long are clipped as a slice by clip's regular expression: a loop turn per character costs
 * hundreds of instructions while V8 runs it unoptimized, as it does for most of a short run's signatures.
 */
const SLICED_RANGE = 4 * MAX_SIGNATURE;

/** clip(text.slice(start, end)); a long range is read only as far as the clipped result needs: linear in what it keeps. */
export function clipRange(text: string, start: number, end: number): string {
  if (end - start <= SLICED_RANGE) return clip(text.slice(start, end));
  let out = '';
  let i = start;
  for (;;) {
    while (i < end && isSpace(text.charCodeAt(i), text[i])) i++;
    if (i >= end) return out;
    // One word at a time; a word longer than the clip is cut where the clip ends.
    const stop = Math.min(end, i + MAX_SIGNATURE + 1);
    let j = i + 1;
    while (j < stop && !isSpace(text.charCodeAt(j), text[j])) j++;
    out = out ? `${out} ${text.slice(i, j)}` : text.slice(i, j);
    if (out.length > MAX_SIGNATURE) return out.slice(0, MAX_SIGNATURE - 1) + '…';
    i = j;
  }
}

/**
 * Find the name of a declarator and whether it declares a function (not a function pointer). A GNU asm label
 * (`int f(int) __asm__ ("f_v2");`, glibc's `__REDIRECT`) is filed by tree-sitter-cpp, and by tree-sitter-c after
 * a declarator that is not a function's, as a declarator of the declaration beside the one it renames: it names
 * nothing (it is the linker name of the declarator before it).
 */
export function unwrapDeclarator(node: SyntaxNode | null): DeclaratorInfo {
  if (node?.type === 'gnu_asm_expression') return { nameNode: null, isFunction: false };
  let cur = node;
  let isFunction = false;
  let sawPointerToFunction = false;
  while (cur) {
    if (cur.type === 'function_declarator') {
      const inner = cur.childForFieldName('declarator');
      if (inner && inner.type === 'parenthesized_declarator') {
        sawPointerToFunction = true;
        cur = inner;
        continue;
      }
      if (!sawPointerToFunction) isFunction = true;
      cur = inner;
      continue;
    }
    // A conversion operator (`operator int()`, `operator const char *() const`) declares a function by itself.
    if (cur.type === 'operator_cast') return { nameNode: cur, isFunction: !sawPointerToFunction };
    if (DECLARATOR_WRAPPERS.has(cur.type)) {
      cur = cur.childForFieldName('declarator') ?? cur.namedChildren.find((c) => c.type !== 'attribute_specifier' && c.type !== 'type_qualifier' && c.type !== 'ms_pointer_modifier') ?? null;
      continue;
    }
    break;
  }
  return { nameNode: cur, isFunction };
}

/** `operator T` of a conversion operator: its text up to the parameter list (`operator const char *`). */
function castName(cast: SyntaxNode): string {
  let params: SyntaxNode | null = cast;
  // Down the declarator (`&` and `&&` ones hold theirs unnamed), not into the type (`operator function<void()>`).
  while (params && params.type !== 'parameter_list') {
    params = params.childForFieldName('parameters') ?? params.childForFieldName('declarator') ?? params.namedChildren.find((c) => c.type.startsWith('abstract_')) ?? null;
  }
  return collapse(params ? cast.text.slice(0, params.startIndex - cast.startIndex) : cast.text);
}

/**
 * The name a struct, union, class or enum is known by: its tag (a specialization's without its arguments), with the
 * classes or namespaces a qualified tag names before it (`struct Paint::Impl { ... }` defines the class Impl declared
 * in Paint); or for `typedef struct { ... } name_t;` the typedef name (`typedef`: the type_definition around the
 * node, null when none).
 */
export function tagNameOf(node: SyntaxNode, typedef: SyntaxNode | null): { name: string | null; scope: string[] } {
  const tag = node.childForFieldName('name');
  if (tag) {
    const { name, scope } = nameOf(tag);
    return { name: name.replace(/<.*>$/s, ''), scope };
  }
  const name = typedef ? unwrapDeclarator(typedef.childForFieldName('declarator')).nameNode?.text : undefined;
  return { name: name ?? null, scope: [] };
}

/** The conversion operator a name is or ends in (`operator int`, `A::B::operator int`), if it is one. */
export function castOf(node: SyntaxNode): SyntaxNode | null {
  let cur: SyntaxNode | null = node;
  while (cur?.type === 'qualified_identifier') cur = cur.childForFieldName('name');
  return cur?.type === 'operator_cast' ? cur : null;
}

export function nameOf(node: SyntaxNode): { scope: string[]; name: string } {
  const cast = castOf(node);
  if (cast === node) return { scope: [], name: castName(node) };
  if (cast) {
    const scope = collapse(node.text.slice(0, cast.startIndex - node.startIndex)).replace(/\s*::\s*/g, '::').split('::');
    return { scope: scope.filter(Boolean).map((x) => x.replace(/<.*>$/, '')), name: castName(cast) };
  }
  if (node.type === 'qualified_identifier') {
    const parts = collapse(node.text).replace(/\s*::\s*/g, '::').split('::');
    const name = parts.pop() ?? node.text;
    return { scope: parts.filter(Boolean).map((x) => x.replace(/<.*>$/, '')), name };
  }
  if (node.type === 'template_function' || node.type === 'template_type') {
    return { scope: [], name: node.childForFieldName('name')?.text ?? node.text };
  }
  return { scope: [], name: collapse(node.text) };
}

export function hasChildOfType(node: SyntaxNode, type: string, text?: string): boolean {
  for (const c of node.children) if (c.type === type && (text === undefined || c.text === text)) return true;
  return false;
}

/**
 * The function name of a definition whose head is a macro call, `STATIC portTASK_FUNCTION( prvIdleTask,
 * pvParameters ) { ... }` (tree-sitter reads the call as a type and finds no declarator): its first argument.
 */
export function macroWrittenName(def: SyntaxNode): SyntaxNode | null {
  const type = def.childForFieldName('type');
  if (type?.type !== 'macro_type_specifier') return null;
  const macro = type.childForFieldName('name');
  const first = type.namedChildren.find((c) => c.id !== macro?.id);
  const stack = first ? [first] : [];
  while (stack.length) {
    const n = stack.shift()!;
    if ((n.type === 'identifier' || n.type === 'type_identifier') && !n.isMissing) return n;
    stack.push(...n.namedChildren);
  }
  return null;
}

/**
 * Whether a declaration's text gives it GNU's alias attribute (`extern int __attribute__((alias("x"))) y;`,
 * `void f(void) __attribute__((weak, alias("g")));`, or a target string a macro makes: the Pico SDK's
 * `alias(__XSTRING(WRAPPER_FUNC(getchar)))`): such a declaration defines its name, as an alias of the target.
 */
export function declaresAlias(text: string): boolean {
  return /\b(?:__)?alias(?:__)?\s*\(\s*("|[A-Za-z_])/.test(text) && /\b__attribute(?:__)?\b/.test(text);
}
