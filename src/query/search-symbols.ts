// search_symbols: declarations of one build by name pattern (`*`, `?`, case-sensitive, whole name), kind,
// and `Type.member` / `Type::member` (members of that type and of the types derived from it, by the base
// lists the index records, each resolved in its class's scope). Parameter errors carry INVALID_PARAMETER.
import type { IndexReader, MacroRow, Page, SymbolFilter, SymbolRow } from '../index/index-reader.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError, renderWording, type Wording } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';
import { Hierarchy } from './class-hierarchy.js';
import { globRegExp, memberGlobs, splitMemberPattern, toGlob } from './symbol-glob.js';

/** Kinds search_symbols accepts (case-insensitive) and the index kinds each stands for. */
export const SEARCH_SYMBOL_KINDS: Record<string, string[]> = {
  function: ['function'],
  method: ['method'],
  constructor: ['constructor'],
  destructor: ['destructor'],
  class: ['class'],
  struct: ['struct'],
  union: ['union'],
  enum: ['enum'],
  enum_constant: ['enum_constant'],
  typedef: ['typedef'],
  macro: ['macro'],
  variable: ['varglobal'],
  field: ['field'],
  namespace: ['namespace'],
};

export const SEARCH_SYMBOLS_DEFAULT_MAX = 50;
export const SEARCH_SYMBOLS_MAX = 1000;

export interface SearchSymbolsRequest extends BuildSelector {
  query: string;
  kind?: string;
  offset?: number;
  maxResults?: number;
}

export interface SymbolMatch {
  name: string;
  qualifiedName: string;
  kind: string;
  file: string;
  line: number;
  column: number;
  signature: string;
  /** The enclosing class, struct, union, enum or namespace (qualified); null at file scope. */
  containingType: string | null;
  isDefinition: boolean;
  isVendor: boolean;
}

export interface SearchSymbolsResult {
  results: SymbolMatch[];
  meta: { totalCount: number; truncated: boolean; query: string; kind: string | null; variant: string; image: string; derivedTypes?: string[] };
  pagination: { offset: number; maxResults: number; returned: number; hasMore: boolean; nextOffset?: number };
}

function invalid(message: Wording, hint: Wording): QueryError {
  return new QueryError((s) => `INVALID_PARAMETER: ${renderWording(message, s)}`, hint, { code: 'INVALID_PARAMETER' });
}

function checkParameters(req: SearchSymbolsRequest): { kinds: string[] | null; offset: number; maxResults: number; query: string } {
  const query = req.query?.trim() ?? '';
  if (!query) throw invalid((s) => `${s.arg('query')} is empty`, 'give a name or a pattern with * and ?, for example uart_* or *_init');
  const maxResults = req.maxResults ?? SEARCH_SYMBOLS_DEFAULT_MAX;
  if (!Number.isInteger(maxResults) || maxResults < 0 || maxResults > SEARCH_SYMBOLS_MAX) {
    throw invalid((s) => `${s.arg('maxResults')} must be an integer from 0 to ${SEARCH_SYMBOLS_MAX}, got ${req.maxResults}`, (s) => `use ${s.arg('maxResults')} between 0 and ${SEARCH_SYMBOLS_MAX} and page with ${s.arg('offset')}`);
  }
  const offset = req.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalid((s) => `${s.arg('offset')} must be a non-negative integer, got ${req.offset}`, (s) => `use 0, or ${s.arg('offset')} + returned of the previous page`);
  let kinds: string[] | null = null;
  if (req.kind !== undefined && req.kind !== '') {
    const valid = Object.keys(SEARCH_SYMBOL_KINDS);
    kinds = SEARCH_SYMBOL_KINDS[req.kind.toLowerCase()] ?? null;
    if (!kinds) throw invalid((s) => `unknown ${s.arg('kind')} "${req.kind}"; valid kinds: ${valid.join(', ')}`, (s) => `use one of: ${valid.join(', ')}, or omit ${s.arg('kind')}`);
  }
  return { kinds, offset, maxResults, query };
}

