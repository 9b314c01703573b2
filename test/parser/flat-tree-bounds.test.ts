// What flatten infers instead of asking the cursor, checked two ways: the grammars (grammar.json) hold to the
// rule it relies on (a node below the root starts with its first child and, but for ENDS_PAST_LAST_CHILD,
// ends with its last one), and the flat copy of every fixture source equals a cursor walk that asks everything.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type TreeSitter from 'tree-sitter';
import { ENDS_PAST_LAST_CHILD, flatten, newGrammarNames, type NodeTypeInfo } from '../../src/parser/flat-tree.js';
import { WORD_TYPES } from '../../src/parser/token-ends.js';

const require = createRequire(import.meta.url);
const Parser = require('tree-sitter') as typeof TreeSitter;
const grammars = { c: require('tree-sitter-c'), cpp: require('tree-sitter-cpp') } as Record<'c' | 'cpp', TreeSitter.Language & { nodeTypeInfo: NodeTypeInfo[] }>;

interface Rule {
  type: string;
  name?: string;
  named?: boolean;
  value?: string;
  content?: Rule;
  members?: Rule[];
}

interface Grammar {
  word: string;
  rules: Record<string, Rule>;
  externals: Rule[];
  supertypes?: string[];
  inline?: string[];
}

/**
 * The visible node types whose rule can begin (`last` false) or end with a hidden token: a pattern or token
 * that is not a plain string, or a hidden terminal rule. Hidden rules (`_name`, supertypes, inlined rules) are
 * followed into; a type aliased from another rule counts that rule.
 */
function typesWithHiddenEdge(g: Grammar, last: boolean): string[] {
  const hidden = (n: string) => n.startsWith('_') || (g.supertypes ?? []).includes(n) || (g.inline ?? []).includes(n);
  const unwrap = (r: Rule): Rule => (/^PREC|^FIELD$|^RESERVED$/.test(r.type) ? unwrap(r.content!) : r);
  const isToken = (r: Rule) => /^(TOKEN|IMMEDIATE_TOKEN|PATTERN|STRING)$/.test(unwrap(r).type);
  const externals = new Set(g.externals.filter((e) => e.type === 'SYMBOL').map((e) => e.name!));
  /** Whether the rule can match nothing, and whether a hidden token can sit at its edge. */
  const edge = (rule: Rule, seen: string[]): { empty: boolean; hiddenEdge: boolean } => {
    const r = unwrap(rule);
    switch (r.type) {
      case 'BLANK':
        return { empty: true, hiddenEdge: false };
      case 'STRING':
        return { empty: false, hiddenEdge: false };
      case 'PATTERN':
        return { empty: false, hiddenEdge: true };
      case 'TOKEN':
      case 'IMMEDIATE_TOKEN':
        return { empty: false, hiddenEdge: unwrap(r.content!).type !== 'STRING' };
      case 'ALIAS':
        return { empty: false, hiddenEdge: !r.named && !r.value };
      case 'REPEAT':
        return { empty: true, hiddenEdge: edge(r.content!, seen).hiddenEdge };
      case 'REPEAT1':
        return edge(r.content!, seen);
      case 'CHOICE': {
        const all = r.members!.map((m) => edge(m, seen));
        return { empty: all.some((e) => e.empty), hiddenEdge: all.some((e) => e.hiddenEdge) };
      }
      case 'SEQ': {
        let hiddenEdge = false;
        for (const m of last ? [...r.members!].reverse() : r.members!) {
          const e = edge(m, seen);
          hiddenEdge ||= e.hiddenEdge;
          if (!e.empty) return { empty: false, hiddenEdge };
        }
        return { empty: true, hiddenEdge };
      }
      case 'SYMBOL': {
        const n = r.name!;
        if (externals.has(n)) return { empty: false, hiddenEdge: n.startsWith('_') };
        if (!hidden(n) || seen.includes(n)) return { empty: false, hiddenEdge: false };
        return isToken(g.rules[n]) ? { empty: false, hiddenEdge: true } : edge(g.rules[n], [...seen, n]);
      }
    }
    throw new Error(`rule type ${r.type}`);
  };
  const found = new Set<string>();
  for (const [name, rule] of Object.entries(g.rules)) if (!hidden(name) && !isToken(rule) && edge(rule, [name]).hiddenEdge) found.add(name);
  const visitAliases = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const r = node as Rule;
    const target = r.type === 'ALIAS' && r.named && r.content!.type === 'SYMBOL' ? g.rules[r.content!.name!] : undefined;
    if (target && !isToken(target) && edge(target, [r.content!.name!]).hiddenEdge) found.add(r.value!);
    for (const v of Object.values(r)) visitAliases(v);
  };
  visitAliases(g.rules);
  return [...found].sort();
}

/** Every column of every node, read by a cursor walk that asks the cursor for each. */
function askedWalk(tree: TreeSitter.Tree): string[] {
  const rows: string[] = [];
  const cursor = tree.walk();
  for (;;) {
    rows.push([cursor.nodeType, cursor.startIndex, cursor.endIndex, cursor.currentFieldName ?? '', cursor.nodeIsMissing].join(' '));
    if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return rows;
  }
}

