// Turns one file's (masked) text into symbols, call references and syntax errors with tree-sitter.
// Kinds, qualified names (`ns::Class::method`, `tag::field`, `enum::CONST`), docstrings, enum values.
// It does not resolve types across files or decide which lines are compiled (the preprocessor does).
import { createHash } from 'node:crypto';
import type { Language } from '../model/compile-args.js';
import type { ExtractedReference, ExtractedSymbol, FileExtraction, SymbolKind } from '../model/symbol.js';
import { cleanComment } from './docstring.js';
import { evaluateConstant } from './enum-values.js';
import { extractClassRelations } from './extract-class-relations.js';
import { extractVariableRefs } from './extract-variable-refs.js';
import { nameTokens } from './name-tokens.js';
import { parseText, type SyntaxNode } from './tree-sitter-parser.js';

export interface ExtractOptions {
  /** Path recorded in stable ids (project-relative). */
  relPath: string;
  language: Language;
  /** rowsMasked[row] = 1 when that 0-based row was blanked (inactive code or a directive). */
  rowsMasked?: Uint8Array;
  /** Integer value of a macro, for enum initializers that name one. */
  macroValue?: (name: string) => bigint | null;
}

const SCOPE_TYPES = new Set(['namespace_definition', 'class_specifier', 'struct_specifier', 'union_specifier', 'enum_specifier', 'function_definition']);
const DECLARATOR_WRAPPERS = new Set(['pointer_declarator', 'reference_declarator', 'array_declarator', 'attributed_declarator', 'init_declarator', 'parenthesized_declarator']);
const MAX_SIGNATURE = 400;

interface Scope {
  symbol: ExtractedSymbol | null;
  kind: SymbolKind | 'anonymous';
  qualifiedName: string;
  /** Last name component (for constructor detection). */
  name: string;
}

interface DeclaratorInfo {
  nameNode: SyntaxNode | null;
  isFunction: boolean;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string): string {
  const t = collapse(text);
  return t.length > MAX_SIGNATURE ? t.slice(0, MAX_SIGNATURE - 1) + '…' : t;
}

/** Find the name of a declarator and whether it declares a function (not a function pointer). */
function unwrapDeclarator(node: SyntaxNode | null): DeclaratorInfo {
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
    if (DECLARATOR_WRAPPERS.has(cur.type)) {
      cur = cur.childForFieldName('declarator') ?? cur.namedChildren.find((c) => c.type !== 'attribute_specifier' && c.type !== 'type_qualifier' && c.type !== 'ms_pointer_modifier') ?? null;
      continue;
    }
    break;
  }
  return { nameNode: cur, isFunction };
}

