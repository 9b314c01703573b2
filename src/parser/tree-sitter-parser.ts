// The one home of tree-sitter: loads the C and C++ grammars and their .scm queries, parses text.
// Leaves symbol meaning to extract-symbols.ts.
import fs from 'node:fs';
import Parser from 'tree-sitter';
import C from 'tree-sitter-c';
import Cpp from 'tree-sitter-cpp';
import type { Language } from '../model/compile-args.js';

export type SyntaxNode = Parser.SyntaxNode;
export type Tree = Parser.Tree;

interface LanguageRuntime {
  parser: Parser;
  query: Parser.Query;
}

const runtimes = new Map<Language, LanguageRuntime>();

function loadQuery(lang: Language): string {
  return fs.readFileSync(new URL(`./queries/${lang}.scm`, import.meta.url), 'utf8');
}

function runtime(lang: Language): LanguageRuntime {
  let rt = runtimes.get(lang);
  if (!rt) {
    const grammar = (lang === 'cpp' ? Cpp : C) as unknown as Parser.Language;
    const parser = new Parser();
    parser.setLanguage(grammar);
    rt = { parser, query: new Parser.Query(grammar, loadQuery(lang)) };
    runtimes.set(lang, rt);
  }
  return rt;
}

export interface Capture {
  name: string;
  node: SyntaxNode;
}

export function parseText(text: string, lang: Language): { tree: Tree; captures: Capture[] } {
  const rt = runtime(lang);
  const tree = rt.parser.parse(text);
  const captures = rt.query.captures(tree.rootNode) as Capture[];
  return { tree, captures };
}

const extraQueries = new Map<string, Parser.Query>();

/**
 * Captures of a second query file (`queries/<name>.scm`) over a tree parsed by parseText: extractors that
 * live in their own module bring their own patterns. The query is compiled once per language and name.
 */
export function queryCaptures(tree: Tree, lang: Language, name: string): Capture[] {
  const key = `${lang}\u0000${name}`;
  let q = extraQueries.get(key);
  if (!q) {
    const grammar = (lang === 'cpp' ? Cpp : C) as unknown as Parser.Language;
    q = new Parser.Query(grammar, fs.readFileSync(new URL(`./queries/${name}.scm`, import.meta.url), 'utf8'));
    extraQueries.set(key, q);
  }
  return q.captures(tree.rootNode) as Capture[];
}
