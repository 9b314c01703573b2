// Call sites, function-pointer stores and macro-made symbols of one file, from the text the compiler sees:
// the parse text with recorded macro invocations expanded in place. Each row carries the calling function;
// rows a macro writes are located at its invocation with `viaMacro`. Pointer slots (`T.field`, `.field`,
// `var:x`, `var:x[]`, `arg:f#i`, `local:f.x`) tie indirect calls to the functions stored there.
// Leaves out type inference beyond declared struct/typedef names of identifiers.
import type { Language } from '../model/compile-args.js';
import { sha1 } from '../model/sha1.js';
import type { ExtractedReference, ExtractedSymbol, SymbolKind } from '../model/symbol.js';
import type { MacroInvocation } from '../preprocessor/macro-invocations.js';
import { expandInvocations, substituted, type ExpandedText } from './expanded-text.js';
import { castOf, declaresAlias, nameOf, tagNameOf, unwrapDeclarator } from './declarators.js';
import { dataTableInsides } from './data-tables.js';
import { nameTokens } from './name-tokens.js';
import { splitArgs } from './split-args.js';
import type { GrammarNames } from './flat-tree.js';
import { errorSitesOf, parseText, type SyntaxNode, type Tree } from './tree-sitter-parser.js';
import { lineAt, lineStartsOf } from '../model/line-index.js';
import { otherReadings } from './other-readings.js';
import { pointerDeclarationName } from './pointer-declarations.js';

export interface CallExtractOptions {
  relPath: string;
  language: Language;
  /** The file as read (bodies of macro-made functions are cut from it). */
  fileText: string;
  /** Recorded invocations of this file, in text order (none: the parse text is used as it is). */
  invocations?: readonly MacroInvocation[];
  /** Counts the walk's work, added to (tests). */
  stats?: CallWalkStats;
}

export interface CallWalkStats {
  /** Nodes walkInside handed to their handler (the nodes it passed over, entered or skipped, are not counted). */
  walked: number;
}

export interface CallExtraction {
  references: ExtractedReference[];
  /** Functions and variables that macro expansions define, declare or rename, located at the invocation. */
  symbols: ExtractedSymbol[];
  /** When invocations were substituted: their lines, and the expanded parse's syntax errors as lines of the file. */
  expanded?: ExpandedReading;
  /** Of a file whose uses have alternatives: the symbols macro expansions write in each other reading (see other-readings.ts). */
  otherSymbols?: ExtractedSymbol[][];
}

/** Line spans [first, last] (1-based, in the file) of what the expanded reading substituted and where it has errors. */
export interface ExpandedReading {
  invocations: [number, number][];
  /** An error inside an expansion spans its invocation's lines. */
  errors: [number, number][];
}

interface FnContext {
  name: string;
  qname: string;
  params: string[];
  /** Local names → declared struct/typedef name (or null). */
  locals: Map<string, string | null>;
  paramTypes: (string | null)[];
  /** Parameters and locals declared as function pointers (their copies are followed). */
  fnPtrs: Set<string>;
}

const FN_PTR_TYPEDEF = /(cb|callback|handler|func|fn|hook|isr|entry)(_t)?$/i;

/** A declarator of a function pointer (`void (*cb)(int)`), or a name typed by a callback-like typedef. */
function isFnPointer(declarator: SyntaxNode | null, type: SyntaxNode | null): boolean {
  if (type?.type === 'type_identifier' && FN_PTR_TYPEDEF.test(type.text)) return true;
  for (let d = declarator; d; d = d.childForFieldName('declarator')) {
    if (d.type === 'function_declarator' && d.childForFieldName('declarator')?.type === 'parenthesized_declarator') return true;
  }
  return false;
}

const NOT_VALUES = new Set(['NULL', 'nullptr', 'true', 'false']);
/** Zephyr's static interrupt registrations (the ISR is the third argument). */
const IRQ_MACROS = new Set(['IRQ_CONNECT', 'IRQ_DIRECT_CONNECT']);

const MAX_DETAIL = 160;

function clip(s: string, n = MAX_DETAIL): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? t.slice(0, n - 1) + '…' : t;
}

/** The struct/union/class tag or typedef name a type node names, if any. */
function typeName(type: SyntaxNode | null): string | null {
  if (!type) return null;
  if (type.type === 'struct_specifier' || type.type === 'union_specifier' || type.type === 'class_specifier') return type.childForFieldName('name')?.text ?? null;
  if (type.type === 'type_identifier') return type.text;
  return null;
}