describe('what the flat copy infers', () => {
  it('holds the grammars to it: no rule starts with a hidden token, only the listed ones end with one', () => {
    for (const lang of ['c', 'cpp'] as const) {
      const grammar = JSON.parse(fs.readFileSync(require.resolve(`tree-sitter-${lang}/src/grammar.json`), 'utf8')) as Grammar;
      expect(typesWithHiddenEdge(grammar, false), lang).toEqual([]);
      expect(typesWithHiddenEdge(grammar, true), lang).toEqual([...ENDS_PAST_LAST_CHILD].sort());
    }
  });

  it('holds the grammars to the token ends read from the text: identifier and comment rules, words by grammar', () => {
    const identifier = '(\\p{XID_Start}|\\$|_|\\\\u[0-9A-Fa-f]{4}|\\\\U[0-9A-Fa-f]{8})(\\p{XID_Continue}|\\$|\\\\u[0-9A-Fa-f]{4}|\\\\U[0-9A-Fa-f]{8})*';
    const comment = {
      type: 'TOKEN',
      content: {
        type: 'CHOICE',
        members: [
          { type: 'SEQ', members: [{ type: 'STRING', value: '//' }, { type: 'PATTERN', value: '(\\\\+(.|\\r?\\n)|[^\\\\\\n])*' }] },
          { type: 'SEQ', members: [{ type: 'STRING', value: '/*' }, { type: 'PATTERN', value: '[^*]*\\*+([^/*][^*]*\\*+)*' }, { type: 'STRING', value: '/' }] },
        ],
      },
    };
    for (const lang of ['c', 'cpp'] as const) {
      const grammar = JSON.parse(fs.readFileSync(require.resolve(`tree-sitter-${lang}/src/grammar.json`), 'utf8')) as Grammar;
      expect(grammar.word, lang).toBe('identifier');
      expect(grammar.rules.identifier, lang).toEqual({ type: 'PATTERN', value: identifier });
      expect(grammar.rules.comment, lang).toEqual(comment);
      // A word type other than identifier and C's primitive_type is an alias of identifier, and only that.
      const sources = new Map<string, string[]>();
      const visit = (node: unknown): void => {
        if (!node || typeof node !== 'object') return;
        const r = node as Rule;
        if (r.type === 'ALIAS' && r.named) sources.set(r.value!, [...(sources.get(r.value!) ?? []), JSON.stringify(r.content)]);
        for (const v of Object.values(r)) visit(v);
      };
      visit(grammar.rules);
      for (const type of WORD_TYPES[lang].filter((t) => t !== 'identifier' && t !== 'primitive_type')) {
        expect(grammar.rules[type], `${lang} ${type}`).toBeUndefined();
        expect(new Set(sources.get(type)), `${lang} ${type}`).toEqual(new Set([JSON.stringify({ type: 'SYMBOL', name: 'identifier' })]));
      }
    }
    // C lexes primitive_type as a keyword, so only as a whole word: its keyword lexer makes it, its main lexer does not.
    const parser = fs.readFileSync(require.resolve('tree-sitter-c/src/parser.c'), 'utf8');
    const keywordLexer = parser.indexOf('static bool ts_lex_keywords(');
    const mainLexer = parser.slice(parser.indexOf('static bool ts_lex('), keywordLexer);
    const keywordStrings = ['signed', 'unsigned', 'long', 'short'];
    expect(parser.slice(keywordLexer, parser.indexOf('\n}\n', keywordLexer))).toContain('ACCEPT_TOKEN(sym_primitive_type)');
    expect(mainLexer).not.toContain('ACCEPT_TOKEN(sym_primitive_type)');
    for (const k of keywordStrings) expect(mainLexer).not.toContain(`ACCEPT_TOKEN(anon_sym_${k})`);
  });

  it('copies every fixture source as a cursor walk that asks everything reads it, with and without skipped spans', () => {
    const root = path.join(import.meta.dirname, '../../fixtures');
    const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(c|h|cpp|hpp)$/.test(f)).sort();
    expect(files.length).toBeGreaterThan(200);
    const parsers = { c: new Parser(), cpp: new Parser() };
    parsers.c.setLanguage(grammars.c);
    parsers.cpp.setLanguage(grammars.cpp);
    const names = { c: newGrammarNames(grammars.c.nodeTypeInfo, WORD_TYPES.c), cpp: newGrammarNames(grammars.cpp.nodeTypeInfo, WORD_TYPES.cpp) };
    let clean = 0;
    for (const f of files) {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      const lang = /\.(cpp|hpp)$/.test(f) ? 'cpp' : 'c';
      // Two lines read, two skipped, and so on (as data-table spans are skipped), which leaves syntax errors in many files.
      const bounds = [0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1), text.length];
      const included: TreeSitter.Range[] = [];
      for (let k = 0; k + 2 < bounds.length; k += 4) included.push(range(text, bounds[k], bounds[k + 2]));
      const trees = [parsers[lang].parse(text), ...(included.length > 1 ? [parsers[lang].parse(text, undefined, { includedRanges: included })] : [])];
      for (const [i, tree] of trees.entries()) {
        if (!tree.rootNode.hasError) clean++;
        const flat = flatten(tree, text, names[lang], i > 0);
        const rows = Array.from({ length: flat.count }, (_, id) => {
          const field = flat.field[id] ? flat.names.fields[flat.field[id]] : '';
          return [flat.type(id), flat.start[id], flat.end[id], field, flat.missing[id] === 1].join(' ');
        });
        expect(rows, f).toEqual(askedWalk(tree));
      }
    }
    expect(clean).toBeGreaterThan(200);
  });
});

/** A tree-sitter range over [from, to) of `text`. */
function range(text: string, from: number, to: number): TreeSitter.Range {
  const point = (offset: number) => {
    const before = text.slice(0, offset);
    const row = before.split('\n').length - 1;
    return { row, column: offset - (before.lastIndexOf('\n') + 1) };
  };
  return { startIndex: from, endIndex: to, startPosition: point(from), endPosition: point(to) };
}
