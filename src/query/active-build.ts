// get_active_build: the state of a project's index and of the build queries answer from — status,
// reindex reasons (each naming the command that fixes it), counts, exact modified-file count, headers that appeared
// where units looked for them, variants.
import fs from 'node:fs';
import path from 'node:path';
import type { BuildSummary } from '../index/build-summaries.js';
import type { IndexMeta, IndexReader } from '../index/index-reader.js';
import { readLock } from '../indexer/lock-file.js';
import type { RefreshState } from '../indexer/refresh-runner.js';
import { linkSourceChanged } from '../indexer/link-source.js';
import { appearedNote, relinkedFiles } from '../indexer/record-inputs.js';
import { changedDescriptionFiles } from '../indexer/described-from.js';
import { absolutePath, storedPath } from '../indexer/vendor-paths.js';
import { sha1 } from '../model/sha1.js';
import { ROW_FORMAT_VERSION, SCHEMA_VERSION } from '../index/schema-versions.js';
import { configPath, indexPath } from '../project/config.js';
import { changedFiles, unitsReadingChanged } from './changed-files.js';
import { detectDeclaredNames } from '../project/declared-builds.js';
import type { ProjectContext } from './project-open.js';
import { QueryError } from './query-error.js';
import { choicesOf, resolveAmong, type BuildSelector } from './resolve-build.js';
import { uncoveredSources } from './uncovered-sources.js';
import { shownList } from './shown-list.js';
import { linkingInfo } from './linking-info.js';
import { appearedByBuild, appearedList, appearedReasons, type AppearedHeader } from './appeared-headers.js';

export type IndexStatus = 'ready' | 'reindexing' | 'reindex_needed' | 'no_index' | 'not_initialized';

export function projectId(root: string, hash: (text: string) => string = sha1): string {
  return hash(root).slice(0, 12);
}

/** How the answer hashes a text and a file's bytes: status's snapshot remembers both for inputs that did not change. */
export interface StatusHashes {
  text(text: string): string;
  /** Throws as fs.readFileSync does. */
  file(file: string): string;
}

const DIRECT_HASHES: StatusHashes = { text: sha1, file: (file) => sha1(fs.readFileSync(file)) };

/** What the stored versions mean for this process: a reason to reindex (older index) or a client restart (newer index). */
export function versionState(meta: IndexMeta): { reason: string | null; clientRestartReason: string | null } {
  const schema = meta.schemaVersion ?? 0;
  const rows = meta.rowFormatVersion ?? 0;
  if (schema > SCHEMA_VERSION || rows > ROW_FORMAT_VERSION) {
    return {
      reason: null,
      clientRestartReason:
        `The index was written by a newer fw-context (schema ${schema}, row format ${rows}) than this process reads (${SCHEMA_VERSION}/${ROW_FORMAT_VERSION}). ` +
        'The index is correct and this process is the old reader: restart the LLM client (Claude Code, opencode, or the one in use) so that it starts the installed fw-context again; on the command line, run the newer fw-context. Do not re-index: the indexer would write the same newer format.',
    };
  }
  if (schema !== SCHEMA_VERSION || rows !== ROW_FORMAT_VERSION) {
    return { reason: `index schema ${meta.schemaVersion}/row format ${meta.rowFormatVersion} differs from this fw-context's ${SCHEMA_VERSION}/${ROW_FORMAT_VERSION}: run \`fw-context index\``, clientRestartReason: null };
  }
  return { reason: null, clientRestartReason: null };
}

/** Changed compile databases, then sources newer than every compile database that no build compiles. */
function buildReasons(ctx: ProjectContext, builds: BuildSummary[], hashes: StatusHashes): string[] {
  const reasons: string[] = [];
  for (const b of builds) {
    if (!b.compileCommands) continue;
    const rel = path.relative(ctx.root, b.compileCommands) || b.compileCommands;
    if (!fs.existsSync(b.compileCommands)) {
      reasons.push(`${rel} of build ${b.variant}/${b.image} no longer exists: run \`fw-context index --build\` (or build the project), then \`fw-context index\``);
      continue;
    }
    if (hashes.file(b.compileCommands) === b.compileCommandsHash) continue;
    const text = fs.readFileSync(b.compileCommands);
    if (/^\s*\[\s*\]\s*$/.test(text.toString('latin1'))) {
      reasons.push(`${rel} of build ${b.variant}/${b.image} is empty ([]) now: it lists no compile unit, so the build answers from its previous index. Rebuild the firmware so that it writes its compile commands (CMake: -DCMAKE_EXPORT_COMPILE_COMMANDS=ON), then run \`fw-context index\``);
    } else reasons.push(`${rel} changed since indexing (build ${b.variant}/${b.image}): run \`fw-context index\``);
  }
  reasons.push(...relinkReasons(ctx.root, builds), ...describedFromReasons(ctx.root, builds));
  const dbTimes = builds.map((b) => b.compileCommandsMtimeMs).filter((t): t is number => typeof t === 'number');
  if (dbTimes.length) {
    const newest = Math.max(...dbTimes);
    const fresh = uncoveredSources(ctx.root, ctx.config, new Set(ctx.reader!.unitsOfBuilds()), newest, builds.map((b) => b.buildDir));
    if (fresh.length) {
      const shown = shownList(fresh, 5);
      reasons.push(
        `${fresh.length} source file(s) added since the last build are not in any compile database (${shown}): the compile database must be regenerated — run \`fw-context index --build\``,
      );
    }
  }
  return reasons;
}

