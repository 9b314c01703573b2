// get_active_build: the state of a project's index and of the build queries answer from — status,
// reindex reasons (each naming the command that fixes it), counts, exact modified-file count, variants.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BuildRow, IndexReader } from '../index/index-reader.js';
import { readLock } from '../indexer/index-lock.js';
import { ROW_FORMAT_VERSION, SCHEMA_VERSION } from '../index/schema.js';
import { configPath } from '../project/config.js';
import { changedFiles } from './changed-files.js';
import { resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import { choicesOf, type BuildSelector } from './resolve-build.js';
import { uncoveredSources } from './uncovered-sources.js';

export type IndexStatus = 'ready' | 'reindexing' | 'reindex_needed' | 'no_index' | 'not_initialized';

export function projectId(root: string): string {
  return createHash('sha1').update(root).digest('hex').slice(0, 12);
}

function reindexReasons(ctx: ProjectContext, reader: IndexReader, builds: BuildRow[]): string[] {
  const reasons: string[] = [];
  const meta = reader.meta();
  if ((meta.schemaVersion ?? 0) > SCHEMA_VERSION || (meta.rowFormatVersion ?? 0) > ROW_FORMAT_VERSION) {
    reasons.push(
      `the index was written by a newer fw-context (schema ${meta.schemaVersion}/row format ${meta.rowFormatVersion}; this one knows ${SCHEMA_VERSION}/${ROW_FORMAT_VERSION}): upgrade fw-context, or delete .fw-context/index.db and run \`fw-context index\``,
    );
  } else if (meta.schemaVersion !== SCHEMA_VERSION || meta.rowFormatVersion !== ROW_FORMAT_VERSION) {
    reasons.push(
      `index schema ${meta.schemaVersion}/row format ${meta.rowFormatVersion} differs from this fw-context's ${SCHEMA_VERSION}/${ROW_FORMAT_VERSION}: run \`fw-context index\``,
    );
  }
  for (const b of builds) {
    if (!b.compileCommands) continue;
    const rel = path.relative(ctx.root, b.compileCommands) || b.compileCommands;
    if (!fs.existsSync(b.compileCommands)) {
      reasons.push(`${rel} of build ${b.variant}/${b.image} no longer exists: run \`fw-context index --build\` (or build the project), then \`fw-context index\``);
      continue;
    }
    const hash = createHash('sha1').update(fs.readFileSync(b.compileCommands)).digest('hex');
    if (hash !== b.compileCommandsHash) reasons.push(`${rel} changed since indexing (build ${b.variant}/${b.image}): run \`fw-context index\``);
  }
  const covered = new Set(builds.flatMap((b) => b.units));
  const dbTimes = builds.map((b) => b.compileCommandsMtimeMs).filter((t): t is number => typeof t === 'number');
  if (dbTimes.length) {
    const newest = Math.max(...dbTimes);
    const fresh = uncoveredSources(ctx.root, ctx.config, covered, newest, builds.map((b) => b.buildDir));
    if (fresh.length) {
      const shown = fresh.slice(0, 5).join(', ') + (fresh.length > 5 ? `, and ${fresh.length - 5} more` : '');
      reasons.push(
        `${fresh.length} source file(s) added since the last build are not in any compile database (${shown}): the compile database must be regenerated — run \`fw-context index --build\``,
      );
    }
  }
  return reasons;
}

export function getActiveBuild(ctx: ProjectContext, sel: BuildSelector = {}): Record<string, unknown> {
  const root = ctx.root;
  if (!ctx.initialized) {
    return { status: 'not_initialized', project_root: root, index_message: `Not an fw-context project: run \`fw-context init\` in ${root}, then \`fw-context index\`.` };
  }
  const lock = readLock(root);
  const reader = ctx.reader;
  const builds = reader?.builds() ?? [];
  if (!reader || builds.length === 0) {
    return {
      status: lock ? 'reindexing' : 'no_index',
      project_root: root,
      project_id: projectId(root),
      bg_reindex_running: !!lock,
      reindex_progress: lock?.progress ?? null,
      index_message: lock ? `The first index run is in progress (${lock.progress ?? 'starting'}).` : 'No index yet: run `fw-context index`.',
    };
  }
  const meta = reader.meta();
  const reasons = reindexReasons(ctx, reader, builds);
  let build: BuildRow | null = null;
  try {
    build = resolveProjectBuild(ctx, sel);
  } catch (err) {
    if (sel.variant || sel.image) throw err;
    if (!(err instanceof QueryError)) throw err;
  }
  const counts = reader.counts(build?.id);
  const changed = changedFiles(reader, root);
  const changedSet = new Set(changed);
  let headerAffected = 0;
  for (const b of build ? [build] : builds) {
    for (const [unit, files] of reader.unitFiles(b.id)) {
      const unitRel = path.relative(root, unit).split(path.sep).join('/');
      if (files.some((f) => f !== unitRel && f !== unit && changedSet.has(f))) headerAffected++;
    }
  }
  const status: IndexStatus = lock ? 'reindexing' : reasons.length ? 'reindex_needed' : 'ready';
  const { variants, variant_images } = choicesOf(builds);
  const multi = builds.length > 1;
  const where = build ? `build ${build.variant}/${build.image}` : `${builds.length} builds (no default build: name a variant)`;
  const parts = [
    status === 'ready' ? 'Index ready' : status === 'reindexing' ? `Reindexing (${lock?.progress ?? 'in progress'})` : 'Reindex needed',
    `: ${counts.symbols} symbols in ${counts.files} files of ${where}, indexed ${meta.indexedAt} UTC.`,
  ];
  if (changed.length) parts.push(` ${changed.length} indexed file(s) changed on disk since; run \`fw-context index\` to refresh them.`);
  if (reasons.length) parts.push(' ' + reasons.join(' '));
  const cfgText = fs.existsSync(configPath(root)) ? fs.readFileSync(configPath(root), 'utf8') : '';
  return {
    status,
    project_root: root,
    project_id: projectId(root),
    config_hash: createHash('sha1').update(cfgText + (build ? `${build.variant}/${build.image}` : '')).digest('hex').slice(0, 12),
    build_system: build?.buildSystem ?? [...new Set(builds.map((b) => b.buildSystem))].join(','),
    compile_commands: build?.compileCommands ?? null,
    description: build?.description ?? '',
    provenance: build?.provenance ?? null,
    indexed_at: meta.indexedAt,
    first_indexed_at: meta.firstIndexedAt,
    symbol_count: counts.symbols,
    file_count: counts.files,
    reference_count: counts.references,
    modified_files_count: changed.length,
    modified_files: changed.slice(0, 20),
    header_affected_tus: headerAffected,
    schema_version: meta.schemaVersion,
    current_schema: SCHEMA_VERSION,
    row_format_version: meta.rowFormatVersion,
    current_row_format: ROW_FORMAT_VERSION,
    reindex_needed: reasons.length > 0,
    reindex_reasons: reasons,
    stale: reasons.length > 0 || headerAffected > 0,
    bg_reindex_running: !!lock,
    reindex_progress: lock?.progress ?? null,
    vendor_paths: ctx.config.vendorPaths,
    project_paths: ctx.config.projectPaths,
    multi,
    variants: variants.map((v) => {
      const b = builds.find((x) => x.variant === v)!;
      return { name: v, description: b.description, board: b.board };
    }),
    images: (build ? builds.filter((b) => b.variant === build!.variant) : builds).map((b) => ({ name: b.image, description: b.description, dir: b.buildDir, type: b.imageType })),
    variant_images,
    active_variant: build?.variant ?? ctx.config.defaultVariant ?? null,
    active_image: build?.image ?? ctx.config.defaultImage ?? null,
    defines: build?.defines ?? {},
    defines_varying: build?.definesVarying ?? 0,
    implicit_macros: build?.implicitMacros ?? [],
    kconfig: build?.kconfig ?? null,
    entry_point: build?.entryPoint ?? '',
    memory: build?.memory ?? [],
    memory_note: build ? build.memoryNote : 'memory and entry_point describe one build; name a variant',
    diagnostics_count: build?.diagnostics.length ?? 0,
    index_message: parts.join(''),
  };
}