export function extractCalls(source: string, options: CallExtractOptions): CallExtraction {
  const exp: ExpandedText | null = options.invocations?.length ? expandInvocations(source, options.invocations) : null;
  const text = exp && exp.used.length ? exp.text : source;
  // Literal-only data tables are skipped as the symbol extractor skips them (the same parse when nothing expands).
  const tree = parseText(text, options.language, dataTableInsides(text).spans);
  const out = new CallWalker(text, exp && exp.used.length ? exp : null, options).run(tree);
  if (exp !== null && exp.used.some((i) => i.alternatives !== undefined)) {
    const other = alternativeReadings(source, options, out.references);
    out.references.push(...other.references);
    out.otherSymbols = other.symbols;
  }
  return out;
}

/**
 * The references the alternatives of invocations (see MacroInvocation.alternatives) write that their expansions do
 * not: the file read again with each invocation's `v`th alternative substituted, for each v, references kept only
 * inside those invocations (plain ones where an alternative is the use as written); and per reading, the symbols its
 * expansions write. Symbols a macro writes are read from `expansion` (the build's lookup's reading); those of the
 * other readings only make its declarations definitions (extractFile).
 */
function alternativeReadings(source: string, options: CallExtractOptions, known: readonly ExtractedReference[]): { references: ExtractedReference[]; symbols: ExtractedSymbol[][] } {
  const invocations = options.invocations!;
  const key = (r: ExtractedReference) => `${r.name}\0${r.line}\0${r.column}\0${r.kind}\0${r.caller}\0${r.viaMacro}\0${r.slot}\0${r.detail}`;
  const seen = new Set(known.map(key));
  const out: ExtractedReference[] = [];
  const symbols: ExtractedSymbol[][] = [];
  for (const { invocations: list, swapped } of otherReadings(source, invocations)) {
    const exp = substituted(source, list);
    const tree = parseText(exp.text, options.language, dataTableInsides(exp.text).spans);
    const reading = new CallWalker(exp.text, exp, options, swapped).run(tree);
    symbols.push(reading.symbols);
    for (const r of reading.references) {
      const k = key(r);
      if (!seen.has(k)) {
        seen.add(k);
        out.push(r);
      }
    }
  }
  return { references: out, symbols };
}

/** What a node is to the call walk, by its type: a handler's, entered only for its children, or not entered. */
const enum Role {
  /** Not known yet (a table starts so). */
  Unknown,
  /** Children only. */
  Enter,
  /** Not entered: anonymous nodes and tokens (no children, no handler) and attribute syntax (`__attribute__((alias("f")))`, `[[deprecated("x")]]`: not calls). */
  Skip,
  Function,
  Linkage,
  /** A namespace, class, struct or union: its body is walked in its scope. */
  Scope,
  Declaration,
  FieldDeclaration,
  Call,
  Assignment,
}

const HANDLED: ReadonlyMap<string, Role> = new Map([
  ['attribute_specifier', Role.Skip],
  ['attribute_declaration', Role.Skip],
  ['ms_declspec_modifier', Role.Skip],
  ['function_definition', Role.Function],
  ['linkage_specification', Role.Linkage],
  ['namespace_definition', Role.Scope],
  ['class_specifier', Role.Scope],
  ['struct_specifier', Role.Scope],
  ['union_specifier', Role.Scope],
  ['declaration', Role.Declaration],
  ['field_declaration', Role.FieldDeclaration],
  ['call_expression', Role.Call],
  ['assignment_expression', Role.Assignment],
]);

/** The role of node `id`'s type (ERROR nodes are entered: what they hold is walked as any other node). */
function roleOf(tree: Tree, id: number): Role {
  const typeId = tree.typeId[id];
  if (!tree.names.named[typeId] || tree.names.token[typeId]) return Role.Skip;
  return HANDLED.get(tree.names.types[typeId]) ?? Role.Enter;
}

/** Roles by type id (ERROR's is 0xffff), one table per grammar's names (filled as type ids are met). */
const roleTables = new WeakMap<GrammarNames, Uint8Array>();

function rolesOf(names: GrammarNames): Uint8Array {
  let roles = roleTables.get(names);
  if (!roles) roleTables.set(names, (roles = new Uint8Array(0x10000)));
  return roles;
}

