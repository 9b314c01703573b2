// A macro definition parsed once from `#define` text (or -D): name, parameters, body tokens with parameter
// indices marked. Leaves out redefinition-compatibility warnings.
import { lexLine, spell, type Token } from './tokens.js';

/** Special operators answered by code rather than a replacement list. */
export type BuiltinMacro =
  | 'has_include' | 'has_include_next' | 'has_attribute' | 'has_cpp_attribute' | 'has_c_attribute'
  | 'has_builtin' | 'has_feature' | 'has_extension' | 'line' | 'file' | 'counter' | 'include_level' | 'base_file';

/** Integer values of a definition already computed, with the definitions (by identity) the expansion consulted. */
export interface ValueMemo {
  names: string[];
  defs: (MacroDef | undefined)[];
  value: string | null;
}

/** What a function-like definition has beyond an object-like one (object-like definitions, most of a header's, hold none). */
interface MacroParams {
  /** Parameter names (variadic one last: `__VA_ARGS__` or the GNU named one). */
  names: string[];
  variadic: boolean;
  /** Parameter list as written, e.g. `(x, y)`, `(fmt, ...)`. */
  text: string;
  /** Replacement text, as MacroDef keeps an object-like one's. */
  replacement: string | number;
}

/**
 * What a definition holds beyond its text, rarely set or set alike for most definitions: a device header's
 * #defines are each canonical and valued once, which four shared records say without one record each.
 */
class MacroDefMore {
  constructor(
    /** The canonical definition (see canonicalDefinition); null: the definition itself; undefined: not asked yet. */
    readonly canon: MacroDef | null | undefined,
    /** Integer values already computed (see MacroDef.valueCache). */
    readonly valueCache: ValueMemo | ValueMemo[] | null | undefined,
    /** Its definitionKey (tracked-env.ts), once asked. */
    readonly key: string | undefined,
  ) {}
}

/** The shared records: canon undefined or self (null) by value memo undefined or valued once (null). */
const SHARED_MORE = [
  new MacroDefMore(undefined, undefined, undefined),
  new MacroDefMore(undefined, null, undefined),
  new MacroDefMore(null, undefined, undefined),
  new MacroDefMore(null, null, undefined),
];
const NO_MORE = SHARED_MORE[0];

/** The record of these fields: a shared one when one holds them, else one of its own (records are never changed). */
function withMore(canon: MacroDef | null | undefined, valueCache: MacroDefMore['valueCache'], key: string | undefined): MacroDefMore {
  if (key === undefined && (canon === undefined || canon === null) && (valueCache === undefined || valueCache === null)) {
    return SHARED_MORE[(canon === null ? 2 : 0) + (valueCache === null ? 1 : 0)];
  }
  return new MacroDefMore(canon, valueCache, key);
}

/**
 * A parsed definition, which is also its `#define` directive in the file's skeleton (kind 'define'): a device
 * header's 400 000 #defines are one object each, not a directive and a definition. Its replacement's tokens are
 * not kept: `body` lexes them again from the definition's text (a bounded cache keeps the bodies of recently
 * expanded definitions). Parameters with the replacement, or the replacement alone (a position in `text` when
 * it is the end of it), are one field, and what is rarely set (or set alike for most definitions) is in a
 * MacroDefMore, so that a definition holds nine fields.
 */
export class MacroDef {
  /** Canonical definition, value memo and key (see MacroDefMore). */
  private more: MacroDefMore = NO_MORE;
  /** The last walk (UnitWalker) that reached this #define, by number. */
  reachedBy = 0;
  /** The last environment (TrackedEnv) that read this definition under its name, by number. */
  readBy = 0;
  /** Directive kind, on the prototype (see below). */
  declare readonly kind: 'define';
  /** Built-in operator answered by code; undefined (on the prototype) for a definition. */
  declare readonly builtin: BuiltinMacro | undefined;

  constructor(
    readonly name: string,
    /**
     * Parameters with the replacement (function-like), or the replacement text (single-spaced): a string, or
     * where it starts in `text`.
     */
    private readonly rep: MacroParams | string | number,
    readonly file: string,
    readonly line: number,
    /** The text after `#define` the body is lexed from ('' for a built-in). */
    readonly text: string,
    /** Last physical line of its directive (continuations). */
    public endLine = line,
  ) {}

  /** The first definition seen with the same name, parameters and replacement (see canonicalDefinition). */
  get canon(): MacroDef | undefined {
    const c = this.more.canon;
    return c === null ? this : c;
  }

