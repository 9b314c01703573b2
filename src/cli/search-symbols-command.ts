// `fw-context symbols --glob PATTERN`: the search_symbols answer on the terminal (or as JSON).
import { withProject } from '../query/project-context.js';
import { searchSymbols } from '../query/search-symbols.js';
import type { CommandOutput, CommonOptions } from './commands.js';

export interface SearchSymbolsOptions extends CommonOptions {
  glob: string;
  kind?: string;
  limit?: number;
  offset?: number;
}

export function runSearchSymbols(opts: SearchSymbolsOptions): CommandOutput {
  const r = withProject(opts.cwd, (ctx) => searchSymbols(ctx, { query: opts.glob, kind: opts.kind, offset: opts.offset, maxResults: opts.limit, variant: opts.variant, image: opts.image }));
  if (opts.json) return { text: JSON.stringify(r, null, 2), exitCode: 0 };
  const lines = r.results.map((s) => `${s.kind.padEnd(13)} ${s.qualifiedName}  ${s.file}:${s.line}\n${' '.repeat(14)}${s.signature}`);
  const p = r.pagination;
  lines.push(
    `${p.returned} of ${r.meta.totalCount} declaration(s) from build ${r.meta.variant}/${r.meta.image}` +
      (p.offset ? ` (from offset ${p.offset})` : '') +
      (p.hasMore ? ` — next page: --offset ${p.nextOffset}` : '') +
      (r.meta.derivedTypes ? `; derived types searched: ${r.meta.derivedTypes.join(', ')}` : ''),
  );
  return { text: lines.join('\n'), exitCode: 0 };
}
