// The flat copy of a syntax tree answers like tree-sitter's own nodes: per node its type, extent, row and
// column (UTF-16 units, CRLF lines, surrogate pairs), named and missing flags, children, parent, the fields the
// extractors read, and descendantsOfType; checked node by node on C and C++ texts, syntax errors included.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type TreeSitter from 'tree-sitter';
import { ENDS_PAST_LAST_CHILD, flatten, newGrammarNames, type FlatNode, type NodeTypeInfo } from '../../src/parser/flat-tree.js';
import { BLANK_START_TYPES, WORD_TYPES } from '../../src/parser/token-ends.js';

const require = createRequire(import.meta.url);
const Parser = require('tree-sitter') as typeof TreeSitter;
const grammars = { c: require('tree-sitter-c'), cpp: require('tree-sitter-cpp') } as Record<'c' | 'cpp', TreeSitter.Language & { nodeTypeInfo: NodeTypeInfo[] }>;

const FIELDS = ['declarator', 'type', 'name', 'body', 'value', 'left', 'right', 'argument', 'function', 'field', 'arguments', 'parameters', 'designator', 'scope', 'operator', 'condition', 'consequence', 'alternative', 'default_value'];
/** Lookups where tree-sitter's node API follows a grammar quirk the cursor does not report (asked by no extractor). */
const QUIRKS = new Set(['parenthesized_expression.left', 'parenthesized_expression.right', 'parenthesized_expression.operator', 'function_definition.parameters']);

const C_TEXT = [
  '/* héllo 😀 wörld */\r\n',
  'typedef struct { int a; char *b; } pair_t; /**< a pair */\r\n',
  'static int (*handlers[4])(int) = { [0] = on_a, [1] = &on_b };\n',
  'int old_style(a, b) int a; char b; { return a + b; }\n',
  'void f(void) { pair_t p = { .a = 1, .b = "😀" }; p.a += g(p.b) ? 1 : -1; x = (y = 2); }\n',
  'enum e { A = 1 << 2, B, C = A | B };\n',
  'void broken(void) { if (x { y = ; }\n',
  'int missing_semicolon = 3\n',
  'void NMI_Handler(void) __attribute__((weak, alias("Default_Handler")));\n',
].join('');

const CPP_TEXT = [
  'namespace ns { template <typename T> struct Box : public Base<T>, virtual Other { T v; virtual void run() = 0; }; }\n',
  'template class ns::Box<int>;\n',
  'auto sum = [](int a, int b) { return (a = b) + ns::f<int>(a); };\n',
  'class K { public: K() : x_(0) {} ~K(); int x_; };\n',
  'void broken( { obj->method(1, 2; }\n',
].join('');

function compare(text: string, lang: 'c' | 'cpp'): number {
  const parser = new Parser();
  parser.setLanguage(grammars[lang]);
  const tree = parser.parse(text);
  const flat = flatten(tree, text, newGrammarNames(grammars[lang].nodeTypeInfo, WORD_TYPES[lang]));
  const stack: [TreeSitter.SyntaxNode, FlatNode][] = [[tree.rootNode, flat.rootNode]];
  let checked = 0;
  while (stack.length) {
    const [n, f] = stack.pop()!;
    checked++;
    const where = `${lang} ${n.type} at ${n.startIndex}`;
    expect([f.type, f.startIndex, f.endIndex, f.isNamed, f.isMissing, f.text], where).toEqual([n.type, n.startIndex, n.endIndex, n.isNamed, n.isMissing, n.text]);
    expect([f.startPosition, f.endPosition], where).toEqual([n.startPosition, n.endPosition]);
    expect([f.namedChildCount, f.children.length, f.parent?.startIndex], where).toEqual([n.namedChildCount, n.childCount, n.parent?.startIndex]);
    for (const field of FIELDS) {
      if (QUIRKS.has(`${n.type}.${field}`)) continue;
      const a = n.childForFieldName(field);
      const b = f.childForFieldName(field);
      expect(b && [b.type, b.startIndex], `${where} .${field}`).toEqual(a && [a.type, a.startIndex]);
      expect(f.childrenForFieldName(field).map((c) => c.startIndex), `${where} .${field}[]`).toEqual(n.childrenForFieldName(field).map((c) => c.startIndex));
    }
    const kids = n.children;
    const flatKids = f.children;
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], flatKids[i]]);
  }
  const types = ['attribute_specifier', 'identifier', 'ERROR'];
  expect(flat.rootNode.descendantsOfType(types).map((d) => d.startIndex)).toEqual(tree.rootNode.descendantsOfType(types).map((d) => d.startIndex));
  expect(flat.count).toBe(checked);
  return checked;
}