  set canon(canon: MacroDef | undefined) {
    const m = this.more;
    this.more = withMore(canon === this ? null : canon, m.valueCache, m.key);
  }

  /**
   * Integer values already computed (see unit-result.ts): one, or several for different consulted definitions;
   * null once valued without keeping the value.
   */
  get valueCache(): ValueMemo | ValueMemo[] | null | undefined {
    return this.more.valueCache;
  }

  set valueCache(valueCache: ValueMemo | ValueMemo[] | null | undefined) {
    const m = this.more;
    this.more = withMore(m.canon, valueCache, m.key);
  }

  /** Its definitionKey (tracked-env.ts), once asked. */
  get key(): string | undefined {
    return this.more.key;
  }

  set key(key: string | undefined) {
    const m = this.more;
    this.more = withMore(m.canon, m.valueCache, key);
  }

  /** Parameter names (variadic one last: `__VA_ARGS__` or the GNU named one), or null when object-like. */
  get params(): string[] | null {
    const r = this.rep;
    return typeof r === 'object' ? r.names : null;
  }

  get variadic(): boolean {
    const r = this.rep;
    return typeof r === 'object' && r.variadic;
  }

  /** Parameter list as written, e.g. `(x, y)`, `(fmt, ...)`. */
  get paramsText(): string | null {
    const r = this.rep;
    return typeof r === 'object' ? r.text : null;
  }

  /** Replacement text, single-spaced. */
  get valueText(): string {
    const r = this.replacementAt();
    return typeof r === 'number' ? this.text.slice(r) : r;
  }

  private replacementAt(): string | number {
    const r = this.rep;
    return typeof r === 'object' ? r.replacement : r;
  }

  /** As a directive: the text after `#define`. */
  get rest(): string {
    return this.text;
  }

  /** As a directive: the definition it makes. */
  get macro(): MacroDef {
    return this;
  }

  /** Replacement tokens, parameter indices marked (fresh or cached: never to be changed by the caller). */
  get body(): Token[] {
    if (this.text === '') return NO_TOKENS;
    let body = bodies.get(this);
    if (body === undefined) cacheBody(this, (body = lexBody(this.text, this.params)));
    return body;
  }

  /**
   * `body` without adding it to the cache (a definition valued once, see unit-result.ts: a device header's
   * bodies would each outlive a young-generation collection in the cache and be collected with the old one).
   */
  lexedBody(): Token[] {
    if (this.text === '') return NO_TOKENS;
    return bodies.get(this) ?? lexBody(this.text, this.params);
  }

  /** True when the replacement list is empty (`#define X`, a built-in). */
  get emptyBody(): boolean {
    return this.replacementAt() === '';
  }

  /** A definition kept as plain data (v8.serialize of one) made a definition again. */
  static revive(o: MacroDef): MacroDef {
    const plain = o as unknown as { rep: MacroParams | string | number; builtin?: BuiltinMacro };
    if (plain.builtin) return builtinMacro(o.name, plain.builtin);
    return new MacroDef(o.name, plain.rep, o.file, o.line, o.text, o.endLine);
  }
}

Object.defineProperty(MacroDef.prototype, 'kind', { value: 'define' });
Object.defineProperty(MacroDef.prototype, 'builtin', { value: undefined, writable: true });

/** A built-in operator (`__has_include`, `__LINE__`, ...): a definition answered by code. */
class BuiltinMacroDef extends MacroDef {
  constructor(
    name: string,
    override readonly builtin: BuiltinMacro,
  ) {
    super(name, '', '<built-in>', 0, '');
  }
}

const NO_TOKENS: Token[] = [];
const MAX_CACHED_BODIES = 8_192;
/**
 * Tokens the cache of lexed bodies holds at most (~5 MB with their arrays; twice as many held 6-9.5 MB across the
 * builds of a whole Meshtastic run, at its peaks): a count of bodies alone does not bound it. Mbed TLS's test
 * certificates are macros of 1 000-2 000 tokens each, defined again (new definitions) in every image that expands
 * them: 16 384 bodies held 917 000 tokens (~80 MB with their definitions) by the 69th image. Tests lower it.
 */
export const cachedBodyTokens = { max: 1 << 16 };
const bodies = new Map<MacroDef, Token[]>();
/** Tokens of the bodies in the cache. */
let bodyTokens = 0;