class CallWalker {
  private refs: ExtractedReference[] = [];
  private symbols: ExtractedSymbol[] = [];
  private globals = new Map<string, string | null>();
  private lineStarts: number[];
  private ordinals = new Map<string, number>();
  /** While the walk is inside an `extern "C"` block and no class: a function defined here is named by its C name. */
  private linkC = false;
  /** While the walk is in a struct, union or class body (and no namespace in it): declarations there are members. */
  private inClass = false;
  /** What each node type id is to the walk (rolesOf). */
  private roles: Uint8Array = new Uint8Array(0);

  constructor(
    private text: string,
    private exp: ExpandedText | null,
    private opts: CallExtractOptions,
    /**
     * When set, only references inside these invocations are made (see alternativeReferences); those where it holds
     * true (the use read as written: no macro there) are plain references.
     */
    private only?: ReadonlyMap<MacroInvocation, boolean>,
  ) {
    this.lineStarts = lineStartsOf(opts.fileText);
  }

  run(tree: Tree): CallExtraction {
    for (const c of tree.rootNode.namedChildren) if (c.type === 'declaration') this.declareNames(c, this.globals);
    this.roles = rolesOf(tree.names);
    this.walk(tree, 0, null, []);
    for (const inv of this.exp?.used ?? []) this.irqRegistration(inv);
    return { references: this.refs, symbols: this.symbols, expanded: this.exp ? this.expandedReading(tree) : undefined };
  }

  private expandedReading(tree: Tree): ExpandedReading {
    const lines = (inv: MacroInvocation): [number, number] => [inv.line, this.fileLine(Math.max(inv.start, inv.end - 1))];
    const errors = errorSitesOf(tree, Infinity).map((e): [number, number] => {
      const w = this.where(e.at);
      return w.inv ? lines(w.inv) : [w.line, w.line];
    });
    return { invocations: this.exp!.used.map(lines), errors };
  }

  /** File position (1-based line, column) of an offset in the parsed text, and the invocation it lies in. */
  private where(offset: number): { line: number; column: number; inv?: MacroInvocation } {
    const loc = this.exp ? this.exp.locate(offset) : { offset };
    const line = this.fileLine(loc.offset);
    return { line, column: loc.offset - this.lineStarts[line - 1] + 1, inv: loc.inv };
  }

  /** 1-based line of an offset in the file. */
  private fileLine(offset: number): number {
    return lineAt(this.lineStarts, offset) + 1;
  }

  private ref(node: SyntaxNode, name: string, kind: string, fn: FnContext | null, slot: string | null, detail: string | null): void {
    const w = this.where(node.startIndex);
    if (this.only !== undefined && (w.inv === undefined || !this.only.has(w.inv))) return;
    const viaMacro = this.only?.get(w.inv!) === true ? null : (w.inv?.name ?? null);
    const k = kind === 'call' && viaMacro ? 'macro_call' : kind;
    this.refs.push({ name, line: w.line, column: w.column, kind: k, caller: fn?.qname ?? null, viaMacro, slot, detail });
  }

  /**
   * Runs the handler of node `id` (by its role, see rolesOf) and walks what it holds, by ids in the flat tree:
   * node objects are made only for the nodes a handler reads (most nodes are passed over).
   */
  private walk(tree: Tree, id: number, fn: FnContext | null, scopes: string[]): void {
    switch (this.roles[tree.typeId[id]]) {
      case Role.Function:
        this.functionDefinition(tree, tree.node(id), scopes);
        return;
      case Role.Linkage: {
        // The linkage of what it holds (extract-symbols.ts names a function with C linkage by its C name).
        const saved = this.linkC;
        this.linkC = tree.node(id).childForFieldName('value')?.text === '"C"';
        this.walkInside(tree, id, fn, scopes);
        this.linkC = saved;
        return;
      }
      case Role.Scope: {
        const node = tree.node(id);
        // Most struct and union specifiers name a type (`struct k_obj *o`): no body, no scope to name.
        const body = node.childForFieldName('body');
        if (body) {
          const n = node.type === 'namespace_definition' ? node.childForFieldName('name')?.text : scopeNameOf(node);
          // Plain locals, no array destructuring: this function is compiled early, and an iteration in it costs that compile.
          const savedLinkC = this.linkC;
          const savedInClass = this.inClass;
          // Class members have C++ linkage whatever block holds the class.
          if (node.type !== 'namespace_definition') this.linkC = false;
          this.inClass = node.type !== 'namespace_definition';
          this.walk(tree, body.id, fn, n ? scopes.concat(n) : scopes);
          this.linkC = savedLinkC;
          this.inClass = savedInClass;
          return;
        }
        break;
      }
      case Role.Declaration:
        this.declaration(tree.node(id), fn, scopes);
        break;
      case Role.FieldDeclaration:
        if (!fn) this.fieldDeclaration(tree.node(id), scopes);
        break;
      case Role.Call: {
        const node = tree.node(id);
        // A declaration tree-sitter read as a call (`VOID (*hook)(TX_THREAD *t);`): nothing called, no names used.
        if (fn === null && pointerDeclarationName(node) !== null) return;
        this.call(node, fn);
        break;
      }
      case Role.Assignment:
        this.assignment(tree.node(id), fn);
        break;
      default:
        break;
    }
    this.walkInside(tree, id, fn, scopes);
  }

