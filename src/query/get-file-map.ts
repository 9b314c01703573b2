// get_file_map: what one file defines in one build, grouped by kind with lines — enum constants nested
// under their enum, the #defines the build reads there as kind macro — each group paged on its own.
// Local variables are left out unless asked for by kind; the counts cover exactly what the groups list
// (every page of them) and say how many locals were left out.
import type { SymbolRow } from '../index/index-reader.js';
import { SYMBOL_KINDS } from '../model/symbol.js';
import { changedWarning, changedFiles } from './changed-files.js';
import { resolveReadableFile } from './file-access.js';
import { kindsFor } from './kind-filter.js';
import { pageBounds, pageCounters } from './paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';

export interface FileMapRequest extends BuildSelector {
  filePath: string;
  kind?: string;
  signatures?: boolean;
  limit?: number;
  offset?: number;
}

export interface FileMapItem {
  name: string;
  qualified_name: string;
  line: number;
  end_line: number;
  is_definition: boolean;
  signature?: string;
  /** Enum constants (listed flat): their value, as search_code names it. */
  enum_value?: number | string | null;
  /** Macros: their replacement text and, when constant, the integer it evaluates to (search_code's names). */
  _macro_value?: string;
  _macro_expanded_value?: string | null;
  constants?: { name: string; line: number; enum_value: number | string | null }[];
}

export interface FileMapGroup {
  kind: string;
  total: number;
  offset: number;
  shown: number;
  more: boolean;
  next_offset?: number;
  items: FileMapItem[];
}

export interface FileMapResult {
  warning?: string;
  file: string;
  variant: string;
  image: string;
  is_vendor: boolean;
  /** Symbols and macros the groups list over all their pages, nested enum constants included. */
  total_symbols: number;
  /** total_symbols by kind. */
  counts: Record<string, number>;
  /** Local variables of the file not listed (0 when kind asks for them). */
  locals_left_out: number;
  groups: FileMapGroup[];
}

function item(s: SymbolRow, signatures: boolean, constants?: SymbolRow[]): FileMapItem {
  const it: FileMapItem = { name: s.name, qualified_name: s.qualified_name, line: s.line, end_line: s.end_line, is_definition: s.is_definition };
  if (signatures) it.signature = s.signature;
  if (s.kind === 'enum_constant') it.enum_value = s.enum_value ?? null;
  if (constants) it.constants = constants.map((c) => ({ name: c.name, line: c.line, enum_value: c.enum_value ?? null }));
  return it;
}

export function getFileMap(ctx: ProjectContext, req: FileMapRequest): FileMapResult {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const file = resolveReadableFile(ctx, reader, build, req.filePath);
  if (!file.inBuild) {
    throw new QueryError(`build ${build.variant}/${build.image} does not compile or include ${file.stored}: it has no symbols there`, (s) => `read it with ${s.tool('read_file')}, or ask the build that compiles it (${s.tool('list_variants')})`);
  }
  const wanted = kindsFor(req.kind);
  const { limit, offset } = pageBounds(req, 100, 500);
  if (offset > 0 && !wanted) throw new QueryError((s) => `${s.arg('offset')} pages one kind: give ${s.arg('kind')} together with ${s.arg('offset')}`, (s) => `call again with ${s.arg('kind')} set to the group to page, e.g. ${s.arg('kind', 'function')} ${s.arg('offset', 100)}`);
  const signatures = req.signatures ?? false;
  const symbols = reader.reading().symbolsInFile(build.id, file.stored);
  const nested = !wanted?.includes('enum_constant');
  const enumIds = new Set(symbols.filter((s) => s.kind === 'enum').map((s) => s.id));
  const constantsOf = new Map<string, SymbolRow[]>();
  for (const s of symbols) if (s.kind === 'enum_constant' && s.parent_id && enumIds.has(s.parent_id)) (constantsOf.get(s.parent_id) ?? constantsOf.set(s.parent_id, []).get(s.parent_id)!).push(s);
  const byKind = new Map<string, FileMapItem[]>();
  const counts: Record<string, number> = {};
  let localsLeftOut = 0;
  for (const s of symbols) {
    const nestedConstant = nested && s.kind === 'enum_constant' && !!s.parent_id && enumIds.has(s.parent_id);
    const listed = wanted ? wanted.includes(s.kind) || (nestedConstant && wanted.includes('enum')) : s.kind !== 'varlocal';
    if (!listed) {
      if (s.kind === 'varlocal') localsLeftOut++;
      continue;
    }
    counts[s.kind] = (counts[s.kind] ?? 0) + 1;
    if (nestedConstant) continue;
    const list = byKind.get(s.kind) ?? byKind.set(s.kind, []).get(s.kind)!;
    list.push(item(s, signatures, s.kind === 'enum' && nested ? constantsOf.get(s.id) ?? [] : undefined));
  }
  const macros = reader.macrosInFile(build.id, file.stored);
  if (macros.length && (!wanted || wanted.includes('macro'))) {
    counts.macro = macros.length;
    byKind.set('macro', macros.map((m) => ({ name: m.name, qualified_name: m.name, line: m.line, end_line: m.line, is_definition: true, ...(signatures ? { signature: `#define ${m.name}${m.params ?? ''} ${m._macro_value}`.trim() } : {}), _macro_value: m._macro_value, _macro_expanded_value: m._macro_expanded_value })));
  }
  const groups: FileMapGroup[] = [];
  for (const kind of SYMBOL_KINDS) {
    const all = byKind.get(kind);
    if (!all) continue;
    const items = all.slice(offset, offset + limit);
    groups.push({ kind, ...pageCounters(all.length, offset, items.length), items });
  }
  const warning = changedWarning(changedFiles(reader, ctx.root, [file.stored]));
  return { ...(warning ?? {}), file: file.stored, variant: build.variant, image: build.image, is_vendor: reader.files(build.id).find((f) => f.path === file.stored)?.isVendor ?? false, total_symbols: Object.values(counts).reduce((a, b) => a + b, 0), counts, locals_left_out: localsLeftOut, groups };
}