/** Keeps a definition's lexed body, emptying the cache first when it is full (by bodies or by tokens); one past the budget alone is not kept. */
function cacheBody(def: MacroDef, body: Token[]): void {
  if (body.length > cachedBodyTokens.max) return;
  if (bodies.size >= MAX_CACHED_BODIES || bodyTokens + body.length > cachedBodyTokens.max) clearBodies();
  bodies.set(def, body);
  bodyTokens += body.length;
}

function clearBodies(): void {
  bodies.clear();
  bodyTokens = 0;
}

/** The cache of lexed bodies: how many it holds and their tokens (for tests). */
export function lexedBodyCache(): { bodies: number; tokens: number } {
  return { bodies: bodies.size, tokens: bodyTokens };
}

/** The replacement tokens of a definition's text that parseDefine accepted (see there). */
function lexBody(text: string, params: string[] | null): Token[] {
  const toks = lexLine(text);
  let i = 1;
  if (params !== null) {
    // The parameter list ends at its first `)`: nothing else parseDefine accepts in it is a `)`.
    i = 2;
    while (!(toks[i].v === ')' && toks[i].k === 'punct')) i++;
    i++;
  }
  return replacementTokens(toks.slice(i), params);
}

/** The replacement list as a definition keeps it: no leading space, each parameter marked with its index. */
function replacementTokens(body: Token[], params: string[] | null): Token[] {
  if (body.length) body[0].sp = false;
  if (params) {
    for (const t of body) {
      if (t.k === 'ident') {
        const pi = params.indexOf(t.v);
        if (pi >= 0) t.pi = pi;
      }
    }
  }
  return body;
}

/** Definitions by name: one, or those of the same name with other parameters or replacements. */
const canonical = new Map<string, MacroDef | MacroDef[]>();
let canonicalCount = 0;

const sameText = (a: MacroDef, b: MacroDef): boolean => a.valueText === b.valueText && (a.paramsText ?? '') === (b.paramsText ?? '');

/**
 * One shared object per distinct (name, parameters, replacement): environments store these, so two units
 * whose macros are textually the same hold identical objects (memoized #if results compare by identity).
 * Found by name, then compared: no key string per definition (a device header has hundreds of thousands).
 */
export function canonicalDefinition(def: MacroDef): MacroDef {
  if (def.canon) return def.canon;
  if (def.builtin) return (def.canon = def);
  const known = canonical.get(def.name);
  let c: MacroDef | undefined;
  if (known === undefined) {
    if (canonicalCount > 200000) {
      canonical.clear();
      canonicalCount = 0;
    }
    canonical.set(def.name, (c = def));
    canonicalCount++;
  } else if (!Array.isArray(known)) {
    if (sameText(known, def)) c = known;
    else {
      canonical.set(def.name, [known, (c = def)]);
      canonicalCount++;
    }
  } else {
    c = known.find((k) => sameText(k, def));
    if (!c) {
      known.push((c = def));
      canonicalCount++;
    }
  }
  def.canon = c;
  return c;
}

/**
 * Takes definitions out of the canonical table (those of a skeleton dropped from the run's cache): a later
 * definition of the same text becomes canonical itself. Definitions already made canonical keep theirs.
 */
export function forgetCanonicalDefinitions(defs: Iterable<MacroDef>): void {
  for (const def of defs) {
    if (def.canon !== def) continue;
    const known = canonical.get(def.name);
    if (known === def) canonical.delete(def.name);
    else if (Array.isArray(known)) {
      const k = known.indexOf(def);
      if (k < 0) continue;
      known.splice(k, 1);
      if (known.length === 1) canonical.set(def.name, known[0]);
    } else continue;
    canonicalCount--;
  }
}

/** Empties the cache of lexed bodies (dropped skeletons' definitions are in it, and through them their file's text). */
export function forgetLexedBodies(): void {
  clearBodies();
}

/** Definitions in the canonical table. */
export function canonicalDefinitionCount(): number {
  return canonicalCount;
}

/**
 * Empties the canonical table and the cache of lexed bodies (at the end of an index run, whose skeletons were its
 * own: a process that indexes again, such as the refresh child of `fw-context serve`, would otherwise keep up to
 * 200 000 definitions of the last run between runs).
 */
export function forgetAllDefinitions(): void {
  canonical.clear();
  canonicalCount = 0;
  clearBodies();
}

export interface ParsedDefine {
  def?: MacroDef;
  error?: string;
}

