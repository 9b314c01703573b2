// Every symbol of one build in a stable order (file, line, column, kind, name): the dump CI jobs diff.
// Filters by kind and file; pages when asked, otherwise returns all.
import type { SymbolRow } from '../index/index-reader.js';
import { kindsFor } from './kind-filter.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import type { BuildSelector } from './resolve-build.js';

export interface ListSymbolsRequest extends BuildSelector {
  kind?: string;
  file?: string;
  limit?: number;
  offset?: number;
}

export function listSymbols(ctx: ProjectContext, req: ListSymbolsRequest): { variant: string; image: string; total: number; symbols: SymbolRow[] } {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const kinds = kindsFor(req.kind);
  const p = reader.listSymbols({ buildId: build.id, kinds, file: req.file }, { limit: req.limit ?? -1, offset: req.offset ?? 0 });
  return { variant: build.variant, image: build.image, total: p.total, symbols: p.rows };
}