/**
 * Builds relinked since indexing: a linker script, map file or Kconfig output their record was read from changed
 * by content or went, or a map file or linker script appeared where the build looks for one (the firmware
 * configured or linked after the index), or the link command changed where it was read (a reconfigure).
 */
function relinkReasons(root: string, builds: BuildSummary[]): string[] {
  const reasons: string[] = [];
  for (const b of builds) {
    const relinked = relinkedFiles(root, b.recordInputs);
    const of = `of build ${b.variant}/${b.image}`;
    for (const f of relinked.filter((x) => x.how === 'appeared')) {
      reasons.push(`${path.relative(root, f.file) || f.file} ${of} appeared since indexing (${appearedNote(f.file)}): run \`fw-context index\``);
    }
    const others = relinked.filter((f) => f.how !== 'appeared');
    if (others.length) {
      const files = shownList(others.map((f) => path.relative(root, f.file) || f.file), 3);
      reasons.push(
        `${files} ${of} changed since indexing (a relink or Kconfig change: memory regions, entry point, linker-script symbols and the Kconfig summary are read from it): run \`fw-context index\``,
      );
    }
    const source = b.recordInputs?.linkSource;
    if (source && linkSourceChanged(root, source)) {
      reasons.push(
        `the link command ${of} changed in ${source.path} since indexing (a reconfigure: its linker scripts, -L folders, --defsym or -D decide memory regions, entry point and linker-script symbols): run \`fw-context index\``,
      );
    }
  }
  return reasons;
}

/**
 * The files detection read to describe the builds (platformio.ini, a board manifest, a build folder's files) that
 * changed since indexing, by content: one reason naming them. Compile databases and the files of the builds' records
 * are left to the reasons above.
 */
function describedFromReasons(root: string, builds: BuildSummary[]): string[] {
  const covered = new Set<string>();
  for (const b of builds) {
    if (b.compileCommands) covered.add(absolutePath(root, b.compileCommands));
    for (const f of b.recordInputs?.files ?? []) covered.add(absolutePath(root, f.path));
    if (b.recordInputs?.linkSource) covered.add(absolutePath(root, b.recordInputs.linkSource.path));
  }
  const changed = changedDescriptionFiles(root, covered);
  if (!changed.length) return [];
  const shown = shownList(changed.map((c) => `${storedPath(root, c.file)}${c.how === 'changed' ? '' : ` (${c.how})`}`), 3);
  return [
    `${shown} changed since indexing: the builds are described from ${changed.length > 1 ? 'them' : 'it'} (their units, flags and defines may differ; \`fw-context check\` names the builds affected): run \`fw-context index\``,
  ];
}

export interface ActiveBuildRequest extends BuildSelector {
  /** false: hash every indexed file even when its size and mtime match the index (slower, catches edits that kept both). */
  fast?: boolean;
}

/** The index run under way (the lock), or null. */
type RunningRun = ReturnType<typeof readLock>;

function statusMessage(status: IndexStatus, run: RunningRun, summary: string, changed: string[], reasons: string[], clientRestart: string | null, background: RefreshState | null): string {
  const parts: string[] = [];
  if (clientRestart) parts.push(clientRestart);
  parts.push(status === 'ready' ? `Index ready: ${summary}` : status === 'reindexing' ? `Reindexing (${run?.progress ?? 'in progress'}); answers come from the last finished run: ${summary}` : `Reindex needed: ${summary}`);
  if (changed.length) {
    parts.push(
      run
        ? `${changed.length} indexed file(s) changed on disk since; the run under way refreshes them.`
        : `${changed.length} indexed file(s) changed on disk since; answers that name them carry a warning until they are re-indexed (\`fw-context index\`, or the server's background refresh).`,
    );
  }
  if (reasons.length) parts.push(reasons.join(' '));
  if (!run && background?.lastOutcome === 'failed') parts.push(`The last background refresh failed (${background.lastMessage}); run \`fw-context index\` to see every diagnostic.`);
  if (reasons.length && run) parts.push(`An index run (pid ${run.pid}, started ${run.startedAt}) is under way: a second one would only wait for the same lock. A reason that needs \`fw-context index --build\` can outlive it.`);
  return parts.join(' ');
}

