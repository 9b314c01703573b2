// lookup_symbol: symbols (and macros) of one build by exact name or qualified name, or by prefix.
// For callers that know the name; concept searches belong to search_code.
import type { MacroRow, SymbolRow } from '../index/index-reader.js';
import { kindsFor } from './kind-filter.js';
import { changedFiles, changedWarning } from './changed-files.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';
import type { PageNotice } from './search-code.js';

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
  if (!name) throw new QueryError('name is empty', 'give the symbol name, or its start with prefix=true');
  const limit = req.limit ?? LOOKUP_DEFAULT_LIMIT;
  const offset = req.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > LOOKUP_MAX_LIMIT) throw new QueryError(`limit must be 1 to ${LOOKUP_MAX_LIMIT}`, 'page with offset');
  if (!Number.isInteger(offset) || offset < 0) throw new QueryError('offset must be a non-negative integer', 'use next_offset from the page notice');
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
  const more = offset + rows.length < total;
  const notice: PageNotice = { total, offset, shown: rows.length, more, ...(more ? { next_offset: offset + rows.length } : {}), variant: build.variant, image: build.image };
  const files = rows.map((r) => r.file).filter((f) => !f.startsWith('<'));
  const warning = changedWarning(rows.length ? changedFiles(reader, ctx.root, new Set(files)) : []);
  return [...(warning ? [warning] : []), notice, ...rows];
}