function nameOf(node: SyntaxNode): { scope: string[]; name: string } {
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

function hasChildOfType(node: SyntaxNode, type: string, text?: string): boolean {
  for (const c of node.children) if (c.type === type && (text === undefined || c.text === text)) return true;
  return false;
}

export function extractSymbols(text: string, options: ExtractOptions): FileExtraction {
  const { tree, captures } = parseText(text, options.language);
  const symbols: ExtractedSymbol[] = [];
  const references: ExtractedReference[] = [];
  const scopes = new Map<number, Scope>();
  const ordinals = new Map<string, number>();
  const namespaces = new Set<string>();
  const enumState = new Map<number, { seen: number; last: bigint | null; names: Map<string, bigint> }>();
  const allEnumerators = new Map<string, bigint>();
  const masked = options.rowsMasked;

  const stableId = (kind: string, qname: string) => {
    const key = `${kind}\u0000${qname}`;
    const n = ordinals.get(key) ?? 0;
    ordinals.set(key, n + 1);
    return createHash('sha1').update(`${options.relPath}\u0000${key}\u0000${n}`).digest('hex').slice(0, 16);
  };

  /** Nearest enclosing named scope; `inFunction` when a function body lies between. */
  const enclosing = (node: SyntaxNode): { scope: Scope | null; inFunction: boolean; inClassBody: boolean } => {
    let inFunction = false;
    let inClassBody = false;
    let first = true;
    for (let p = node.parent; p; p = p.parent) {
      if (p.type === 'compound_statement') inFunction = true;
      if (p.type === 'field_declaration_list' && first) inClassBody = true;
      if (SCOPE_TYPES.has(p.type)) {
        first = false;
        const s = scopes.get(p.id);
        if (s && s.symbol) return { scope: s, inFunction, inClassBody };
      }
      if (p.type === 'translation_unit') break;
    }
    return { scope: null, inFunction, inClassBody };
  };

  const docstringFor = (stmt: SyntaxNode, trailingAllowed: boolean): string => {
    const parts: string[] = [];
    let cur: SyntaxNode = stmt;
    for (let prev = stmt.previousSibling; prev && prev.type === 'comment'; prev = prev.previousSibling) {
      const gapStart = prev.endPosition.row + 1;
      const gapEnd = cur.startPosition.row - 1;
      let adjacent = gapStart <= gapEnd + 1;
      for (let r = gapStart; adjacent && r <= gapEnd; r++) if (!masked || !masked[r]) adjacent = false;
      if (!adjacent) break;
      const before = prev.previousSibling;
      if (before && before.type !== 'comment' && before.endPosition.row === prev.startPosition.row) break;
      if (/^\/\/[/!]<|^\/\*[*!]</.test(prev.text)) break;
      parts.unshift(prev.text);
      cur = prev;
    }
    if (parts.length) return cleanComment(parts.map((p) => cleanComment(p)).join('\n'));
    if (trailingAllowed) {
      for (let next = stmt.nextSibling, hops = 0; next && hops < 2; next = next.nextSibling, hops++) {
        if (next.type === 'comment') {
          if (next.startPosition.row === stmt.endPosition.row && /^\/\/[/!]<|^\/\*[*!]</.test(next.text)) return cleanComment(next.text.replace(/^(\/\/[/!]|\/\*[*!])</, '$1'));
          break;
        }
        if (next.text !== ',' && next.text !== ';') break;
      }
    }
    return '';
  };

  const add = (
    kind: SymbolKind,
    name: string,
    scopeParts: string[],
    parent: Scope | null,
    node: SyntaxNode,
    stmt: SyntaxNode,
    extra: Partial<ExtractedSymbol> & { signature: string },
  ): ExtractedSymbol => {
    const qualifiedName = [...(parent ? [parent.qualifiedName] : []), ...scopeParts, name].filter(Boolean).join('::');
    const sym: ExtractedSymbol = {
      stableId: stableId(kind, qualifiedName),
      parentId: parent?.symbol?.stableId ?? null,
      name,
      qualifiedName,
      kind,
      line: node.startPosition.row + 1,
      endLine: node.endPosition.row + 1,
      column: node.startPosition.column + 1,
      isDefinition: true,
      docstring: docstringFor(stmt, kind === 'enum_constant' || kind === 'field'),
      isTemplate: stmt.parent?.type === 'template_declaration' || stmt.type === 'template_declaration',
      isVirtual: false,
      isPureVirtual: false,
      enumValue: null,
      nameTokens: nameTokens(name),
      body: null,
      ...extra,
    };
    if (sym.isTemplate && stmt.parent?.type === 'template_declaration') sym.signature = clip(`template${stmt.parent.childForFieldName('parameters')?.text ?? ''} ${sym.signature}`);
    symbols.push(sym);
    return sym;
  };

  /** The node whose preceding comments document `node` (its declaration or template wrapper). */
  const statementOf = (node: SyntaxNode): SyntaxNode => {
    let s = node;
    if (s.parent && (s.parent.type === 'template_declaration' || s.parent.type === 'type_definition' || s.parent.type === 'declaration')) s = s.parent;
    if (s.parent?.type === 'template_declaration') s = s.parent;
    return s;
  };

  const functionKind = (name: string, scopeParts: string[], parent: Scope | null, inClassBody: boolean): SymbolKind => {
    const owner = scopeParts.length ? scopeParts[scopeParts.length - 1] : inClassBody && parent ? parent.name : null;
    const ownerIsClass = owner !== null && (inClassBody || !namespaces.has(owner));
    if (!ownerIsClass || options.language === 'c') return 'function';
    if (name === owner) return 'constructor';
    if (name === `~${owner}`) return 'destructor';
    return 'method';
  };

  const declare = (decl: SyntaxNode, declarator: SyntaxNode, category: 'declaration' | 'field' | 'function') => {
    const info = unwrapDeclarator(declarator);
    if (!info.nameNode) return;
    if (!['identifier', 'field_identifier', 'qualified_identifier', 'destructor_name', 'operator_name', 'template_function', 'type_identifier'].includes(info.nameNode.type)) return;
    const { scope: scopeParts, name } = nameOf(info.nameNode);
    const { scope: parent, inFunction, inClassBody } = enclosing(decl);
    const prefix = text.slice(decl.startIndex, declarator.startIndex);
    const isVirtual = hasChildOfType(decl, 'virtual') || /\bvirtual\b/.test(prefix);
    if (info.isFunction || category === 'function') {
      const kind = functionKind(name, scopeParts, parent, inClassBody);
      const isDef = category === 'function';
      const body = isDef ? decl.childForFieldName('body') : null;
      const sigText = isDef ? text.slice(decl.startIndex, body ? body.startIndex : decl.endIndex) : prefix + declarator.text;
      const pure = category === 'field' && decl.childForFieldName('default_value')?.text === '0';
      const stmt = statementOf(decl);
      const sym = add(kind, name, scopeParts, parent, decl, stmt, {
        signature: clip(sigText),
        isDefinition: isDef,
        isVirtual: isVirtual || pure,
        isPureVirtual: pure,
        body: isDef ? stmt.text : null,
        line: stmt.startPosition.row + 1,
      });
      if (isDef) scopes.set(decl.id, { symbol: sym, kind, qualifiedName: sym.qualifiedName, name });
      return;
    }
    if (category === 'field') {
      add('field', name, [], parent, declarator, decl, { signature: clip(prefix + declarator.text) });
      return;
    }
    const isExtern = /\bextern\b/.test(prefix) && declarator.type !== 'init_declarator';
    const kind: SymbolKind = inFunction ? 'varlocal' : 'varglobal';
    add(kind, name, scopeParts, parent, declarator, decl, { signature: clip(prefix + declarator.text), isDefinition: !isExtern });
  };

  const tagName = (node: SyntaxNode): string | null => {
    const n = node.childForFieldName('name');
    if (n) return nameOf(n).name;
    if (node.parent?.type === 'type_definition') {
      const d = node.parent.childForFieldName('declarator');
      const info = unwrapDeclarator(d);
      if (info.nameNode) return info.nameNode.text;
    }
    return null;
  };

  for (const cap of captures) {
    const node = cap.node;
    switch (cap.name) {
      case 'reference.call':
        references.push({ name: node.text, line: node.startPosition.row + 1, column: node.startPosition.column + 1, kind: 'call' });
        break;
      case 'definition.function': {
        const d = node.childForFieldName('declarator');
        if (d) declare(node, d, 'function');
        break;
      }
      case 'definition.declaration':
        for (const d of node.childrenForFieldName('declarator')) declare(node, d, 'declaration');
        break;
      case 'definition.field':
        for (const d of node.childrenForFieldName('declarator')) declare(node, d, 'field');
        break;
      case 'definition.struct':
      case 'definition.union':
      case 'definition.class':
      case 'definition.enum': {
        const kind = cap.name.slice('definition.'.length) as SymbolKind;
        const name = tagName(node);
        const { scope: parent } = enclosing(node);
        if (!name) {
          scopes.set(node.id, { symbol: null, kind: 'anonymous', qualifiedName: parent?.qualifiedName ?? '', name: '' });
          if (kind === 'enum') enumState.set(node.id, { seen: 0, last: null, names: new Map() });
          break;
        }
        const body = node.childForFieldName('body');
        const sig = text.slice(node.startIndex, body ? body.startIndex : node.endIndex);
        const sigText = clip(sig);
        const sym = add(kind, name, [], parent, node, statementOf(node), { signature: /^(struct|union|enum|class)( class| struct)?$/.test(sigText) ? `${sigText} ${name}` : sigText });
        scopes.set(node.id, { symbol: sym, kind, qualifiedName: sym.qualifiedName, name });
        if (kind === 'enum') enumState.set(node.id, { seen: 0, last: null, names: new Map() });
        break;
      }
      case 'definition.enum_constant': {
        const enumNode = node.parent?.parent;
        const state = enumNode ? enumState.get(enumNode.id) : undefined;
        const nameNode = node.childForFieldName('name');
        if (!nameNode) break;
        const name = nameNode.text;
        const valueNode = node.childForFieldName('value');
        let value: bigint | null;
        if (valueNode) {
          value = evaluateConstant(valueNode, (n) => state?.names.get(n) ?? allEnumerators.get(n) ?? options.macroValue?.(n) ?? null);
        } else {
          value = state ? (state.seen === 0 ? 0n : state.last === null ? null : state.last + 1n) : null;
        }
        if (state) {
          state.seen++;
          state.last = value;
          if (value !== null) state.names.set(name, value);
        }
        if (value !== null) allEnumerators.set(name, value);
        const { scope: parent } = enclosing(node);
        add('enum_constant', name, [], parent, node, node, {
          signature: clip(node.text),
          enumValue: value === null ? null : value.toString(),
        });
        break;
      }
      case 'definition.typedef': {
        const { scope: parent } = enclosing(node);
        const type = node.childForFieldName('type');
        const body = type?.childForFieldName('body');
        const sig = body ? text.slice(node.startIndex, body.startIndex) + '{...}' + text.slice(body.endIndex, node.endIndex) : node.text;
        for (const d of node.childrenForFieldName('declarator')) {
          const info = unwrapDeclarator(d);
          if (!info.nameNode) continue;
          add('typedef', info.nameNode.text, [], parent, d, node, { signature: clip(sig.replace(/;\s*$/, '')) });
        }
        break;
      }
      case 'definition.alias': {
        const n = node.childForFieldName('name');
        if (!n) break;
        const { scope: parent } = enclosing(node);
        add('typedef', n.text, [], parent, node, statementOf(node), { signature: clip(node.text.replace(/;\s*$/, '')) });
        break;
      }
      case 'definition.namespace': {
        const n = node.childForFieldName('name');
        const { scope: parent } = enclosing(node);
        const full = n ? collapse(n.text).replace(/\s*::\s*/g, '::') : '(anonymous)';
        const parts = full.split('::');
        const name = parts.pop()!;
        parts.forEach((p) => namespaces.add(p));
        namespaces.add(name);
        const body = node.childForFieldName('body');
        const sym = add('namespace', name, parts, parent, node, node, { signature: clip(text.slice(node.startIndex, body ? body.startIndex : node.endIndex)) });
        scopes.set(node.id, { symbol: sym, kind: 'namespace', qualifiedName: sym.qualifiedName, name });
        break;
      }
      default:
        break;
    }
  }

  const errors: string[] = [];
  if (tree.rootNode.hasError) {
    const rows: number[] = [];
    const visit = (n: SyntaxNode) => {
      if (rows.length >= 5) return;
      if (n.type === 'ERROR' || n.isMissing) {
        rows.push(n.startPosition.row + 1);
        return;
      }
      for (const c of n.children) if (c.hasError || c.isMissing) visit(c);
    };
    visit(tree.rootNode);
    errors.push(`syntax errors near line${rows.length > 1 ? 's' : ''} ${rows.join(', ')} (the rest of the file is indexed)`);
  }
  const relations = { variableRefs: extractVariableRefs(tree, options.language), ...extractClassRelations(tree, options.language, symbols) };
  return { symbols, references, errors, relations };
}
