// Every symbol of one build in a stable order (file, line, column, kind, name): the dump CI jobs diff.
// Filters by kind and file; pages when asked, otherwise returns all.
import type { SymbolRow } from '../index/index-reader.js';
import { FILTER_KINDS } from '../model/symbol.js';
import { requireReader, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import { resolveBuild, type BuildSelector } from './resolve-build.js';

export interface ListSymbolsRequest extends BuildSelector {
  kind?: string;
  file?: string;
  limit?: number;
  offset?: number;
}

export function listSymbols(ctx: ProjectContext, req: ListSymbolsRequest): { variant: string; image: string; total: number; symbols: SymbolRow[] } {
  const reader = requireReader(ctx);
  const build = resolveBuild(reader, ctx.config, req);
  const kind = req.kind?.toLowerCase();
  if (kind && !(FILTER_KINDS as readonly string[]).includes(kind)) throw new QueryError(`unknown kind "${req.kind}"`, `use one of: ${FILTER_KINDS.join(', ')}`);
  const kinds = kind === 'variable' ? ['varglobal', 'varlocal'] : kind ? [kind] : undefined;
  const p = reader.listSymbols({ buildId: build.id, kinds, file: req.file }, { limit: req.limit ?? -1, offset: req.offset ?? 0 });
  return { variant: build.variant, image: build.image, total: p.total, symbols: p.rows };
}