/**
 * Build-scoped counts and header dependencies, over the one build (or every build when none resolves): the units that
 * read a changed file or looked for a header that appeared (`appeared`), each once.
 */
function changeCounts(ctx: ProjectContext, scope: BuildSummary[], appeared: Map<BuildSummary, AppearedHeader[]>, rehash: boolean): { changed: string[]; headerAffected: number } {
  const reader = ctx.reader!;
  const changed = changedFiles(reader, ctx.root, undefined, rehash);
  const changedSet = new Set(changed);
  let headerAffected = 0;
  for (const b of scope) {
    const units = new Set((appeared.get(b) ?? []).flatMap((h) => h.units));
    // Nothing changed, nothing affected: the unit → files map is read only when there is a change to look up.
    if (changedSet.size) for (const unit of unitsReadingChanged(ctx.root, reader.unitFiles(b.id), changedSet).keys()) units.add(unit);
    headerAffected += units.size;
  }
  return { changed, headerAffected };
}

function notIndexedAnswer(ctx: ProjectContext, run: RunningRun, hashes: StatusHashes): Record<string, unknown> {
  return {
    status: run ? 'reindexing' : 'no_index',
    project_root: ctx.root,
    project_id: projectId(ctx.root, hashes.text),
    bg_reindex_running: !!run,
    reindex_progress: run?.progress ?? null,
    index_message: run ? `The first index run is in progress (${run.progress ?? 'starting'}).` : 'No index yet: run `fw-context index`.',
  };
}

/** The index run under way: the writer lock's holder, or the server's own background refresh while it starts. */
function runningRun(root: string, background: RefreshState | null): RunningRun {
  const lock = readLock(root);
  // The server's own worker reports every progress line over IPC; the lock file holds only some of them.
  if (lock) return { ...lock, progress: (background?.running && background.pid === lock.pid ? background.progress : null) ?? lock.progress ?? undefined };
  if (background?.running) return { pid: background.pid ?? 0, startedAt: background.startedAt ?? '', progress: background.progress ?? undefined };
  return null;
}

function lastRefresh(background: RefreshState | null): Record<string, unknown> {
  if (!background || !background.lastOutcome) return {};
  return { last_refresh: { outcome: background.lastOutcome, message: background.lastMessage, finished_at: background.lastFinishedAt, runs: background.runs } };
}

/** How much of the tree find answers from trigrams, and how much it reads whole (deferred and large files). */
function contentIndexInfo(reader: IndexReader): Record<string, number> | null {
  try {
    const c = reader.content().coverage();
    return { text_files: c.textFiles, trigram_indexed: c.indexed, deferred: c.deferred, deferred_bytes: c.deferredBytes, large: c.large };
  } catch {
    return null;
  }
}

/** `background`: the server's own refresh of this project (fw-context serve), null elsewhere. */
export function getActiveBuild(ctx: ProjectContext, req: ActiveBuildRequest = {}, background: RefreshState | null = null, hashes = DIRECT_HASHES): Record<string, unknown> {
  const root = ctx.root;
  if (!ctx.initialized) {
    return { status: 'not_initialized', project_root: root, index_message: `Not an fw-context project: run \`fw-context init\` in ${root}, then \`fw-context index\`.` };
  }
  if (ctx.indexError) throw new QueryError(`${ctx.indexError} (${indexPath(root)})`, 'rebuild it with `fw-context index`; if that fails, delete .fw-context/index.db and index again');
  const run = runningRun(root, background);
  const reader = ctx.reader;
  const builds = reader?.buildSummaries() ?? [];
  if (!reader || builds.length === 0) return notIndexedAnswer(ctx, run, hashes);
  // First: a build system's default may need build detection, which a first pass without it stops at.
  const build = activeBuildOrNone(ctx, builds, req);
  const meta = reader.meta();
  const version = versionState(meta);
  const scope = build ? [build] : builds;
  const appeared = appearedByBuild(ctx.reader!, ctx.root, scope);
  const reasons = [...(version.reason ? [version.reason] : []), ...buildReasons(ctx, builds, hashes), ...appearedReasons(appeared)];
  const counts = reader.counts(build?.id);
  const { changed, headerAffected } = changeCounts(ctx, scope, appeared, req.fast === false);
  // The contract: reindex_needed wins over reindexing — the answers of this moment come from the last finished run.
  const status: IndexStatus = reasons.length ? 'reindex_needed' : run ? 'reindexing' : 'ready';
  const noBuild = ctx.config.defaultVariant
    ? `[build] default_variant "${ctx.config.defaultVariant}" in .fw-context/config.ini names no indexed build: fix it or name a variant`
    : 'no default build: name a variant';
  const where = build ? `build ${build.variant}/${build.image}` : `${builds.length} builds (${noBuild})`;
  const summary = `${counts.symbols} symbols in ${counts.files} files of ${where}, indexed ${meta.indexedAt} UTC.`;
  return {
    status,
    ...answerHead(ctx, builds, build, hashes),
    indexed_at: meta.indexedAt,
    first_indexed_at: meta.firstIndexedAt,
    symbol_count: counts.symbols,
    file_count: counts.files,
    reference_count: counts.references,
    modified_files_count: changed.length,
    modified_files: changed.slice(0, 20),
    content_index: contentIndexInfo(reader),
    header_affected_tus: headerAffected,
    appeared_headers: appearedList(appeared),
    schema_version: meta.schemaVersion,
    current_schema: SCHEMA_VERSION,
    row_format_version: meta.rowFormatVersion,
    current_row_format: ROW_FORMAT_VERSION,
    reindex_needed: reasons.length > 0,
    reindex_reasons: reasons,
    client_restart_required: version.clientRestartReason !== null,
    client_restart_reason: version.clientRestartReason,
    stale: reasons.length > 0 || headerAffected > 0,
    bg_reindex_running: !!run,
    reindex_progress: run?.progress ?? null,
    ...lastRefresh(background),
    ...buildChoices(ctx, builds, build),
    ...buildFacts(build),
    index_message: statusMessage(status, run, summary, changed, reasons, version.clientRestartReason, background),
  };
}