function containingTypeOf(qualifiedName: string, name: string): string | null {
  return qualifiedName.endsWith(`::${name}`) ? qualifiedName.slice(0, -name.length - 2) : null;
}

function toMatch(r: SymbolRow): SymbolMatch {
  return {
    name: r.name,
    qualifiedName: r.qualified_name,
    kind: r.kind === 'varglobal' ? 'variable' : r.kind,
    file: r.file,
    line: r.line,
    column: r.column,
    signature: r.signature,
    containingType: containingTypeOf(r.qualified_name, r.name),
    isDefinition: r.is_definition,
    isVendor: r.is_vendor,
  };
}

function macroMatch(m: MacroRow): SymbolMatch {
  return {
    name: m.name,
    qualifiedName: m.name,
    kind: 'macro',
    file: m.file,
    line: m.line,
    column: 1,
    signature: `#define ${m.name}${m.params ?? ''} ${m._macro_value}`.trim(),
    containingType: null,
    isDefinition: true,
    isVendor: false,
  };
}

/** Symbols, then the build's macros (unless a kind other than macro is asked), as one paged list. */
function plainPattern(reader: IndexReader, glob: string, kinds: string[] | null, filter: SymbolFilter, page: { limit: number; offset: number }): Page<SymbolMatch> {
  const wantMacros = !kinds || kinds.includes('macro');
  const wantSymbols = !kinds || !kinds.includes('macro');
  const s = wantSymbols ? reader.globSymbols(glob, null, filter, page) : { rows: [], total: 0 };
  if (!wantMacros) return { rows: s.rows.map(toMatch), total: s.total };
  const room = page.limit - s.rows.length;
  const m = reader.globMacros(glob, filter.buildId, { limit: Math.max(room, 0), offset: Math.max(0, page.offset - s.total) });
  return { rows: [...s.rows.map(toMatch), ...m.rows.map(macroMatch)], total: s.total + m.total };
}

/** Classes derived, directly or not, from a class the type pattern matches (those themselves left out). */
function derivedTypes(reader: IndexReader, buildId: number, isBase: (qualifiedName: string) => boolean): string[] {
  const hierarchy = new Hierarchy(reader, buildId);
  const bases = reader.listSymbols({ buildId, kinds: ['class', 'struct', 'union'] }, { limit: -1, offset: 0 }).rows.filter((c) => isBase(c.qualified_name));
  const derived = new Set(bases.flatMap((c) => hierarchy.derived(c, true).map((link) => link.qualified_name)));
  return [...derived].filter((q) => !isBase(q)).sort();
}

export function searchSymbols(ctx: ProjectContext, req: SearchSymbolsRequest): SearchSymbolsResult {
  const { kinds, offset, maxResults, query } = checkParameters(req);
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  // Without a kind every declaration kind but function locals is searched.
  const filter: SymbolFilter = { buildId: build.id, kinds: kinds ?? undefined, excludeKinds: kinds ? undefined : ['varlocal'] };
  const member = splitMemberPattern(query);
  let derived: string[] | undefined;
  let page: Page<SymbolMatch>;
  if (member) {
    const typeRe = globRegExp(member.type);
    const isBase = (q: string) => typeRe.test(q) || globRegExp(`*::${member.type}`).test(q);
    derived = derivedTypes(reader, build.id, isBase);
    const p = reader.globSymbols(toGlob(member.member), memberGlobs([member.type, ...derived], member.member), filter, { limit: maxResults, offset });
    page = { rows: p.rows.map(toMatch), total: p.total };
  } else {
    page = plainPattern(reader, toGlob(query), kinds, filter, { limit: maxResults, offset });
  }
  const results = page.rows;
  const hasMore = offset + results.length < page.total;
  return {
    results,
    meta: { totalCount: page.total, truncated: hasMore, query, kind: req.kind ? req.kind.toLowerCase() : null, variant: build.variant, image: build.image, ...(derived?.length ? { derivedTypes: derived } : {}) },
    pagination: { offset, maxResults, returned: results.length, hasMore, ...(hasMore ? { nextOffset: offset + results.length } : {}) },
  };
}