  /**
   * walk of each node below `id` that has a handler, in document order: the subtree is read as a run of ids
   * (pre-order), entering nodes without a handler in place, passing over tokens and attribute syntax (Role.Skip),
   * and leaving a handled node's subtree to its walk. Nodes without a handler change no walk state, so this is the
   * recursive walk of every named node, without a call per node.
   */
  private walkInside(tree: Tree, id: number, fn: FnContext | null, scopes: string[]): void {
    const { roles } = this;
    const { typeId, after } = tree;
    const { stats } = this.opts;
    for (let c = id + 1, end = after[id]; c < end; ) {
      let role: Role = roles[typeId[c]];
      if (role === Role.Unknown) role = roles[typeId[c]] = roleOf(tree, c);
      if (role === Role.Enter) {
        c++;
        continue;
      }
      if (role !== Role.Skip) {
        if (stats) stats.walked++;
        this.walk(tree, c, fn, scopes);
      }
      c = after[c];
    }
  }

  private functionDefinition(tree: Tree, node: SyntaxNode, scopes: string[]): void {
    const declarator = node.childForFieldName('declarator');
    const info = unwrapDeclarator(declarator);
    const nameNode = info.nameNode;
    // A conversion operator is named as its symbol is (`A::operator int`, not `A::operatorint()`).
    const cast = nameNode && castOf(nameNode) ? nameOf(nameNode) : null;
    const written = cast ? [...cast.scope, cast.name].join('::') : nameNode ? nameNode.text.replace(/\s+/g, '') : '';
    const name = written.split('::').pop() ?? written;
    // A function with C linkage defined in a namespace is named by its C name, as its symbol is.
    const qname = this.linkC && !written.includes('::') ? written : [...scopes, written].filter(Boolean).join('::');
    const ctx: FnContext = { name, qname, params: [], paramTypes: [], locals: new Map(), fnPtrs: new Set() };
    let fd: SyntaxNode | null = declarator;
    while (fd && fd.type !== 'function_declarator') fd = fd.childForFieldName('declarator');
    for (const p of fd?.childForFieldName('parameters')?.namedChildren ?? []) {
      if (p.type !== 'parameter_declaration') continue;
      const pn = unwrapDeclarator(p.childForFieldName('declarator')).nameNode;
      ctx.params.push(pn?.text ?? '');
      ctx.paramTypes.push(typeName(p.childForFieldName('type')));
      if (pn && isFnPointer(p.childForFieldName('declarator'), p.childForFieldName('type'))) ctx.fnPtrs.add(pn.text);
    }
    if (nameNode) this.macroSymbol(node, nameNode, qname, scopes, true, true);
    const body = node.childForFieldName('body');
    if (body) this.walk(tree, body.id, ctx, scopes);
  }

  /** Record names declared by a declaration, with their struct/typedef type. */
  private declareNames(decl: SyntaxNode, into: Map<string, string | null>): void {
    const t = typeName(decl.childForFieldName('type'));
    for (const d of decl.childrenForFieldName('declarator')) {
      const info = unwrapDeclarator(d);
      if (info.nameNode && !info.isFunction) into.set(info.nameNode.text, t);
    }
  }