/** Parse the text after `#define` (comments already removed). */
export function parseDefine(text: string, file: string, line: number): ParsedDefine {
  const toks = lexLine(text);
  if (toks.length === 0 || toks[0].k !== 'ident') return { error: 'macro names must be identifiers' };
  const name = toks[0].v;
  if (name === 'defined') return { error: '"defined" cannot be used as a macro name' };
  let i = 1;
  let params: string[] | null = null;
  let variadic = false;
  let paramsText: string | null = null;
  if (toks[1] && toks[1].v === '(' && !toks[1].sp) {
    params = [];
    i = 2;
    const written: string[] = [];
    let expectParam = true;
    for (;;) {
      const t = toks[i];
      if (!t) return { error: `missing ')' in macro parameter list of "${name}"` };
      if (t.v === ')' && t.k === 'punct') {
        if (expectParam && params.length > 0) return { error: `parameter name missing in "${name}"` };
        i++;
        break;
      }
      if (!expectParam) {
        if (t.v !== ',') return { error: `expected comma in macro parameter list of "${name}"` };
        expectParam = true;
        i++;
        continue;
      }
      if (t.v === '...') {
        params.push('__VA_ARGS__');
        written.push('...');
        variadic = true;
        if (toks[i + 1]?.v !== ')') return { error: `missing ')' after "..." in "${name}"` };
        expectParam = false;
        i++;
        continue;
      }
      if (t.k !== 'ident') return { error: `"${t.v}" may not appear in macro parameter list of "${name}"` };
      if (toks[i + 1]?.v === '...') {
        params.push(t.v);
        written.push(`${t.v}...`);
        variadic = true;
        i += 2;
        if (toks[i]?.v !== ')') return { error: `missing ')' after "..." in "${name}"` };
        expectParam = false;
        continue;
      }
      if (params.includes(t.v)) return { error: `duplicate macro parameter "${t.v}"` };
      params.push(t.v);
      written.push(t.v);
      expectParam = false;
      i++;
    }
    paramsText = `(${written.join(', ')})`;
  }
  const body = replacementTokens(toks.slice(i), params);
  if (params) {
    for (let k = 0; k < body.length; k++) {
      if (body[k].v === '#' && body[k].k === 'punct') {
        const nx = body[k + 1];
        if (!nx || (nx.pi === undefined && nx.v !== '__VA_OPT__')) return { error: `'#' is not followed by a macro parameter in "${name}"` };
      }
    }
  }
  if (body.length && body[0].v === '##') return { error: `'##' cannot appear at either end of a macro expansion ("${name}")` };
  if (body.length && body[body.length - 1].v === '##') return { error: `'##' cannot appear at either end of a macro expansion ("${name}")` };
  const replacement = replacementAt(text, spell(body));
  const rep = params === null ? replacement : { names: params, variadic, text: paramsText!, replacement };
  return { def: new MacroDef(name, rep, file, line, text) };
}

/** Where `spelled` starts in `text` when text ends with it (nothing more is kept), else `spelled` itself. */
function replacementAt(text: string, spelled: string): string | number {
  return spelled.length > 0 && text.endsWith(spelled) ? text.length - spelled.length : spelled;
}

const interned = new Map<string, ParsedDefine>();

/**
 * A -D argument (`NAME`, `NAME=value`, `F(x)=x`) as a definition. Interned: units with the same -D share one
 * definition object, so results memoized on definition identity carry over between units.
 */
export function defineFromCommandLine(name: string, value: string | undefined, file = '<command-line>'): ParsedDefine {
  const key = `${file}\0${name}\0${value ?? '1'}`;
  let p = interned.get(key);
  if (!p) {
    if (interned.size > 50000) interned.clear();
    p = parseDefine(`${name} ${value ?? '1'}`, file, 0);
    interned.set(key, p);
  }
  return p;
}

export function builtinMacro(name: string, builtin: BuiltinMacro): MacroDef {
  return new BuiltinMacroDef(name, builtin);
}

/** The macros a walk or an expansion reads and changes: a Map, or a TrackedEnv over a shared starting one. */
export interface MacroEnv {
  get(name: string): MacroDef | undefined;
  has(name: string): boolean;
  set(name: string, def: MacroDef): unknown;
  delete(name: string): unknown;
}

/** A unit's starting macros (compiler built-ins and -D), shared by the units set up alike: never changed. */
export type StartingMacros = ReadonlyMap<string, MacroDef>;
