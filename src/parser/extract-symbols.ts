// Turns one file's (masked) text into symbols, variable references and syntax errors with tree-sitter.
// Kinds, qualified names (`ns::Class::method`, `tag::field`, `enum::CONST`), docstrings, enum values. A function or
// variable with C language linkage declared in a namespace (`namespace std { extern "C" int remove(const char *); }`)
// is named by its C name (`remove`, what the linker sees and what every declaration of it in any namespace denotes),
// its namespace-qualified spelling kept as its alias (`std::remove`).
// It does not resolve types across files or decide which lines are compiled (the preprocessor does).
// Work is linear in the size of the file: one tree walk, whose stack of ancestor ids answers every parent
// lookup (tree-sitter's parent and sibling lookups are not constant time).
import type { Language } from '../model/compile-args.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { sha1 } from '../model/sha1.js';
import type { ExtractedSymbol, FileExtraction, SymbolKind } from '../model/symbol.js';
import { dataTableInsides } from './data-tables.js';
import { clip, clipRange, collapse, declaresAlias, hasChildOfType, macroWrittenName, nameOf, tagNameOf, unwrapDeclarator } from './declarators.js';
import { docstringOf } from './docstring.js';
import { evaluateConstant } from './enum-values.js';
import { CLASS_RELATIONS_TABLE, extractClassRelations } from './extract-class-relations.js';
import { extractVariableRefs, variableRefsTable } from './extract-variable-refs.js';
import { nameTokens } from './name-tokens.js';
import { pointerDeclarationName } from './pointer-declarations.js';
import { parseText, walkCaptures, type SyntaxNode, type Tree } from './tree-sitter-parser.js';

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
const NAME_TYPES = new Set(['identifier', 'field_identifier', 'qualified_identifier', 'destructor_name', 'operator_name', 'operator_cast', 'template_function', 'type_identifier']);
const STATEMENT_WRAPPERS = new Set(['template_declaration', 'type_definition', 'declaration']);
const FUNCTION_KINDS = new Set<Scope['kind']>(['function', 'method', 'constructor', 'destructor']);

interface Scope {
  symbol: ExtractedSymbol | null;
  kind: SymbolKind | 'anonymous';
  qualifiedName: string;
  /** Last name component (for constructor detection). */
  name: string;
}

/** The node whose preceding comments document a declaration: itself or its declaration/template wrapper. */
interface Statement {
  frame: SyntaxNode;
  /** How many levels above the captured node it is (0: the node itself). */
  up: number;
}

/** What a kind of declaration sets beyond the defaults of ExtractedSymbol (see FileExtractor.add). */
type SymbolExtra = Partial<Pick<ExtractedSymbol, 'line' | 'isDefinition' | 'isVirtual' | 'isPureVirtual' | 'enumValue' | 'body'>> & {
  signature: string;
  /** Named by its C name (C language linkage, see the file comment). */
  cName?: boolean;
};

/** Ancestors that end a C linkage block's reach: class members and locals have no C language linkage. */
const LINKAGE_STOPS = new Set(['class_specifier', 'struct_specifier', 'union_specifier', 'field_declaration_list', 'compound_statement']);

/** `scope::parts::name` with empty parts left out. */
function qualify(parentName: string, scopeParts: string[], name: string): string {
  let out = parentName;
  for (const p of scopeParts) if (p) out = out ? `${out}::${p}` : p;
  return name ? (out ? `${out}::${name}` : name) : out;
}

/**
 * The empty body of a function defined `void f() {};` (a `;` after it): tree-sitter-cpp reads that `{}` as the
 * initializer list of a declaration (`declarator: (init_declarator value: (initializer_list))`) or of a member
 * (`default_value: (initializer_list)`). A function cannot be initialized, so an empty list (comments aside) after a
 * function's declarator is its body. Null for anything else (`int x{};`, `int (*fp)() {};` declare variables).
 */
function emptyBodyOf(decl: SyntaxNode, declarator: SyntaxNode, category: 'declaration' | 'field'): SyntaxNode | null {
  const list = category === 'field' ? decl.childForFieldName('default_value') : declarator.type === 'init_declarator' ? declarator.childForFieldName('value') : null;
  if (list?.type !== 'initializer_list' || list.namedChildren.some((c) => c.type !== 'comment')) return null;
  return unwrapDeclarator(category === 'field' ? declarator : declarator.childForFieldName('declarator')).isFunction ? list : null;
}