  private declaration(node: SyntaxNode, fn: FnContext | null, scopes: string[]): void {
    const typeNode = node.childForFieldName('type');
    const type = typeName(typeNode);
    const declarators = node.childrenForFieldName('declarator');
    const infos = declarators.map((d) => unwrapDeclarator(d));
    if (fn) {
      for (const info of infos) if (info.nameNode && !info.isFunction) fn.locals.set(info.nameNode.text, type);
      declarators.forEach((d, i) => {
        const n = infos[i].nameNode;
        if (n && isFnPointer(d, typeNode)) fn.fnPtrs.add(n.text);
      });
    }
    declarators.forEach((d, i) => {
      const info = infos[i];
      if (!info.nameNode) return;
      if (!fn) this.macroSymbol(node, info.nameNode, [...scopes, info.nameNode.text].join('::'), scopes, info.isFunction, false);
      // A local a macro declares (ThreadX `TX_INTERRUPT_SAVE_AREA` → `UINT interrupt_save;`).
      else if (!info.isFunction) this.macroSymbol(node, info.nameNode, `${fn.qname}::${info.nameNode.text}`, fn.qname.split('::'), false, false, true);
      if (!fn && info.isFunction) this.aliasOf(node, info.nameNode.text);
      if (d.type !== 'init_declarator') return;
      const value = d.childForFieldName('value');
      const varName = info.nameNode.text;
      if (!value) return;
      const holder = fn ? `local:${fn.name}.${varName}` : `var:${varName}`;
      if (value.type === 'initializer_list') this.initializerList(value, type, holder, fn, varName);
      else this.storeValue(value, holder, fn, `${varName} = ${clip(value.text, 60)}`);
    });
  }

  /**
   * Members whose name a macro expansion wrote (thorvg's `INLIST_ITEM(LoadModule);` writing `LoadModule* prev;
   * LoadModule* next`): fields, or methods, of the class at the invocation.
   */
  private fieldDeclaration(node: SyntaxNode, scopes: string[]): void {
    for (const d of node.childrenForFieldName('declarator')) {
      const info = unwrapDeclarator(d);
      if (info.nameNode) this.macroSymbol(node, info.nameNode, [...scopes, info.nameNode.text].join('::'), scopes, info.isFunction, false);
    }
  }

  /** Designated (`.f = fn`, `[i] = fn`) and positional entries of an initializer list; details name the index. */
  private initializerList(list: SyntaxNode, type: string | null, holder: string, fn: FnContext | null, varName: string): void {
    let index = 0;
    for (const item of list.namedChildren) {
      if (item.type === 'comment') continue;
      if (item.type === 'initializer_pair') {
        const designators = item.childrenForFieldName('designator');
        const last = designators[designators.length - 1];
        const value = item.childForFieldName('value');
        if (!value) continue;
        const field = last?.type === 'field_designator' ? last.text.replace(/^\./, '') : null;
        const sub = last?.type === 'subscript_designator' ? last.text.replace(/^\[|\]$/g, '').trim() : null;
        const slot = field ? `${designators.length === 1 && type ? type : ''}.${field}` : `${holder.replace(/\[\]$/, '')}[]`;
        if (value.type === 'initializer_list') this.initializerList(value, null, slot, fn, varName);
        else this.storeValue(value, slot, fn, sub !== null ? `${varName}[${sub}] = ${clip(value.text, 60)}` : `${varName}: ${clip(item.text, 60)}`);
      } else if (item.type === 'initializer_list') {
        this.initializerList(item, type, holder, fn, varName);
      } else {
        const slot = type && !holder.endsWith('[]') ? `${type}#${index}` : `${holder.replace(/\[\]$/, '')}[]`;
        this.storeValue(item, slot, fn, `${varName}[${index}] = ${clip(item.text, 60)}`);
      }
      index++;
    }
  }

  /**
   * A function name stored into `slot` (a plain name or `&name` that is not a local): a fn_pointer row. A
   * parameter or local stored there: a slot_copy row (name = the source slot), followed when resolving targets.
   */
  private storeValue(value: SyntaxNode, slot: string, fn: FnContext | null, detail: string): void {
    let v = value;
    if (v.type === 'pointer_expression' && v.child(0)?.text === '&') v = v.childForFieldName('argument') ?? v;
    while (v.type === 'parenthesized_expression' && v.namedChildCount === 1) v = v.namedChild(0)!;
    if (v.type === 'cast_expression') v = v.childForFieldName('value') ?? v;
    if (v.type === 'conditional_expression') {
      // `handler ? evt_handler : NULL`: either branch may be what is stored (GNU `a ?: b` writes no middle one).
      for (const branch of [v.childForFieldName('consequence'), v.childForFieldName('alternative')]) if (branch) this.storeValue(branch, slot, fn, detail);
      return;
    }
    if (v.type !== 'identifier' && v.type !== 'qualified_identifier') return;
    const name = v.text;
    if (NOT_VALUES.has(name) || !/[a-z]/.test(name) || isOperator(v)) return;
    if (fn && (fn.locals.has(name) || fn.params.includes(name))) {
      const from = this.slotOfName(name, fn);
      if (from && from.slot !== slot && fn.fnPtrs.has(name)) this.ref(v, from.slot, 'slot_copy', fn, slot, clip(detail));
      return;
    }
    this.ref(v, name.split('::').pop()!, 'fn_pointer', fn, slot, clip(detail));
  }

