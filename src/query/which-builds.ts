// which_builds: for every indexed build, whether a symbol or macro is defined there, only declared, or
// absent — and when absent, why: the #if that keeps its definition out (with the macro values that decided
// it), or that the build does not compile the file. Spans every build by design; paged over builds.
import type { BuildMacroRow, BuildRow, BuildSymbolRow } from '../index/index-reader.js';
import { changedFiles, changedWarning } from './changed-files.js';
import { CompilerBuiltins, withBuiltinRows } from './compiler-builtins.js';
import { absentFileStatus, buildLabel, LineVerdicts, type AbsentFileStatus } from './cross-build.js';
import type { DecidingDirective } from './deciding-directive.js';
import { CROSS_BUILD_DEFAULT_LIMIT, CROSS_BUILD_MAX_LIMIT } from './is-compiled.js';
import { kindsFor } from './kind-filter.js';
import { pageBounds, pageCounters } from './paged-answer.js';
import { requireReader, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import { scanForDefinitions } from './unindexed-definitions.js';

export interface WhichBuildsRequest {
  name: string;
  kind?: string;
  limit?: number;
  offset?: number;
}

/** Where a symbol (or a macro's #define) is written. */
export interface SymbolPlace {
  file: string;
  line: number;
  kind: string;
  is_definition: boolean;
  signature?: string;
}

/** A #define a build reached: the same value fields as search_code's macro results. */
export interface MacroInBuild {
  _macro_value: string;
  _macro_expanded_value: string | null;
  params: string | null;
  file: string;
  line: number;
}

export type WhyAbsentStatus = 'inactive_branch' | AbsentFileStatus | 'not_reached' | 'line_compiled' | 'file_unreadable' | 'beyond_end';

/** Why one known place of the definition is not part of a build. */
export interface WhyAbsent {
  file: string;
  line: number;
  status: WhyAbsentStatus;
  deciding?: DecidingDirective;
  note?: string;
}

export interface BuildPresence {
  variant: string;
  image: string;
  board: string | null;
  status: 'defined' | 'declared' | 'absent';
  /** Definitions (status defined) or declarations (declared) in this build, at most 5. */
  locations?: SymbolPlace[];
  /** The macro's definitions in this build, with their values. */
  macro?: MacroInBuild[];
  /** For builds without a definition: why each known place of it is not compiled here. */
  why_not_defined?: WhyAbsent[];
}

export interface WhichBuildsResult {
  name: string;
  kind: string | null;
  defined_in: string[];
  declared_only_in: string[];
  absent_from: string[];
  /** Known places of the definition (from the builds that have it, or found in the sources when none does). */
  definition_places: (SymbolPlace & { defined_in_builds: number })[];
  note?: string;
  /** A file of the definition places changed on disk since indexing: lines may have moved. */
  warning?: string;
  total: number;
  offset: number;
  shown: number;
  more: boolean;
  next_offset?: number;
  builds: BuildPresence[];
}

const MAX_PLACES = 3;
const MAX_LOCATIONS = 5;

export function whichBuilds(ctx: ProjectContext, req: WhichBuildsRequest): WhichBuildsResult {
  const reader = requireReader(ctx);
  const name = req.name.trim();
  if (!name) throw new QueryError('the name is empty', 'give the exact name of a function, variable, type or macro');
  const { limit, offset } = pageBounds(req, CROSS_BUILD_DEFAULT_LIMIT, CROSS_BUILD_MAX_LIMIT);
  const kinds = kindsFor(req.kind);
  const wantsMacros = !kinds || kinds.includes('macro');
  const symbolKinds = kinds?.filter((k) => k !== 'macro');
  const symbols = kinds && symbolKinds!.length === 0 ? [] : reader.lookupSymbolsInBuilds(name, symbolKinds ?? undefined).filter((s) => s.kind !== 'varlocal' || kinds?.includes('varlocal'));
  const builds = reader.builds();
  const builtins = new CompilerBuiltins(ctx.root);
  const stored = wantsMacros ? reader.lookupMacrosInBuilds(name) : [];
  const macros = wantsMacros ? withBuiltinRows(stored, builds, name, builtins, symbols.length > 0 || stored.length > 0) : [];

  let places = definitionPlaces(symbols, macros);
  let note: string | undefined;
  if (!symbols.some((s) => s.is_definition) && macros.length === 0) {
    // No build compiles a definition: look for one in the sources, so each build can say what keeps it out.
    const found = scanForDefinitions(reader, ctx.root, name, symbolKinds, wantsMacros);
    const defs = found.places.filter((p) => p.is_definition || symbols.length === 0);
    if (defs.length) places = defs.map((p) => ({ ...p, defined_in_builds: 0 }));
    const where = defs.length ? `; it is written in the sources at the places listed, and each build says why it leaves them out` : '';
    const stopped = found.complete ? '' : ' (the scan of indexed files stopped at its size limit)';
    if (symbols.length) note = `no indexed build compiles a definition of ${name}, only declarations${where || `, and no indexed file defines it${stopped}`}`;
    else note = defs.length ? `no indexed build compiles ${name}${where}` : `no indexed build defines or declares ${name}, and no indexed file holds a definition of it${stopped}`;
  }
  const explainers = new Map<string, LineVerdicts>();
  const explainer = (file: string) => {
    let e = explainers.get(file);
    if (!e) explainers.set(file, (e = new LineVerdicts(reader, ctx.root, file, builtins)));
    return e;
  };
  const rows = builds.map((b) => presenceIn(b, symbols, macros, places, explainer));
  const page = rows.slice(offset, offset + limit);
  const warning = changedWarning(changedFiles(reader, ctx.root, places.map((p) => p.file)))?.warning;
  return {
    name,
    kind: req.kind ?? null,
    defined_in: rows.filter((r) => r.status === 'defined').map(buildLabel),
    declared_only_in: rows.filter((r) => r.status === 'declared').map(buildLabel),
    absent_from: rows.filter((r) => r.status === 'absent').map(buildLabel),
    definition_places: places,
    ...(note ? { note } : {}),
    ...(warning ? { warning } : {}),
    ...pageCounters(rows.length, offset, page.length),
    builds: page,
  };
}

/** Distinct places of definitions (else declarations) and #defines, most builds first, at most MAX_PLACES each. */
function definitionPlaces(symbols: BuildSymbolRow[], macros: BuildMacroRow[]): (SymbolPlace & { defined_in_builds: number })[] {
  const defs = symbols.filter((s) => s.is_definition);
  const pool = defs.length ? defs : symbols;
  const count = new Map<string, SymbolPlace & { defined_in_builds: number }>();
  for (const s of pool) {
    const key = `${s.file}:${s.line}:${s.kind}`;
    const p = count.get(key) ?? { file: s.file, line: s.line, kind: s.kind, is_definition: s.is_definition, signature: s.signature, defined_in_builds: 0 };
    p.defined_in_builds++;
    count.set(key, p);
  }
  const macroCount = new Map<string, SymbolPlace & { defined_in_builds: number }>();
  for (const m of macros) {
    if (m.file.startsWith('<')) continue;
    const key = `${m.file}:${m.line}`;
    const p = macroCount.get(key) ?? { file: m.file, line: m.line, kind: 'macro', is_definition: true, defined_in_builds: 0 };
    p.defined_in_builds++;
    macroCount.set(key, p);
  }
  const top = (m: Map<string, SymbolPlace & { defined_in_builds: number }>) => [...m.values()].sort((a, b) => b.defined_in_builds - a.defined_in_builds || a.file.localeCompare(b.file) || a.line - b.line).slice(0, MAX_PLACES);
  return [...top(count), ...top(macroCount)];
}

function presenceIn(
  b: BuildRow,
  symbols: BuildSymbolRow[],
  macros: BuildMacroRow[],
  places: SymbolPlace[],
  explainer: (file: string) => LineVerdicts,
): BuildPresence {
  const head = { variant: b.variant, image: b.image, board: b.board };
  const mine = symbols.filter((s) => s.build_id === b.id);
  const myMacros = macros.filter((m) => m.build_id === b.id);
  const defs = mine.filter((s) => s.is_definition);
  const macro = myMacros.length ? { macro: myMacros.map((m) => ({ _macro_value: m._macro_value, _macro_expanded_value: m._macro_expanded_value, params: m.params, file: m.file, line: m.line })) } : {};
  if (defs.length || myMacros.length) {
    return { ...head, status: 'defined', ...(defs.length ? { locations: defs.slice(0, MAX_LOCATIONS).map(place) } : {}), ...macro };
  }
  // A build that declares the name is told why the definitions are missing, not why other declarations are.
  const explained = mine.length ? places.filter((p) => p.is_definition) : places;
  const why = explained.map((p) => whyAbsent(b, p, explainer(p.file)));
  const whyField = why.length ? { why_not_defined: why } : {};
  if (mine.length) return { ...head, status: 'declared', locations: mine.slice(0, MAX_LOCATIONS).map(place), ...whyField };
  return { ...head, status: 'absent', ...whyField };
}

function place(s: BuildSymbolRow): SymbolPlace {
  return { file: s.file, line: s.line, kind: s.kind, is_definition: s.is_definition, signature: s.signature };
}

function whyAbsent(b: BuildRow, p: SymbolPlace, verdicts: LineVerdicts): WhyAbsent {
  const at = { file: p.file, line: p.line };
  if (!verdicts.reads(b.id)) return { ...at, ...absentFileStatus(p.file) };
  const v = verdicts.verdict(b, p.line);
  if (!v) return { ...at, status: 'file_unreadable', note: 'the file cannot be read on disk now; run fw-context index' };
  if (v.compiled) {
    return { ...at, status: 'line_compiled', note: 'this build compiles that line, but the symbol there has another name or kind in this build (a macro renames it), or the file changed since indexing' };
  }
  return { ...at, status: v.reason ?? 'not_reached', ...(v.deciding ? { deciding: v.deciding } : {}), ...(v.note ? { note: v.note } : {}) };
}

