// find: files, content and declarations of a project in one tool. Strict modes (literal, word, regex)
// are exhaustive and exact; fuzzy is ranked. With a build, content matches say whether the build compiles
// the line (active) and build_only keeps only those. Pages continue with `next`, whose page_identity
// changes when a file the search covers changes.
import type { BuildRow, IndexReader, SymbolRow } from '../index/index-reader.js';
import { pathScope } from '../content/path-scope.js';
import { matchStringsWithRegex } from '../content/regex-scan.js';
import { readProjectText } from '../content/text-file.js';
import { dirtyDigest, treeStateFor, type TreeSnapshot } from '../content/tree-state.js';
import { BuildLines } from './find-build-lines.js';
import { REGEX_BUDGET_MS, searchContent, type ContentFileHits } from './find-content.js';
import { fuzzyContent, fuzzyFiles, fuzzySymbols } from './find-fuzzy.js';
import { routeFind, type FindRequest, type FindRoute } from './find-request.js';
import { resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import { STATE_DIR } from '../project/config.js';
import { FindCache } from './find-cache.js';
import { memberGlobs, splitMemberPattern, toGlob } from './symbol-glob.js';
import { sha1 } from '../model/sha1.js';

export interface FindMatch {
  path: string;
  line: number;
  text: string;
  column?: number;
  /** file: the path matched; symbol: a declaration of the build; absent: a line of content. */
  kind?: 'file' | 'symbol';
  /** Content lines of files the build reads: does the build compile this line. Declarations: always true. */
  active?: boolean;
  symbol?: { name: string; qualifiedName: string; kind: string };
}

export interface FindResult {
  root: string;
  complete: boolean;
  matches: FindMatch[];
  next?: FindRequest;
  reason?: string;
  /** Strict modes: every match; ranked modes: the ranked candidates kept. */
  total: number;
  route: { target: string; match: string; notes?: string[] };
  build?: { variant: string; image: string };
  page_identity: string;
  note?: string;
  /**
   * Strict content searches: files read whole because the trigram index holds no current text of them
   * (changed since indexing, over 8 MB, or deferred: no build reads them); absent when none.
   */
  unindexed_files?: number;
}

export interface FindOptions {
  /** Keep a watched tree state between calls (a long-lived server); else walk the tree for this call. */
  keepTreeState?: boolean;
  /** Time a regex may run before the search stops with complete: false (default REGEX_BUDGET_MS). */
  regexBudgetMs?: number;
  /** Counts the searches run (not answered from the page cache), for tests that count work. */
  stats?: { searches: number };
}

interface Lanes {
  rows: FindMatch[];
  complete: boolean;
  reason?: string;
  readDigest: string;
  searched?: number;
  /** Of the files searched, those the trigram index could not narrow (see FindResult.unindexed_files). */
  unindexed?: number;
  /** Files a strict content search read (what a cached answer is checked against). */
  read?: string[];
}

/** What one search computed: every match of the query (after the build filter) and how it was routed. */
interface Searched {
  rows: FindMatch[];
  lanes: Lanes;
  route: FindRoute;
  identity: string;
}

/** Strict content searches of a long-lived server, kept for their next pages (see find-cache.ts). */
const searches = new FindCache<Searched>();

function requireContentIndex(ctx: ProjectContext): IndexReader {
  if (!ctx.initialized) throw new QueryError(`${ctx.root} is not an fw-context project (no ${STATE_DIR}/ folder here or above)`, 'run `fw-context init` in the project root, then `fw-context index`');
  if (!ctx.reader || ctx.reader.content().generation() === null) throw new QueryError(`no content index for ${ctx.root} yet`, 'run `fw-context index` in the project root');
  return ctx.reader;
}

/** The build a find answers for: the one named, or the default; none when the project has several and none is named. */
function findBuild(ctx: ProjectContext, req: FindRequest, required: boolean): BuildRow | null {
  if (req.variant || req.image || required) return resolveProjectBuild(ctx, req);
  try {
    return resolveProjectBuild(ctx, req);
  } catch {
    return null;
  }
}

function symbolMatch(r: SymbolRow): FindMatch {
  return { path: r.file, line: r.line, column: r.column, text: r.signature, kind: 'symbol', active: true, symbol: { name: r.name, qualifiedName: r.qualified_name, kind: r.kind } };
}

function contentRows(files: ContentFileHits[]): FindMatch[] {
  return files.flatMap((f) => f.hits.map((h) => ({ path: f.path, line: h.line, column: h.column, text: h.text })));
}

/** Declarations named `name` (Type::member: members of a type of that name, whatever scope encloses it). */
function exactSymbols(reader: IndexReader, build: BuildRow, name: string, inScope: (p: string) => boolean): FindMatch[] {
  const filter = { buildId: build.id, excludeKinds: ['varlocal'] };
  const member = splitMemberPattern(name);
  const rows = member
    ? reader.globSymbols(toGlob(member.member), memberGlobs([member.type], member.member), filter, { limit: 1000, offset: 0 }).rows
    : reader.lookupSymbols(name, false, filter, { limit: 1000, offset: 0 }).rows;
  const macros = reader.lookupMacros(name, false, build.id, { limit: 1000, offset: 0 }).rows;
  return [
    ...rows.map(symbolMatch),
    ...macros.map((m) => ({ path: m.file, line: m.line, column: 1, text: `#define ${m.name}${m.params ?? ''} ${m._macro_value}`.trim(), kind: 'symbol' as const, active: true, symbol: { name: m.name, qualifiedName: m.name, kind: 'macro' } })),
  ].filter((r) => inScope(r.path));
}

async function fileLane(snapshot: TreeSnapshot, inScope: (p: string) => boolean, route: FindRoute, budgetMs: number): Promise<Lanes> {
  const paths = [...snapshot.files.keys()].filter(inScope).sort();
  const asRow = (p: string): FindMatch => ({ path: p, line: 1, text: p, kind: 'file' });
  if (route.match === 'fuzzy') return { rows: fuzzyFiles(snapshot, inScope, route.text).map((r) => asRow(r.item)), complete: true, readDigest: '' };
  if (route.match === 'regex') {
    const r = await matchStringsWithRegex(paths, route.text, route.regexFlags, budgetMs);
    return { rows: r.indices.map((i) => asRow(paths[i])), complete: r.complete, reason: r.reason, readDigest: '' };
  }
  const needle = route.ignoreCase ? route.text.toLowerCase() : route.text;
  const word = new RegExp(`(^|[^A-Za-z0-9_])${route.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9_])`, route.ignoreCase ? 'i' : '');
  const hit = (p: string) => (route.match === 'word' ? word.test(p) : (route.ignoreCase ? p.toLowerCase() : p).includes(needle));
  return { rows: paths.filter(hit).map(asRow), complete: true, readDigest: '' };
}

async function runLanes(ctx: ProjectContext, reader: IndexReader, snapshot: TreeSnapshot, build: BuildRow | null, inScope: (p: string) => boolean, route: FindRoute, budgetMs: number): Promise<Lanes> {
  const content = reader.content();
  if (route.target === 'files') return fileLane(snapshot, inScope, route, budgetMs);
  if (route.target === 'symbols') {
    if (!build) throw new QueryError('declarations need a build', (s) => `name it with ${s.arg('variant')} (and ${s.arg('image')})`);
    if (route.match === 'fuzzy') return { rows: fuzzySymbols(reader, build.id, route.text, inScope).map((r) => symbolMatch(r.item)), complete: true, readDigest: '' };
    return { rows: exactSymbols(reader, build, route.text, inScope), complete: true, readDigest: '' };
  }
  if (route.target === 'content') {
    if (route.match === 'fuzzy') {
      const f = fuzzyContent(ctx.root, snapshot, inScope, route.text);
      return { rows: f.ranked.map((r) => ({ ...r.item })), complete: f.complete, reason: f.reason, readDigest: '' };
    }
    const c = await searchContent(ctx.root, snapshot, content, inScope, route, budgetMs);
    return { rows: contentRows(c.files), complete: c.complete, reason: c.reason, readDigest: c.readDigest, searched: c.searched, unindexed: c.unindexed, read: c.read };
  }
  // Identifier: declarations named so, then the lines using the word; ranked names and files when neither exists.
  const declared = build ? exactSymbols(reader, build, route.text.replace(/\./g, '::'), inScope) : [];
  const word = route.text.split(/::|\./).pop()!;
  const c = await searchContent(ctx.root, snapshot, content, inScope, { ...route, target: 'content', match: 'word', text: word }, budgetMs);
  const seen = new Set(declared.map((d) => `${d.path}:${d.line}`));
  const rows = [...declared, ...contentRows(c.files).filter((r) => !seen.has(`${r.path}:${r.line}`))];
  if (rows.length) return { rows, complete: c.complete, reason: c.reason, readDigest: c.readDigest, searched: c.searched, unindexed: c.unindexed, read: c.read };
  route.match = 'fuzzy';
  route.notes.push('no declaration or word matches the query exactly: ranked fuzzy matches of declaration names and file paths');
  const names = build ? fuzzySymbols(reader, build.id, route.text, inScope).map((r) => ({ score: r.score, row: symbolMatch(r.item) })) : [];
  const files = fuzzyFiles(snapshot, inScope, route.text).map((r) => ({ score: r.score, row: { path: r.item, line: 1, text: r.item, kind: 'file' as const } }));
  return { rows: [...names, ...files].sort((a, b) => b.score - a.score).map((x) => x.row), complete: true, readDigest: '' };
}

/** Marks each content line of a file the build reads with active; build_only drops the rest. */
function applyBuild(ctx: ProjectContext, reader: IndexReader, build: BuildRow, rows: FindMatch[], buildOnly: boolean): FindMatch[] {
  const lines = new BuildLines(reader, build.id);
  const out: FindMatch[] = [];
  for (const r of rows) {
    if (r.kind === 'symbol') {
      out.push(r);
      continue;
    }
    const answer = lines.forFile(r.path, () => {
      const t = readProjectText(ctx.root, r.path, true);
      return 'text' in t ? t.text : null;
    });
    if (r.kind === 'file') {
      if (!buildOnly || answer) out.push(r);
      continue;
    }
    const active = answer ? answer(r.line) : undefined;
    if (buildOnly && (!answer || active === false)) continue;
    out.push(active === undefined ? r : { ...r, active });
  }
  return out;
}

function pageIdentity(parts: unknown[]): string {
  return sha1(JSON.stringify(parts)).slice(0, 20);
}

/** Runs the search: every match, marked (or filtered) for the build, and the identity of the page sequence. */
async function search(ctx: ProjectContext, reader: IndexReader, snapshot: TreeSnapshot, build: BuildRow | null, inScope: (p: string) => boolean, route: FindRoute, req: FindRequest, options: FindOptions): Promise<Searched> {
  if (options.stats) options.stats.searches++;
  const lanes = await runLanes(ctx, reader, snapshot, build, inScope, route, options.regexBudgetMs ?? REGEX_BUDGET_MS);
  const rows = build ? applyBuild(ctx, reader, build, lanes.rows, !!req.build_only) : lanes.rows;
  const identity = pageIdentity([route.target, route.match, route.text, req.scope?.globs ?? [], build?.id ?? null, !!req.build_only, snapshot.generation, dirtyDigest(snapshot, inScope), lanes.readDigest, lanes.readDigest ? null : rows.map((r) => `${r.path}:${r.line}`)]);
  return { rows, lanes, route: { ...route, notes: [...route.notes] }, identity };
}

/** About what a match list holds in memory. */
function estimateBytes(rows: FindMatch[]): number {
  let n = 0;
  for (const r of rows) n += 2 * (r.path.length + r.text.length) + 96;
  return n;
}

export async function find(ctx: ProjectContext, req: FindRequest, options: FindOptions = {}): Promise<FindResult> {
  const { route, limit, skip } = routeFind(req);
  const reader = requireContentIndex(ctx);
  const build = findBuild(ctx, req, !!req.build_only || route.target === 'symbols');
  let inScope: (p: string) => boolean;
  try {
    inScope = pathScope(req.scope?.globs);
  } catch (err) {
    throw new QueryError((err as Error).message, 'remove the empty glob; "!pattern" excludes, "**" crosses folders');
  }
  const snapshot = treeStateFor(ctx.root, !!options.keepTreeState).look(reader.content(), ctx.config.excludePaths);
  // A server answers the next pages of a strict content search from the match list of the first.
  const key = options.keepTreeState
    ? JSON.stringify([route.target, route.match, route.text, route.ignoreCase, route.regexFlags, req.scope?.globs ?? [], build?.id ?? null, !!req.build_only, snapshot.generation, reader.meta().indexedAt, ctx.config.excludePaths, dirtyDigest(snapshot, inScope)])
    : null;
  let searched = key ? searches.get(ctx.root, key) : undefined;
  if (!searched) {
    searched = await search(ctx, reader, snapshot, build, inScope, route, req, options);
    if (key && searched.lanes.read && searched.lanes.complete) searches.put(ctx.root, key, searched, searched.lanes.read, estimateBytes(searched.rows));
  }
  const { rows, lanes, identity } = searched;
  Object.assign(route, searched.route);
  if (req.page_identity && req.page_identity !== identity) {
    throw new QueryError('the page identity changed: a file this search covers changed since the earlier page, so pages would not fit together', (s) => `call ${s.tool('find')} again with the same query and no ${s.arg('skip')} or ${s.arg('page_identity')}`, { code: 'PAGE_IDENTITY_CHANGED' });
  }
  const page = rows.slice(skip, skip + limit);
  const result: FindResult = {
    root: ctx.root,
    complete: lanes.complete,
    matches: page,
    total: rows.length,
    route: { target: route.target, match: route.match, ...(route.notes.length ? { notes: route.notes } : {}) },
    page_identity: identity,
  };
  if (build) result.build = { variant: build.variant, image: build.image };
  if (lanes.unindexed) result.unindexed_files = lanes.unindexed;
  if (lanes.reason) result.reason = lanes.reason;
  else if (route.match === 'fuzzy') result.reason = 'ranked';
  if (lanes.complete && skip + limit < rows.length) {
    const { skip: _s, page_identity: _p, ...rest } = req;
    result.next = { ...rest, skip: skip + limit, page_identity: identity };
  }
  if (rows.length === 0 && lanes.complete) {
    result.note = `no match${lanes.searched !== undefined ? ` in ${lanes.searched} searched file(s)` : ''}. Searched: the project tree as ripgrep sees it by default — hidden files, binary files, paths ignored by .gitignore (inside a git work tree), .ignore or .rgignore, build folders (but for the files a build reads there), the config's [index] exclude_paths and object files are left out${req.scope?.globs?.length ? ', and so is every path outside scope.globs' : ''}${req.build_only ? '; build_only keeps only lines the build compiles' : ''}.`;
  }
  return result;
}