/** Ids of the nodes open above a captured node, the root first. */
type Ancestors = readonly number[];

/** Collects the symbols of one file while the tree walk reports captures. */
class FileExtractor {
  readonly symbols: ExtractedSymbol[] = [];
  /** Rows (1-based) of declarators that name nothing the parser could read: skipped, counted. */
  readonly nameless: number[] = [];
  /** Scopes and enum states by node id. */
  private readonly scopes = new Map<number, Scope>();
  private readonly ordinals = new Map<string, number>();
  private readonly namespaces = new Set<string>();
  private readonly enumState = new Map<number, { seen: number; last: bigint | null; names: Map<string, bigint> }>();
  private readonly allEnumerators = new Map<string, bigint>();
  /** Docstrings are read after the walk, once the comments after each node are known too. */
  readonly pendingDocs: { sym: ExtractedSymbol; stmt: SyntaxNode; trailing: boolean }[] = [];

  constructor(private readonly source: string, private readonly tree: Tree, private readonly options: ExtractOptions) {}

  private stableId(kind: string, qname: string): string {
    const key = `${kind}\u0000${qname}`;
    const n = this.ordinals.get(key) ?? 0;
    this.ordinals.set(key, n + 1);
    return sha1(`${this.options.relPath}\u0000${key}\u0000${n}`).slice(0, 16);
  }