  private slotOfName(name: string, fn: FnContext | null): { slot: string; type: string | null } | null {
    if (fn) {
      const pi = fn.params.indexOf(name);
      if (pi >= 0) return { slot: `arg:${fn.name}#${pi}`, type: fn.paramTypes[pi] };
      if (fn.locals.has(name)) return { slot: `local:${fn.name}.${name}`, type: fn.locals.get(name) ?? null };
    }
    if (this.globals.has(name)) return { slot: `var:${name}`, type: this.globals.get(name) ?? null };
    return null;
  }

  /** Slot of a member access `obj.f` / `obj->f`: `T.f` when obj is a name of known type, else `.f`. */
  private fieldSlot(fe: SyntaxNode, fn: FnContext | null): string {
    const obj = fe.childForFieldName('argument');
    const field = fe.childForFieldName('field')?.text ?? '';
    const t = obj && obj.type === 'identifier' ? this.slotOfName(obj.text, fn)?.type ?? null : null;
    return `${t ?? ''}.${field}`;
  }

  private call(node: SyntaxNode, fn: FnContext | null): void {
    const callee = node.childForFieldName('function');
    if (!callee) return;
    let target = callee;
    while (target.type === 'parenthesized_expression' && target.namedChildCount === 1) target = target.namedChild(0)!;
    // `__typeof__(x)`, the cast `(__typeof__(x))(y)` and `_Static_assert(c, "m")` in a block, which the grammar reads
    // as calls: no function is called.
    if (isOperator(target) || (target.type === 'call_expression' && isOperator(target.childForFieldName('function')))) return;
    if (this.opts.language === 'cpp' && isCppOperator(target)) return;
    // A name alone in parentheses, then a parenthesized operand: a call of a function or of a pointer declared
    // elsewhere (ThreadX's `(_tx_thread_mutex_release)(thread_ptr)`), or a cast to a type name (NetX Duo's
    // `(UCHAR)(x)`) that the grammar cannot tell from a call without the typedef. The row keeps the parenthesized
    // name as its detail; the call graph leaves it out where the build has a typedef of that name.
    const parenthesized = callee !== target && target.type === 'identifier' && !this.slotOfName(target.text, fn) ? clip(callee.text) : null;
    let deref = false;
    if (target.type === 'pointer_expression' && target.child(0)?.text === '*') {
      target = target.childForFieldName('argument') ?? target;
      deref = true;
      while (target.type === 'parenthesized_expression' && target.namedChildCount === 1) target = target.namedChild(0)!;
    }
    const expr = clip(callee.text);
    if (target.type === 'identifier' || target.type === 'qualified_identifier' || target.type === 'template_function') {
      const name = target.type === 'identifier' ? target.text : (target.childForFieldName('name')?.text ?? target.text).split('::').pop()!;
      const held = target.type === 'identifier' ? this.slotOfName(name, fn) : null;
      if (held || deref) this.ref(target, name, 'indirect', fn, held?.slot ?? `var:${name}`, expr);
      else this.ref(target, name, 'call', fn, null, parenthesized);
    } else if (target.type === 'field_expression') {
      const field = target.childForFieldName('field');
      const name = field?.text ?? '';
      if (this.opts.language === 'cpp' && !deref) this.ref(field ?? target, name, 'call', fn, null, null);
      else this.ref(field ?? target, name, 'indirect', fn, this.fieldSlot(target, fn), expr);
    } else if (target.type === 'subscript_expression') {
      const arr = target.childForFieldName('argument');
      const base = arr?.type === 'identifier' ? arr.text : arr?.type === 'field_expression' ? arr.childForFieldName('field')?.text ?? '' : '';
      const held = arr?.type === 'identifier' ? this.slotOfName(base, fn) : null;
      const slot = arr?.type === 'field_expression' ? `${this.fieldSlot(arr, fn)}[]` : `${held?.slot ?? `var:${base}`}[]`;
      this.ref(target, base || expr, 'indirect', fn, slot, expr);
    } else {
      this.ref(target, expr, 'indirect', fn, null, expr);
    }
    // Function names passed as arguments (`f(task)` or `f(&task)`) may be called through the parameter.
    if (target.type === 'identifier' && !this.slotOfName(target.text, fn)) {
      const args = node.childForFieldName('arguments')?.namedChildren ?? [];
      args.forEach((a, i) => this.storeValue(a, `arg:${target.text}#${i}`, fn, clip(node.text, 120)));
    }
  }

