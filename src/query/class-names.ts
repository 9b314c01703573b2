// Which qualified names of one build are classes (or structs/unions): turns the function holding a use
// (`ns::Uart::send`) into its class (`ns::Uart`), and finds a class by the name a query gives. Cached per query.
import type { IndexReader, SymbolRow } from '../index/index-reader.js';
import { QueryError } from './query-error.js';

const CLASS_KINDS = ['class', 'struct', 'union'];

export class ClassNames {
  private readonly known = new Map<string, SymbolRow | null>();

  constructor(
    private readonly reader: IndexReader,
    private readonly buildId: number,
  ) {}

  /** The class symbol with this qualified name (definition preferred), or null. */
  lookup(qualifiedName: string): SymbolRow | null {
    if (!this.known.has(qualifiedName)) {
      const rows = this.reader.lookupSymbols(qualifiedName, false, { buildId: this.buildId, kinds: CLASS_KINDS }, { limit: 20, offset: 0 }).rows;
      this.known.set(qualifiedName, rows.find((r) => r.qualified_name === qualifiedName && r.is_definition) ?? rows.find((r) => r.qualified_name === qualifiedName) ?? null);
    }
    return this.known.get(qualifiedName)!;
  }

  /** The class of a method's qualified name, or null for a free function. */
  classOf(functionName: string | null): string | null {
    if (!functionName) return null;
    const i = functionName.lastIndexOf('::');
    if (i <= 0) return null;
    const owner = functionName.slice(0, i);
    return this.lookup(owner) ? owner : null;
  }

  /**
   * The class a base list names, seen from the deriving class: `Base` written inside ns::Derived may be
   * ns::Base or ::Base; the innermost enclosing scope that has it wins.
   */
  resolveBase(baseName: string, derivedQualifiedName: string): SymbolRow | null {
    const scopes = derivedQualifiedName.split('::').slice(0, -1);
    for (let n = scopes.length; n >= 0; n--) {
      const hit = this.lookup([...scopes.slice(0, n), baseName].join('::'));
      if (hit) return hit;
    }
    return null;
  }

  /** The one class a query names (qualified or not); several of that name → the definitions, ambiguity refused. */
  resolve(name: string, argName: string): SymbolRow {
    const clean = name.trim();
    const rows = this.reader.lookupSymbols(clean, false, { buildId: this.buildId, kinds: CLASS_KINDS }, { limit: 50, offset: 0 }).rows;
    const defs = rows.filter((r) => r.is_definition);
    const pool = defs.length ? defs : rows;
    const exact = pool.filter((r) => r.qualified_name === clean);
    const chosen = exact.length ? exact : pool;
    const distinct = [...new Set(chosen.map((r) => r.qualified_name))];
    if (distinct.length === 0) throw new QueryError(`no class, struct or union named "${clean}" in this build`, (s) => `check ${s.arg(argName)} with ${s.tool('lookup_symbol')} (${s.arg('kind', 'class')}) or ${s.tool('search_code')}`);
    if (distinct.length > 1) throw new QueryError(`"${clean}" names ${distinct.length} classes: ${distinct.join(', ')}`, (s) => `give the qualified name as ${s.arg(argName)}`, { matches: distinct });
    return chosen[0];
  }
}