  /** Nearest enclosing named scope; `inFunction` when a function body lies between. */
  private enclosing(ancestors: Ancestors): { scope: Scope | null; inFunction: boolean; inClassBody: boolean } {
    let inFunction = false;
    let inClassBody = false;
    let first = true;
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const type = this.tree.type(ancestors[i]);
      if (type === 'compound_statement') inFunction = true;
      if (type === 'field_declaration_list' && first) inClassBody = true;
      if (SCOPE_TYPES.has(type)) {
        first = false;
        const s = this.scopes.get(ancestors[i]);
        if (s && s.symbol) return { scope: s, inFunction, inClassBody };
      }
    }
    return { scope: null, inFunction, inClassBody };
  }

  /** The type of the ancestor `levels` above the captured node (1: its parent), or undefined above the root. */
  private typeAbove(ancestors: Ancestors, levels: number): string | undefined {
    const id = ancestors[ancestors.length - levels];
    return id === undefined ? undefined : this.tree.type(id);
  }

  private statementOf(node: SyntaxNode, ancestors: Ancestors): Statement {
    let up = 0;
    const parentType = this.typeAbove(ancestors, 1);
    if (parentType !== undefined && STATEMENT_WRAPPERS.has(parentType)) up = 1;
    if (this.typeAbove(ancestors, up + 1) === 'template_declaration') up++;
    return { frame: up ? this.tree.node(ancestors[ancestors.length - up]) : node, up };
  }

  private add(
    kind: SymbolKind,
    name: string,
    scopeParts: string[],
    parent: Scope | null,
    node: SyntaxNode,
    stmt: Statement,
    at: { node: SyntaxNode; ancestors: Ancestors },
    extra: SymbolExtra,
  ): ExtractedSymbol | null {
    if (!name.trim()) {
      this.nameless.push(node.startPosition.row + 1);
      return null;
    }
    const written = qualify(parent ? parent.qualifiedName : '', scopeParts, name);
    const qualifiedName = extra.cName ? name : written;
    const stmtParentType = this.typeAbove(at.ancestors, stmt.up + 1);
    const start = node.startPosition;
    // Every field written in one literal (no spread of `extra`): one object shape, no copying loop per symbol.
    const sym: ExtractedSymbol = {
      stableId: this.stableId(kind, qualifiedName),
      parentId: parent?.symbol?.stableId ?? null,
      name,
      qualifiedName,
      kind,
      line: extra.line ?? start.row + 1,
      endLine: node.endPosition.row + 1,
      column: start.column + 1,
      isDefinition: extra.isDefinition ?? true,
      docstring: '',
      isTemplate: stmtParentType === 'template_declaration' || stmt.frame.type === 'template_declaration',
      isVirtual: extra.isVirtual ?? false,
      isPureVirtual: extra.isPureVirtual ?? false,
      enumValue: extra.enumValue ?? null,
      nameTokens: nameTokens(name),
      body: extra.body ?? null,
      signature: extra.signature,
    };
    if (stmtParentType === 'template_declaration') {
      const template = this.tree.node(at.ancestors[at.ancestors.length - 1 - stmt.up]);
      sym.signature = clip(`template${template.childForFieldName('parameters')?.text ?? ''} ${sym.signature}`);
    }
    if (qualifiedName !== written) sym.alias = written;
    this.pendingDocs.push({ sym, stmt: stmt.frame, trailing: kind === 'enum_constant' || kind === 'field' });
    this.symbols.push(sym);
    return sym;
  }

  /**
   * True when a declaration of namespace scope (not a class member, not a local; `scopeParts`: the qualifier
   * written in its name) has C language linkage: the innermost linkage block around it is `extern "C"`.
   */
  private cLinkage(ancestors: Ancestors, scopeParts: string[]): boolean {
    if (this.options.language !== 'cpp' || scopeParts.length) return false;
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const type = this.tree.type(ancestors[i]);
      if (LINKAGE_STOPS.has(type)) return false;
      if (type === 'linkage_specification') return this.tree.node(ancestors[i]).childForFieldName('value')?.text === '"C"';
    }
    return false;
  }

  private functionKind(name: string, scopeParts: string[], parent: Scope | null, inClassBody: boolean): SymbolKind {
    const owner = scopeParts.length ? scopeParts[scopeParts.length - 1] : inClassBody && parent ? parent.name : null;
    const ownerIsClass = owner !== null && (inClassBody || !this.namespaces.has(owner));
    if (!ownerIsClass || this.options.language === 'c') return 'function';
    if (name === owner) return 'constructor';
    if (name === `~${owner}`) return 'destructor';
    return 'method';
  }

  /**
   * Whether a definition the grammar reads inside a function body is a function: in C a GNU nested function
   * (`int helper(int x) { ... }`, a type and a function declarator), never in C++. A statement macro followed by
   * a block (`FOREACH_ITEM(entry) {`, `CHECKIF(list_empty(list)) {`: Zephyr's loop heads and checks) reads as a
   * definition of no type or of a parenthesized declarator, and defines nothing.
   */
  private nestedFunction(def: SyntaxNode, declarator: SyntaxNode): boolean {
    return this.options.language === 'c' && def.childForFieldName('type') !== null && declarator.type !== 'parenthesized_declarator';
  }

  /** `specifiersEnd`: where the first declarator of `decl` starts (storage class and type come before). */
  declare(decl: SyntaxNode, declarator: SyntaxNode, category: 'declaration' | 'field' | 'function', ancestors: Ancestors, specifiersEnd: number): void {
    const info = unwrapDeclarator(declarator);
    // A definition whose head a macro writes has a MISSING name: its first argument names it.
    const nameNode = info.nameNode?.isMissing && category === 'function' ? macroWrittenName(decl) ?? info.nameNode : info.nameNode;
    if (!nameNode || !NAME_TYPES.has(nameNode.type) || nameNode.isMissing) {
      // An unnamed bit-field (`int :32;`, padding) declares no name: nothing skipped.
      if (nameNode?.isMissing && !(category === 'field' && hasChildOfType(decl, 'bitfield_clause'))) this.nameless.push(decl.startPosition.row + 1);
      return;
    }
    const { scope: scopeParts, name } = nameOf(nameNode);
    const { scope: parent, inFunction, inClassBody } = this.enclosing(ancestors);
    if (category === 'function' && inFunction && !inClassBody && parent && FUNCTION_KINDS.has(parent.kind) && !this.nestedFunction(decl, declarator)) return;
    const specifiers = this.source.slice(decl.startIndex, specifiersEnd);
    const at = { node: decl, ancestors };
    if (info.isFunction || category === 'function') {
      const kind = this.functionKind(name, scopeParts, parent, inClassBody);
      const isVirtual = this.options.language === 'cpp' && (hasChildOfType(decl, 'virtual') || /\bvirtual\b/.test(specifiers));
      const emptyBody = category === 'function' ? null : emptyBodyOf(decl, declarator, category);
      const isDef = category === 'function' || emptyBody !== null;
      const body = category === 'function' ? decl.childForFieldName('body') : emptyBody;
      const sigEnd = isDef ? (body ? body.startIndex : decl.endIndex) : declarator.endIndex;
      const pure = category === 'field' && decl.childForFieldName('default_value')?.text === '0';
      const stmt = this.statementOf(decl, ancestors);
      const sym = this.add(kind, name, scopeParts, parent, decl, stmt, at, {
        signature: clipRange(this.source, decl.startIndex, sigEnd),
        // An alias attribute makes a declaration a definition (of an alias of its target).
        isDefinition: isDef || (category === 'declaration' && declaresAlias(this.source.slice(decl.startIndex, decl.endIndex))),
        isVirtual: isVirtual || pure,
        isPureVirtual: pure,
        body: isDef ? this.source.slice(stmt.frame.startIndex, emptyBody ? emptyBody.endIndex : stmt.frame.endIndex) : null,
        line: stmt.frame.startPosition.row + 1,
        cName: kind === 'function' && parent?.kind === 'namespace' && this.cLinkage(ancestors, scopeParts),
      });
      if (isDef && sym) this.scopes.set(decl.id, { symbol: sym, kind, qualifiedName: sym.qualifiedName, name });
      return;
    }
    const signature = clipRange(this.source, decl.startIndex, declarator.endIndex);
    const own: Statement = { frame: decl, up: 0 };
    if (category === 'field') {
      this.add('field', name, [], parent, declarator, own, at, { signature });
      return;
    }
    const isExtern = /\bextern\b/.test(specifiers) && declarator.type !== 'init_declarator' && !declaresAlias(this.source.slice(decl.startIndex, decl.endIndex));
    const cName = !inFunction && parent?.kind === 'namespace' && this.cLinkage(ancestors, scopeParts);
    this.add(inFunction ? 'varlocal' : 'varglobal', name, scopeParts, parent, declarator, own, at, { signature, isDefinition: !isExtern, cName });
  }

  /** The tag or typedef name of an aggregate, and the scope a qualified tag names (see tagNameOf). */
  private tagName(node: SyntaxNode, ancestors: Ancestors): { name: string | null; scope: string[] } {
    const typedef = this.typeAbove(ancestors, 1) === 'type_definition' ? this.tree.node(ancestors[ancestors.length - 1]) : null;
    return tagNameOf(node, typedef);
  }

  aggregate(kind: SymbolKind, node: SyntaxNode, ancestors: Ancestors): void {
    const { scope: parent } = this.enclosing(ancestors);
    const { name, scope: scopeParts } = this.tagName(node, ancestors);
    const key = node.id;
    if (!name) {
      this.scopes.set(key, { symbol: null, kind: 'anonymous', qualifiedName: parent?.qualifiedName ?? '', name: '' });
      if (kind === 'enum') this.enumState.set(key, { seen: 0, last: null, names: new Map() });
      return;
    }
    const body = node.childForFieldName('body');
    const sigText = clipRange(this.source, node.startIndex, body ? body.startIndex : node.endIndex);
    const signature = /^(struct|union|enum|class)( class| struct)?$/.test(sigText) ? `${sigText} ${name}` : sigText;
    const sym = this.add(kind, name, scopeParts, parent, node, this.statementOf(node, ancestors), { node, ancestors }, { signature });
    this.scopes.set(key, { symbol: sym, kind: sym ? kind : 'anonymous', qualifiedName: sym?.qualifiedName ?? parent?.qualifiedName ?? '', name: sym ? name : '' });
    if (kind === 'enum') this.enumState.set(key, { seen: 0, last: null, names: new Map() });
  }

  enumConstant(node: SyntaxNode, ancestors: Ancestors): void {
    const enumId = ancestors[ancestors.length - 2];
    const state = enumId === undefined ? undefined : this.enumState.get(enumId);
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return;
    const name = nameNode.text;
    const valueNode = node.childForFieldName('value');
    let value: bigint | null;
    if (valueNode) {
      value = evaluateConstant(valueNode, (n) => state?.names.get(n) ?? this.allEnumerators.get(n) ?? this.options.macroValue?.(n) ?? null);
    } else {
      value = state ? (state.seen === 0 ? 0n : state.last === null ? null : state.last + 1n) : null;
    }
    if (state) {
      state.seen++;
      state.last = value;
      if (value !== null) state.names.set(name, value);
    }
    if (value !== null) this.allEnumerators.set(name, value);
    const { scope: parent } = this.enclosing(ancestors);
    this.add('enum_constant', name, [], parent, node, { frame: node, up: 0 }, { node, ancestors }, {
      signature: clipRange(this.source, node.startIndex, node.endIndex),
      enumValue: value === null ? null : value.toString(),
    });
  }

  typedef(node: SyntaxNode, ancestors: Ancestors): void {
    const { scope: parent } = this.enclosing(ancestors);
    const body = node.childForFieldName('type')?.childForFieldName('body');
    const sig = body
      ? clip(this.source.slice(node.startIndex, body.startIndex) + '{...}' + this.source.slice(body.endIndex, node.endIndex).replace(/;\s*$/, ''))
      : clip(clipRange(this.source, node.startIndex, node.endIndex).replace(/;\s*$/, ''));
    for (const d of node.childrenForFieldName('declarator')) {
      const info = unwrapDeclarator(d);
      if (!info.nameNode) continue;
      this.add('typedef', info.nameNode.text, [], parent, d, { frame: node, up: 0 }, { node, ancestors }, { signature: sig });
    }
  }

  alias(node: SyntaxNode, ancestors: Ancestors): void {
    const n = node.childForFieldName('name');
    if (!n) return;
    const { scope: parent } = this.enclosing(ancestors);
    this.add('typedef', n.text, [], parent, node, this.statementOf(node, ancestors), { node, ancestors }, { signature: clip(node.text.replace(/;\s*$/, '')) });
  }

  /**
   * A file-scope function pointer whose type is a typedef name, read as a call or as an assignment to one when it
   * has an initializer (see pointer-declarations.ts): a variable defined.
   */
  pointerDeclaration(stmt: SyntaxNode, ancestors: Ancestors): void {
    const first = stmt.namedChild(0);
    const call = first?.type === 'assignment_expression' ? first.childForFieldName('left') : first;
    const declared = call && pointerDeclarationName(call);
    if (!first || !declared) return;
    const { scope: parent, inFunction } = this.enclosing(ancestors);
    if (inFunction) return;
    const signature = clipRange(this.source, stmt.startIndex, first.endIndex);
    this.add('varglobal', declared.name.text, [], parent, declared.declarator, { frame: stmt, up: 0 }, { node: stmt, ancestors }, { signature, isDefinition: true });
  }

  namespace(node: SyntaxNode, ancestors: Ancestors): void {
    const n = node.childForFieldName('name');
    const { scope: parent } = this.enclosing(ancestors);
    const full = n ? collapse(n.text).replace(/\s*::\s*/g, '::') : '(anonymous)';
    const parts = full.split('::');
    const name = parts.pop()!;
    parts.forEach((p) => this.namespaces.add(p));
    this.namespaces.add(name);
    const body = node.childForFieldName('body');
    const sym = this.add('namespace', name, parts, parent, node, { frame: node, up: 0 }, { node, ancestors }, { signature: clipRange(this.source, node.startIndex, body ? body.startIndex : node.endIndex) });
    if (sym) this.scopes.set(node.id, { symbol: sym, kind: 'namespace', qualifiedName: sym.qualifiedName, name });
  }

  capture(name: string, node: SyntaxNode, ancestors: Ancestors): void {
    switch (name) {
      case 'definition.function': {
        const d = node.childForFieldName('declarator');
        if (d) this.declare(node, d, 'function', ancestors, d.startIndex);
        break;
      }
      case 'definition.declaration':
      case 'definition.field': {
        const ds = node.childrenForFieldName('declarator');
        const category = name === 'definition.field' ? 'field' : 'declaration';
        for (const d of ds) this.declare(node, d, category, ancestors, ds[0].startIndex);
        break;
      }
      case 'definition.struct':
      case 'definition.union':
      case 'definition.class':
      case 'definition.enum':
        this.aggregate(name.slice('definition.'.length) as SymbolKind, node, ancestors);
        break;
      case 'definition.enum_constant':
        this.enumConstant(node, ancestors);
        break;
      case 'definition.typedef':
        this.typedef(node, ancestors);
        break;
      case 'definition.alias':
        this.alias(node, ancestors);
        break;
      case 'definition.namespace':
        this.namespace(node, ancestors);
        break;
      case 'definition.pointer':
        this.pointerDeclaration(node, ancestors);
        break;
      default:
        break;
    }
  }
}