  private assignment(node: SyntaxNode, fn: FnContext | null): void {
    if (node.child(1)?.text !== '=') return;
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (!left || !right) return;
    let slot: string | null = null;
    let detail = clip(node.text, 80);
    if (left.type === 'field_expression') slot = this.fieldSlot(left, fn);
    else if (left.type === 'identifier') slot = this.slotOfName(left.text, fn)?.slot ?? `var:${left.text}`;
    else if (left.type === 'subscript_expression') {
      const arr = left.childForFieldName('argument');
      if (arr?.type === 'identifier') slot = `${this.slotOfName(arr.text, fn)?.slot ?? `var:${arr.text}`}[]`;
    } else if (!fn && left.type === 'call_expression') {
      // `T (*name)(...) = value;` at file scope, read as an assignment to a call: the pointer's initializer.
      const declared = pointerDeclarationName(left)?.name.text;
      if (declared) [slot, detail] = [`var:${declared}`, `${declared} = ${clip(right.text, 60)}`];
    }
    if (slot) this.storeValue(right, slot, fn, detail);
  }

  /** `void NMI_Handler(void) __attribute__((weak, alias("Default_Handler")))`: the alias target is stored into `alias:NMI_Handler`, as `.thumb_set` does in assembler. */
  private aliasOf(decl: SyntaxNode, name: string): void {
    // Most declarations name no alias: their attributes are not searched.
    if (!this.text.slice(decl.startIndex, decl.endIndex).includes('alias')) return;
    for (const a of decl.descendantsOfType('attribute_specifier')) {
      const m = /\balias\s*\(\s*"([A-Za-z_]\w*)"/.exec(a.text);
      if (m) this.ref(a, m[1], 'fn_pointer', null, `alias:${name}`, clip(`${name}: ${a.text}`, 120));
    }
  }

  /** The macro invocation inside a declaration that wrote an attribute (`ALIAS(f)` → `__attribute__((weak, alias("f")))`). */
  private attributeInvocation(node: SyntaxNode): MacroInvocation | undefined {
    const attrs = node.descendantsOfType(['attribute_specifier', 'attribute_declaration']);
    for (const a of attrs) {
      const inv = this.where(a.startIndex).inv;
      if (inv) return inv;
    }
    return undefined;
  }

  /** `IRQ_CONNECT(irq, prio, isr, ...)` expanded here: the ISR is stored for that IRQ (read by get_vector_table). */
  private irqRegistration(inv: MacroInvocation): void {
    if (!IRQ_MACROS.has(inv.name)) return;
    const written = this.opts.fileText.slice(inv.start, inv.end);
    const args = splitArgs(written.slice(written.indexOf('(') + 1, written.lastIndexOf(')')));
    const isr = args[2]?.replace(/^\(\s*void\s*\*\s*\)|^&/g, '').trim();
    if (!isr || !/^[A-Za-z_]\w*$/.test(isr)) return;
    // The IRQ as the compiler sees it (`DT_INST_IRQN(0)` → 2): the first member of the `{irq, flags, &isr, param}`
    // registration record the expansion writes, kept in front of the written text.
    const rec = new RegExp(`\\{\\s*([^{},;]+?)\\s*,[^{},;]*,\\s*(?:\\(\\s*void\\s*\\*\\s*\\)\\s*)?&?\\s*${isr}\\b`).exec(inv.expansion);
    const irq = rec ? `irq=${rec[1].replace(/\s+/g, '')}; ` : '';
    this.refs.push({ name: isr, line: inv.line, column: inv.column + 1, kind: 'fn_pointer', caller: null, viaMacro: inv.name, slot: `arg:${inv.name}#2`, detail: irq + clip(written, 120) });
  }

  /**
   * A function or variable whose declarator name a macro expansion wrote: a symbol at the invocation. Also a
   * function declaration whose attributes a macro writes (NXP's `void NMI_Handler(void) ALIAS(IntDefaultHandler);`):
   * its signature then shows the expanded `__attribute__((weak, alias("IntDefaultHandler")))`. In a class body the
   * symbol is a member (field, method, constructor, destructor), made only where the expansion wrote its name.
   */
  private macroSymbol(node: SyntaxNode, nameNode: SyntaxNode, qname: string, scopes: string[], isFunction: boolean, isDefinition: boolean, local = false): void {
    if (!this.exp) return;
    const at = this.where(nameNode.startIndex);
    const inv = at.inv ?? (isFunction && !isDefinition && !this.inClass ? this.attributeInvocation(node) : undefined);
    if (!inv) return;
    const name = qname.split('::').pop()!;
    // An expansion the parser reads with no declarator name makes no symbol.
    if (!name) return;
    const rename = at.inv !== undefined && inv.objectLike && inv.expansion === name;
    const start = this.where(node.startIndex);
    const end = this.where(Math.max(node.startIndex, node.endIndex - 1));
    const kind = local ? 'varlocal' : this.inClass ? this.memberKind(name, scopes, isFunction) : isFunction ? 'function' : 'varglobal';
    const body = isDefinition ? this.opts.fileText.slice(this.lineStarts[start.line - 1], this.lineStarts[end.line] ?? this.opts.fileText.length).replace(/\s+$/, '') : null;
    const bodyNode = node.childForFieldName('body');
    const sig = this.text.slice(node.startIndex, bodyNode ? bodyNode.startIndex : node.endIndex);
    const key = `${kind}\0${qname}`;
    const n = this.ordinals.get(key) ?? 0;
    this.ordinals.set(key, n + 1);
    this.symbols.push({
      stableId: sha1(`${this.opts.relPath}\0macro\0${key}\0${n}`).slice(0, 16),
      parentId: null,
      name,
      qualifiedName: [...scopes, name].join('::'),
      kind,
      line: start.line,
      endLine: Math.max(end.line, start.line),
      column: at.column,
      isDefinition: isDefinition || (!isFunction && !/\bextern\b/.test(sig)) || (!this.inClass && declaresAlias(sig)),
      signature: clip(sig.replace(/;\s*$/, ''), 400),
      docstring: '',
      isTemplate: false,
      isVirtual: false,
      isPureVirtual: false,
      enumValue: null,
      nameTokens: nameTokens(name),
      body,
      alias: rename ? inv.name : null,
      viaMacro: inv.name,
    });
  }

  /** A member's kind, as extract-symbols.ts gives it. */
  private memberKind(name: string, scopes: string[], isFunction: boolean): SymbolKind {
    if (!isFunction) return 'field';
    if (this.opts.language === 'c') return 'function';
    const owner = scopes[scopes.length - 1];
    return name === owner ? 'constructor' : name === `~${owner}` ? 'destructor' : 'method';
  }
}

/** The name a struct, union or class scopes its members by, as extract-symbols.ts names it (see tagNameOf). */
function scopeNameOf(node: SyntaxNode): string | undefined {
  const { name, scope } = tagNameOf(node, node.parent?.type === 'type_definition' ? node.parent : null);
  return name === null ? undefined : [...scope, name].join('::');
}

/** Operators tree-sitter reads as names of called functions: GNU typeof (C23 typeof_unqual), and static asserts. */
const OPERATORS = new Set(['typeof', '__typeof__', '__typeof', 'typeof_unqual', '__typeof_unqual__', '_Static_assert', 'static_assert']);

/**
 * C++ keywords the grammar reads as calls: the named casts (`static_cast<T>(x)`, a template function's call) and
 * `typeid(x)` and `noexcept(e)` (a call of a name). No function is called; what their operands call still is.
 */
const CPP_OPERATORS = new Set(['static_cast', 'dynamic_cast', 'reinterpret_cast', 'const_cast', 'typeid', 'noexcept']);

function isCppOperator(node: SyntaxNode): boolean {
  const name = node.type === 'template_function' ? node.childForFieldName('name') : node;
  return name?.type === 'identifier' && CPP_OPERATORS.has(name.text);
}

function isOperator(node: SyntaxNode | null): boolean {
  // A typeof operation reaches the tree as one name (builtin-operands.ts): `(__typeof_____)(y)` is a cast.
  return node?.type === 'identifier' && (OPERATORS.has(node.text) || /^__typeof_+$/.test(node.text));
}
