// get_source: the text of one symbol read from disk (definition preferred), picked by name and
// optionally file and line. Reads only files the index knows; warns when the file changed since indexing.
import fs from 'node:fs';
import path from 'node:path';
import type { MacroRow, SymbolRow } from '../index/index-reader.js';
import { changedFiles, changedWarning } from './changed-files.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';
import { absolutePath } from '../indexer/vendor-paths.js';

export interface SourceRequest extends BuildSelector {
  name: string;
  file?: string;
  line?: number;
  /** Cap on returned lines (default 400). */
  maxLines?: number;
}

type SymbolPlace = Pick<SymbolRow, 'qualified_name' | 'kind' | 'file' | 'line' | 'is_definition'>;

export interface SourceResult extends SymbolPlace, Pick<SymbolRow, 'name' | 'end_line' | 'signature'> {
  warning?: string;
  source: string;
  truncated: boolean;
  variant: string;
  image: string;
  other_matches: SymbolPlace[];
}

function fileMatches(stored: string, wanted: string): boolean {
  const w = wanted.replace(/\\/g, '/').replace(/^\.\//, '');
  return stored === w || stored.endsWith('/' + w) || path.resolve(stored) === path.resolve(wanted);
}

export function getSource(ctx: ProjectContext, req: SourceRequest): SourceResult {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const name = req.name.trim();
  if (!name) throw new QueryError('the symbol name is empty', (s) => `give the symbol name as ${s.tool('lookup_symbol')} or ${s.tool('search_code')} returned it`);
  const found = reader.lookupSymbols(name, false, { buildId: build.id }, { limit: 200, offset: 0 }).rows;
  let candidates: (SymbolRow | MacroRow)[] = found;
  if (candidates.length === 0) candidates = reader.lookupMacros(name, false, build.id, { limit: 50, offset: 0 }).rows;
  if (req.file) candidates = candidates.filter((c) => fileMatches(c.file, req.file!));
  if (candidates.length === 0) {
    throw new QueryError(
      `no symbol named "${name}"${req.file ? ` in ${req.file}` : ''} in build ${build.variant}/${build.image}`,
      (s) => `find the exact name with ${s.tool('search_code')} or ${s.tool('lookup_symbol')} (${s.arg('prefix', true)}), then ask again`,
    );
  }
  const endOf = (c: SymbolRow | MacroRow) => ('end_line' in c ? c.end_line : c.line);
  let chosen = candidates[0];
  if (req.line !== undefined) {
    const containing = candidates.filter((c) => c.line <= req.line! && endOf(c) >= req.line!);
    chosen = containing[0] ?? [...candidates].sort((a, b) => Math.abs(a.line - req.line!) - Math.abs(b.line - req.line!))[0];
  } else {
    chosen = candidates.find((c) => 'is_definition' in c && c.is_definition) ?? candidates[0];
  }
  const abs = absolutePath(ctx.root, chosen.file);
  let text: string;
  try {
    text = fs.readFileSync(abs, 'utf8');
  } catch (err) {
    throw new QueryError(`cannot read ${chosen.file}: ${(err as Error).message}`, 'the file was moved or deleted since indexing; run `fw-context index`');
  }
  const lines = text.split('\n');
  const maxLines = req.maxLines ?? 400;
  let end = endOf(chosen);
  if (chosen.kind === 'macro') {
    end = chosen.line;
    while (end <= lines.length && /\\\r?$/.test(lines[end - 1] ?? '')) end++;
  }
  const truncated = end - chosen.line + 1 > maxLines;
  const slice = lines.slice(chosen.line - 1, truncated ? chosen.line - 1 + maxLines : end);
  const warning = changedWarning(changedFiles(reader, ctx.root, [chosen.file]));
  const isSym = 'qualified_name' in chosen;
  return {
    ...(warning ?? {}),
    name: chosen.name,
    qualified_name: isSym ? (chosen as SymbolRow).qualified_name : chosen.name,
    kind: chosen.kind,
    file: chosen.file,
    line: chosen.line,
    end_line: end,
    is_definition: isSym ? (chosen as SymbolRow).is_definition : true,
    signature: isSym ? (chosen as SymbolRow).signature : `#define ${chosen.name}${(chosen as MacroRow).params ?? ''} ${(chosen as MacroRow)._macro_value}`.trim(),
    source: slice.join('\n').replace(/\r/g, ''),
    truncated,
    variant: build.variant,
    image: build.image,
    other_matches: candidates
      .filter((c) => c !== chosen)
      .slice(0, 20)
      .map((c) => ({ qualified_name: 'qualified_name' in c ? c.qualified_name : c.name, kind: c.kind, file: c.file, line: c.line, is_definition: 'is_definition' in c ? c.is_definition : true })),
  };
}
