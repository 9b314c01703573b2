// `fw-context find QUERY`: the find answer as grep-like lines (path:line:column: text), or as JSON.
import { find } from '../query/find.js';
import type { FindMatch as FindMode, FindTarget } from '../query/find-request.js';
import { openProject } from '../query/project-context.js';
import type { CommandOutput, CommonOptions } from './commands.js';

export interface FindOptions extends CommonOptions {
  query: string;
  target?: string;
  match?: string;
  globs?: string[];
  limit?: number;
  skip?: number;
  pageIdentity?: string;
  buildOnly?: boolean;
  ignoreCase?: boolean;
}

export async function runFind(opts: FindOptions): Promise<CommandOutput> {
  const ctx = openProject(opts.cwd);
  try {
    const r = await find(ctx, {
      query: opts.query,
      target: opts.target as FindTarget | undefined,
      match: opts.match as FindMode | undefined,
      scope: opts.globs?.length ? { globs: opts.globs } : undefined,
      limit: opts.limit,
      skip: opts.skip,
      page_identity: opts.pageIdentity,
      build_only: opts.buildOnly,
      ignore_case: opts.ignoreCase,
      variant: opts.variant,
      image: opts.image,
    });
    if (opts.json) return { text: JSON.stringify(r, null, 2), exitCode: 0 };
    const lines = r.matches.map((m) => {
      const place = m.kind === 'file' ? m.path : `${m.path}:${m.line}:${m.column ?? 1}:`;
      const tag = m.kind === 'symbol' ? ` [${m.symbol?.kind}]` : m.active === false ? ' [not compiled]' : '';
      return m.kind === 'file' ? place : `${place}${tag} ${m.text}`;
    });
    const from = (opts.skip ?? 0) + 1;
    lines.push(
      `${r.matches.length ? `${from}-${from + r.matches.length - 1}` : 0} of ${r.total} match(es)` +
        (r.build ? ` (build ${r.build.variant}/${r.build.image})` : '') +
        `; ${r.route.target}/${r.route.match}` +
        (r.complete ? '' : `; INCOMPLETE: ${r.reason}`) +
        (r.unindexed_files ? `; ${r.unindexed_files} file(s) read whole (not in the trigram index)` : '') +
        (r.next ? ` — next page: --skip ${r.next.skip} --page-identity ${r.next.page_identity}` : ''),
    );
    if (r.note) lines.push(r.note);
    return { text: lines.join('\n'), exitCode: 0 };
  } finally {
    ctx.close();
  }
}