describe('flat syntax tree', () => {
  it('answers like tree-sitter for C, with CRLF, non-ASCII text and syntax errors', () => {
    expect(compare(C_TEXT, 'c')).toBeGreaterThan(200);
  });

  it('answers like tree-sitter for C++ (templates, bases, lambdas, errors)', () => {
    expect(compare(CPP_TEXT, 'cpp')).toBeGreaterThan(150);
  });

  it('answers like tree-sitter where later siblings start past blanks, continuations and literal text', () => {
    const c = 'const char *s = "  lead", *t = "", c = \' \', u = \'\\t\';\n#if defined(X) \\\n    && Y\nint z \\\r\n = 1;\n#endif\n#define M(a) \\\n  (a)\n\f\vint v;\n';
    expect(compare(c, 'c')).toBeGreaterThan(40);
    // A blank outside ASCII: the cursor is asked (here tree-sitter reads a syntax error).
    expect(compare('int a;\u00a0int b;\n', 'c')).toBeGreaterThan(5);
    const cpp = 'auto r = R"x(  raw )x"; auto q = R"(  )"; auto e = u8" s" " t";\n';
    expect(compare(cpp, 'cpp')).toBeGreaterThan(20);
  });

  it('cuts the columns of small trees from shared buffers, each tree its own bytes', () => {
    const parser = new Parser();
    parser.setLanguage(grammars.c);
    const names = newGrammarNames(grammars.c.nodeTypeInfo, WORD_TYPES.c);
    const texts = Array.from({ length: 20 }, (_, i) => `int v${i} = ${i};\nstatic int f${i}(int a) { return a + ${i}; }\n`);
    const trees = texts.map((t) => flatten(parser.parse(t), t, names));
    // 20 trees, 2 buffers at most (64 KB each; these trees take ~1.5 KB of columns).
    expect(new Set(trees.map((t) => t.typeId.buffer)).size).toBeLessThanOrEqual(2);
    const spans = trees.map((t) => [t.start.byteOffset, t.missing.byteOffset + t.missing.length, t.start.buffer] as const);
    for (const [i, [from, to, buffer]] of spans.entries()) {
      for (const [j, [f2, t2, b2]] of spans.entries()) if (i !== j && buffer === b2) expect(to <= f2 || t2 <= from).toBe(true);
    }
    // Each still reads as its own text.
    for (const [i, t] of trees.entries()) expect(t.rootNode.text).toBe(texts[i]);
    expect(compare(texts[0], 'c')).toBeGreaterThan(10);
  });

  it('copies trees one after another alike, deeper than its kept ancestor stacks or not', () => {
    // flatten keeps its stacks of open ancestors from one copy to the next (64 levels, grown when deeper).
    const deep = `int x = ${'('.repeat(150)}1${')'.repeat(150)};\nvoid f(void) { g(); }\n`;
    const shallow = 'int y;\nstruct s { int a; };\n';
    for (const text of [deep, shallow, deep, shallow]) expect(compare(text, 'c')).toBeGreaterThan(5);
  });

  it('answers like tree-sitter on the fixture sources', () => {
    const root = path.join(import.meta.dirname, '../../fixtures');
    const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(c|h|cpp|hpp)$/.test(f)).sort().filter((_, i) => i % 8 === 0);
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) compare(fs.readFileSync(path.join(root, f), 'utf8'), /\.(cpp|hpp)$/.test(f) ? 'cpp' : 'c');
  });

  it('asks no end of a token that spells its type or of a word or comment, nor the bounds its children give, in a tree without syntax errors', () => {
    const text = C_TEXT.split('\n').filter((l) => !/broken|missing/.test(l)).join('\n') + '#  include "a.h"\n#define X (1 + 2)\n';
    const parser = new Parser();
    parser.setLanguage(grammars.c);
    const tree = parser.parse(text);
    expect(tree.rootNode.hasError).toBe(false);
    let ends = 0;
    let starts = 0;
    const walk = tree.walk.bind(tree);
    const counted = Object.assign(tree, {
      walk: () =>
        new Proxy(walk(), {
          get: (cursor, key) => {
            if (key === 'endIndex') ends++;
            if (key === 'startIndex') starts++;
            const v = Reflect.get(cursor, key, cursor);
            return typeof v === 'function' ? v.bind(cursor) : v;
          },
        }),
    });
    const flat = flatten(counted, text, newGrammarNames(grammars.c.nodeTypeInfo, WORD_TYPES.c));
    const anonymous = Array.from({ length: flat.count }, (_, id) => id).filter((id) => !flat.isNamed(id));
    expect(anonymous.length).toBeGreaterThan(60);
    // Directives (`#  include` aliases a pattern) are asked; `;`, `(`, `=`, `struct` ... are not.
    const directives = anonymous.filter((id) => flat.type(id).startsWith('#')).length;
    expect(directives).toBe(2);
    // Below the root, a node with children ends with its last child (but for a directive's line end) and
    // starts with its first child.
    const ids = Array.from({ length: flat.count }, (_, id) => id);
    const parents = ids.filter((id) => id > 0 && flat.after[id] > id + 1);
    const pastLastChild = parents.filter((id) => ENDS_PAST_LAST_CHILD.has(flat.type(id))).length;
    expect(parents.length).toBeGreaterThan(50);
    expect(pastLastChild).toBe(2);
    // Words and comments end where their text says (the text here is ASCII but for a comment).
    const scanned = ids.filter((id) => flat.after[id] === id + 1 && flat.isNamed(id) && (WORD_TYPES.c.includes(flat.type(id)) || flat.type(id) === 'comment'));
    expect(scanned.length).toBeGreaterThan(40);
    expect(ends).toBe(flat.count - anonymous.length + directives - parents.length + pastLastChild - scanned.length);
    // A later sibling starts where the blanks after the one before it end (but for a string's or character's text).
    const firstChildren = new Set(parents.map((id) => id + 1));
    const blankStarts = ids.filter((id) => id > 1 && !firstChildren.has(id) && (BLANK_START_TYPES.has(flat.type(id)) || (!flat.isNamed(id) && /^\s/.test(flat.type(id)))));
    expect(blankStarts.length).toBeGreaterThan(1);
    // Asked: the root's start, its first child's, and those of the texts of strings and characters.
    expect(starts).toBe(2 + blankStarts.length);
    expect(compare(text, 'c')).toBe(flat.count);
  });

  it('holds the grammars to what the spelled-token rule assumes: only `#` directives alias other text anonymously', () => {
    interface Rule {
      type: string;
      named?: boolean;
      value?: string;
      content?: Rule;
    }
    /** The string a rule matches exactly, through token and precedence wrappers, or null. */
    const spelling = (r: Rule): string | null => (r.type === 'STRING' ? r.value! : r.content && /TOKEN|PREC/.test(r.type) ? spelling(r.content) : null);
    for (const lang of ['c', 'cpp'] as const) {
      const grammar = JSON.parse(fs.readFileSync(require.resolve(`tree-sitter-${lang}/src/grammar.json`), 'utf8'));
      const other: string[] = [];
      const visit = (rule: unknown): void => {
        if (!rule || typeof rule !== 'object') return;
        const r = rule as Rule;
        if (r.type === 'ALIAS' && !r.named && !r.value!.startsWith('#') && spelling(r.content!) !== r.value) other.push(r.value!);
        for (const v of Object.values(r)) visit(v);
      };
      visit(grammar.rules);
      expect(other, lang).toEqual([]);
    }
  });
});