/** Ids of the nodes above `id`, the root first (the flat tree's parent links: constant time each). */
function ancestorsOf(tree: Tree, id: number): number[] {
  const parent = tree.parent;
  const out: number[] = [];
  for (let p = parent[id]; p !== -1; p = parent[p]) out.push(p);
  return out.reverse();
}

export interface ExtractStats {
  /** Syntax-tree nodes the walk entered (each exactly once). */
  nodesVisited: number;
  /** Characters inside literal-only data tables, which the parser skipped. */
  skippedTableChars: number;
}

export function extractSymbols(text: string, options: ExtractOptions, stats?: ExtractStats): FileExtraction {
  const tables = dataTableInsides(text);
  const tree = parseText(text, options.language, tables.spans);
  const x = new FileExtractor(text, tree, options);
  // Variable references (and C++ class relations) are matched in the same walk.
  const also = options.language === 'cpp' ? [variableRefsTable('cpp'), CLASS_RELATIONS_TABLE] : [variableRefsTable('c')];
  const walk = walkCaptures(tree, text, options.language, also, [also[0]]);
  // Captures are read in the walk's order: a scope is known before the declarations inside it.
  const { names, ids } = walk.symbols;
  for (let i = 0; i < ids.length; i++) x.capture(names[i], tree.node(ids[i]), ancestorsOf(tree, ids[i]));
  for (const d of x.pendingDocs) d.sym.docstring = docstringOf(text, d.stmt, walk.comments, options.rowsMasked, d.trailing);
  if (stats) {
    stats.nodesVisited += walk.nodesVisited;
    stats.skippedTableChars += tables.chars;
  }
  const line = (offset: number) => tree.pointAt(offset).row + 1;
  const errorSites = walk.errorSites.map((e) => ({ line: line(e.at), from: line(e.from), to: line(e.to) }));
  const rows = errorSites.slice(0, MAX_REPORTED_ERRORS).map((e) => e.line);
  const errors = syntaxErrors(rows);
  const relations = { variableRefs: extractVariableRefs(tree, walk.also[0]), ...extractClassRelations(tree, options.language, x.symbols, walk.also[1]) };
  // Call references come from extract-calls.ts, which reads the text with macro invocations expanded.
  return { symbols: x.symbols, references: [], errors, errorLines: rows, errorSites, nameless: x.nameless, relations };
}

/** How many syntax error lines a file's message names. */
export const MAX_REPORTED_ERRORS = 5;

/** What a file's syntax errors at these lines (1-based) record: one message, or none. */
export function syntaxErrors(lines: number[]): string[] {
  return lines.length ? [`syntax errors near line${lines.length > 1 ? 's' : ''} ${lines.join(', ')} (the rest of the file is indexed)`] : [];
}

/** One counted diagnostic for the declarations of a file that were skipped for want of a name. */
export function namelessDiagnostic(file: string, lines: number[]): Diagnostic {
  const n = lines.length;
  return {
    severity: 'info',
    file,
    line: lines[0],
    message: `${n} declaration${n > 1 ? 's' : ''} skipped: the parser found no name in ${n > 1 ? 'them' : 'it'} (line${n > 1 ? 's' : ''} ${lines.slice(0, 5).join(', ')}${n > 5 ? ', ...' : ''}); usually a macro that writes the declaration, such as a stack or task definition`,
  };
}
