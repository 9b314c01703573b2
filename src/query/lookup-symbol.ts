// lookup_symbol: symbols (and macros) of one build by exact name or qualified name, or by prefix.
// For callers that know the name; concept searches belong to search_code.
import type { MacroRow, SymbolRow } from '../index/index-reader.js';
import { CompilerBuiltins } from './compiler-builtins.js';
import { kindsFor } from './kind-filter.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';
import { pageBounds, pagedAnswer, type PageNotice } from './paged-answer.js';

export interface LookupRequest extends BuildSelector {
  name: string;
  kind?: string;
  /** Match names that start with `name` (also when `name` ends with `*`). */
  prefix?: boolean;
  limit?: number;
  offset?: number;
  projectOnly?: boolean;
}

export type LookupResult = (Record<string, unknown> | PageNotice | SymbolRow | MacroRow)[];

export const LOOKUP_DEFAULT_LIMIT = 20;
export const LOOKUP_MAX_LIMIT = 100;

export function lookupSymbol(ctx: ProjectContext, req: LookupRequest): LookupResult {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  let name = req.name.trim();
  let prefix = !!req.prefix;
  if (name.endsWith('*')) {
    prefix = true;
    name = name.replace(/\*+$/, '');
  }
  if (!name) throw new QueryError('the symbol name is empty', (s) => `give the symbol name, or its start with ${s.arg('prefix', true)}`);
  const { limit, offset } = pageBounds(req, LOOKUP_DEFAULT_LIMIT, LOOKUP_MAX_LIMIT);
  const kinds = kindsFor(req.kind);
  const kind = kinds?.length === 1 ? kinds[0] : undefined;
  const wantsLocals = !!kinds && kinds.includes('varlocal');
  const filter = { buildId: build.id, kinds, projectOnly: !!req.projectOnly, excludeKinds: wantsLocals ? [] : ['varlocal'] };

  let rows: (SymbolRow | MacroRow)[] = [];
  let total = 0;
  if (kind === 'macro') {
    const m = reader.lookupMacros(name, prefix, build.id, { limit, offset });
    rows = m.rows;
    total = m.total;
  } else {
    const s = reader.lookupSymbols(name, prefix, filter, { limit, offset });
    rows = s.rows;
    total = s.total;
    if (!kinds) {
      // Macros follow the symbols in one paged list.
      const macroOffset = Math.max(0, offset - s.total);
      const room = limit - rows.length;
      const m = reader.lookupMacros(name, prefix, build.id, { limit: Math.max(room, 1), offset: macroOffset });
      total += m.total;
      if (room > 0) rows = [...rows, ...m.rows.slice(0, room)];
    }
  }
  if (total === 0 && !prefix && !req.projectOnly && (!kinds || kind === 'macro')) {
    // No symbol or #define of the name: the compiler's built-in one, when it has one for the build.
    const builtin = new CompilerBuiltins(ctx.root).lookup(build, name);
    if (builtin) {
      total = 1;
      if (offset === 0) rows = [builtin];
    }
  }
  return pagedAnswer(ctx, reader, build, rows, total, offset);
}