/** The build the request names, or the default one; null when none resolves and the request named none. */
function activeBuildOrNone(ctx: ProjectContext, builds: BuildSummary[], req: ActiveBuildRequest): BuildSummary | null {
  try {
    return resolveAmong(builds, ctx.config, req, () => detectDeclaredNames(ctx.root, ctx.config), ctx.root);
  } catch (err) {
    if (req.variant || req.image) throw err;
    if (!(err instanceof QueryError)) throw err;
    return null;
  }
}

/** The answer's head: the project, its configuration hash (with the build's name) and what the build is. */
function answerHead(ctx: ProjectContext, builds: BuildSummary[], build: BuildSummary | null, hashes: StatusHashes): Record<string, unknown> {
  const root = ctx.root;
  const cfgText = fs.existsSync(configPath(root)) ? fs.readFileSync(configPath(root), 'utf8') : '';
  return {
    project_root: root,
    project_id: projectId(root, hashes.text),
    config_hash: hashes.text(cfgText + (build ? `${build.variant}/${build.image}` : '')).slice(0, 12),
    build_system: build?.buildSystem ?? [...new Set(builds.map((b) => b.buildSystem))].join(','),
    compile_commands: build?.compileCommands ?? null,
    description: build?.description ?? '',
    provenance: build?.provenance ?? null,
    ...(build ? linkingInfo(root, build.unitCount, build.linkedUnitCount, build.linking) : {}),
  };
}

/** The project's vendor/project paths and the builds to choose from: variants, the active variant's images, the active pair. */
function buildChoices(ctx: ProjectContext, builds: BuildSummary[], build: BuildSummary | null): Record<string, unknown> {
  const { variants, variant_images } = choicesOf(builds);
  return {
    vendor_paths: ctx.config.vendorPaths,
    project_paths: ctx.config.projectPaths,
    multi: builds.length > 1,
    variants: variants.map((v) => {
      const b = builds.find((x) => x.variant === v)!;
      return { name: v, description: b.description, board: b.board, build_system: b.buildSystem };
    }),
    images: (build ? builds.filter((b) => b.variant === build!.variant) : builds).map((b) => ({ name: b.image, description: b.description, dir: b.buildDir, type: b.imageType })),
    variant_images,
    active_variant: build?.variant ?? ctx.config.defaultVariant ?? null,
    active_image: build?.image ?? ctx.config.defaultImage ?? null,
  };
}

/** What the build's record says: defines, implicit macros, Kconfig, entry point, memory and its diagnostics count. */
function buildFacts(build: BuildSummary | null): Record<string, unknown> {
  return {
    defines: build?.defines ?? {},
    defines_varying: build?.definesVarying ?? 0,
    implicit_macros: build?.implicitMacros ?? [],
    kconfig: build?.kconfig ?? null,
    entry_point: build?.entryPoint ?? '',
    memory: build?.memory ?? [],
    memory_note: build ? build.memoryNote : 'memory and entry_point describe one build; name a variant',
    diagnostics_count: build?.diagnosticsCount ?? 0,
  };
}
