// `fw-context check`: does the index match every build as the build system describes it now? Per build:
// indexed, not vanished, same compile database / description, no changed file or header. Never writes.
import fs from 'node:fs';
import path from 'node:path';
import type { BuildDescription } from '../../adapters/contract.js';
import { MAKEFILES_CHANGED } from '../../adapters/make/dry-run-record.js';
import type { BuildRow, FileRow, IndexReader } from '../index/index-reader.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { buildFingerprint, descriptionMatch } from '../indexer/build-fingerprint.js';
import { appearedNote, relinkedFiles } from '../indexer/record-inputs.js';
import { linkRecord, recordDescriptionChanges, recordMap, type RecordDescriptionChange } from '../indexer/record-description.js';
import { readLock } from '../indexer/index-lock.js';
import { absolutePath, isUnderAny, storedPath } from '../indexer/vendor-paths.js';
import { detectProjectBuilds, unreadableDescription } from '../project/project-builds.js';
import { versionState } from './active-build.js';
import { fileChanged, unitsReadingChanged } from './changed-files.js';
import type { ProjectContext } from './project-context.js';
import type { BuildSelector } from './resolve-build.js';
import { uncoveredInBuildFolders, type UncoveredSource } from './uncovered-in-build.js';
import { sha1 } from '../model/sha1.js';
import type { AbsentProbe } from '../model/absent-lookups.js';
import { startAbsentProbe } from '../preprocessor/run-absent-probe.js';
import { appearedInBuild } from './appeared-headers.js';
import { shownList } from './shown-list.js';

export type CheckBuildStatus = 'ok' | 'stale' | 'not_indexed' | 'vanished';

export type CheckReasonCode =
  | 'not_indexed'
  | 'vanished'
  | 'unreadable'
  | 'row_format'
  | 'compile_database'
  | 'build_description'
  | 'file_changed'
  | 'file_deleted'
  | 'header_changed'
  | 'header_appeared';

/** One problem: the build, the file (root-relative where inside the root) and line it concerns, why, and the fix. */
export interface CheckReason {
  code: CheckReasonCode;
  file: string;
  line: number | null;
  message: string;
  fix: string;
}

export interface CheckBuild {
  variant: string;
  image: string;
  build_dir: string;
  status: CheckBuildStatus;
  reasons: CheckReason[];
}

export interface CheckResult {
  project_root: string;
  /** ok: exit 0; stale: exit 1; unknown: exit 2 (cannot tell). */
  status: 'ok' | 'stale' | 'unknown';
  exit_code: 0 | 1 | 2;
  message: string;
  builds: CheckBuild[];
  /** Sources in a build's source folders that no build compiles: information, never a failure. */
  info: UncoveredSource[];
  /** An index run holding the lock while the check ran: the result describes the last finished run. */
  index_run: { pid: number; started_at: string; progress: string | null } | null;
}

const INDEX = '`fw-context index`';

function unknown(root: string, message: string): CheckResult {
  return { project_root: root, status: 'unknown', exit_code: 2, message, builds: [], info: [], index_run: null };
}

function sha1File(file: string): string | null {
  try {
    return sha1(fs.readFileSync(file));
  } catch {
    return null;
  }
}

/** The 1-based line of the first line of `text` holding `needle`, or null. */
function lineOf(text: string, needle: string): number | null {
  const at = text.indexOf(needle);
  return at < 0 ? null : text.slice(0, at).split('\n').length;
}

/** Why the check cannot tell, or null when it can. */
function precondition(ctx: ProjectContext): string | null {
  if (!ctx.initialized) return `${ctx.root} is not an fw-context project: run \`fw-context init\` in the project root, then ${INDEX}.`;
  if (ctx.indexError) return `${ctx.indexError}: run ${INDEX} to rebuild it (if that fails, delete .fw-context/index.db and index again).`;
  if (!ctx.reader || ctx.reader.buildChoices().length === 0) return `No index yet in ${ctx.root}: run ${INDEX} (after building the firmware once so that it writes its compile database).`;
  const restart = versionState(ctx.reader.meta()).clientRestartReason;
  if (restart) return `The index was written by a newer fw-context than this one: run the newer fw-context to check it. ${restart}`;
  return null;
}

/**
 * Files the build's memory, linker-script symbols or Kconfig summary were read from whose content changed since
 * (a relink not indexed), and map files that appeared where the build writes one (linked after the index).
 */
function recordReasons(root: string, row: BuildRow): CheckReason[] {
  return relinkedFiles(root, row.recordInputs).map((f) => ({
    code: 'build_description',
    file: storedPath(root, f.file),
    line: null,
    message:
      f.how === 'appeared'
        ? `appeared since indexing (${appearedNote(f.file)})`
        : `changed since indexing (${changedRole(root, row, f.file)})`,
    fix: INDEX,
  }));
}

/** What a changed record input is to the build, and what is read from it. */
function changedRole(root: string, row: BuildRow, file: string): string {
  const at = storedPath(root, file);
  const same = (p: string | null | undefined) => !!p && storedPath(root, p) === at;
  if (row.linkerScripts.some(same)) return 'a linker script of the build: its memory regions, entry point and linker-script symbols are read from it';
  if (same(row.recordInputs?.map)) return 'the map file of the build: memory usage is read from it';
  if (same(row.kconfig?.dot_config) || same(row.kconfig?.autoconf_h)) return 'Kconfig output of the build: the Kconfig summary is read from it';
  if ((row.memory as { file_path?: string }[]).some((r) => same(r.file_path))) return "the project file stating the build's memory regions (the linker script is written from it when the build links): they are read from it";
  return 'linker script, map file or Kconfig output of the build: memory, linker-script symbols and the Kconfig summary are read from it';
}

/**
 * The build names another map file (one appeared, went or moved) or other linker scripts, links with another
 * command, or tells its link otherwise (the same units).
 */
function linkReasons(root: string, excluded: string[], declared: BuildDescription, row: BuildRow): CheckReason[] {
  const stored = { inputs: row.recordInputs, linkedUnits: row.linkedUnits, linking: row.linking, linkerScripts: row.linkerScripts };
  const changes = recordDescriptionChanges(declared, stored, linkRecord(declared, root, excluded), root);
  const map = recordMap(declared, root);
  const was = row.recordInputs?.map;
  const mapNote = `the build names ${map ? `the map file ${map}` : 'no map file'} now (${was ? `indexed with ${was}` : 'none when indexed'}): memory usage is read from it`;
  const scripts = (list: string[]) => (list.length ? list.map((s) => storedPath(root, s)).join(', ') : 'none');
  const notes: Record<RecordDescriptionChange, string> = {
    'map file': mapNote,
    'linker scripts': `the build names the linker scripts ${scripts(declared.linkerScripts)} now (indexed with ${scripts(row.linkerScripts)}): memory regions, entry point and linker-script symbols are read from them`,
    'link command': 'the link command changed since indexing (-Map, --defsym, -T or -L: memory regions, usage and linker-script symbols are read with it)',
    link: 'how the image links its units was determined otherwise since indexing',
  };
  const fileOf = (what: RecordDescriptionChange) =>
    what === 'map file' ? (map ?? was ?? storedPath(root, declared.buildDir)) : what === 'linker scripts' && declared.linkerScripts.length ? storedPath(root, declared.linkerScripts[0]!) : storedPath(root, declared.buildDir);
  return changes.map((what) => ({ code: 'build_description', file: fileOf(what), line: null, message: notes[what], fix: INDEX }));
}

/** What changed in a build's description: its compile database, its unit list, something else the fingerprint covers, or the files its record was read from. */
function descriptionReasons(root: string, excluded: string[], declared: BuildDescription, row: BuildRow): CheckReason[] {
  const units = declared.units.map((u) => u.file).filter((f) => !isUnderAny(root, f, excluded));
  const before = new Set(row.units);
  const now = new Set(units);
  const added = units.filter((u) => !before.has(u));
  const removed = row.units.filter((u) => !now.has(u));
  const unitNote = [added.length ? `${added.length} unit(s) added (${added.slice(0, 5).map((u) => storedPath(root, u)).join(', ')})` : '', removed.length ? `${removed.length} unit(s) removed (${removed.slice(0, 5).map((u) => storedPath(root, u)).join(', ')})` : '']
    .filter(Boolean)
    .join(', ');
  const db = declared.compileCommands;
  if (db && sha1File(db) !== row.compileCommandsHash) {
    let line: number | null = null;
    if (added.length) line = lineOf(fs.readFileSync(db, 'utf8'), JSON.stringify(added[0]).slice(1, -1)) ?? lineOf(fs.readFileSync(db, 'utf8'), path.basename(added[0]));
    const what = unitNote ? `changed since indexing: ${unitNote}` : 'changed since indexing (compiler arguments or defines)';
    return [{ code: 'compile_database', file: storedPath(root, db), line, message: what, fix: INDEX }];
  }
  if (unitNote) return [{ code: 'build_description', file: storedPath(root, declared.buildDir), line: null, message: `the build's unit list changed since indexing: ${unitNote}`, fix: INDEX }];
  // Compared by content: a map file touched or rewritten with the same bytes changes no answer.
  const record = recordReasons(root, row);
  // A map that appeared is also the map the build names now: said once.
  const reasons = [...record, ...linkReasons(root, excluded, declared, row).filter((r) => !record.some((x) => x.file === r.file))];
  // Unchanged, or only the compile database's time changed (same content): the answers are the same.
  if (!row.fingerprint || descriptionMatch(declared, buildFingerprint(declared), row, sha1File)) return reasons;
  return [
    ...reasons,
    { code: 'build_description', file: storedPath(root, declared.buildDir), line: null, message: 'the build description changed since indexing (compiler arguments, defines, board, the units the image links, or a compiler binary replaced or upgraded)', fix: INDEX },
  ];
}

/** Files of the build whose content differs from the index: units, and headers with the units that read them. */
function fileReasons(ctx: ProjectContext, reader: IndexReader, row: BuildRow, changedCache: Map<string, boolean>): CheckReason[] {
  const root = ctx.root;
  const changed = new Set<string>();
  const files = new Map<string, FileRow>();
  for (const f of reader.files(row.id)) {
    files.set(f.path, f);
    let hit = changedCache.get(f.path);
    if (hit === undefined) changedCache.set(f.path, (hit = fileChanged(root, f)));
    if (hit) changed.add(f.path);
  }
  if (changed.size === 0) return [];
  const unitPaths = new Set(row.units.map((u) => storedPath(root, u)));
  const readers = new Map<string, string[]>();
  for (const [unit, headers] of unitsReadingChanged(root, reader.unitFiles(row.id), changed)) {
    for (const h of headers) (readers.get(h) ?? readers.set(h, []).get(h)!).push(unit);
  }
  return [...changed].sort().map((file): CheckReason => {
    const gone = !fs.existsSync(absolutePath(root, file));
    if (gone) return { code: 'file_deleted', file, line: null, message: unitPaths.has(file) ? 'deleted since indexing (a unit of the build)' : 'deleted since indexing', fix: INDEX };
    const units = readers.get(file);
    if (units && !unitPaths.has(file)) {
      const shown = shownList(units, 3);
      return { code: 'header_changed', file, line: 1, message: `changed on disk since indexing; ${units.length} unit(s) of the build read it (${shown})`, fix: INDEX };
    }
    return { code: 'file_changed', file, line: 1, message: 'changed on disk since indexing', fix: INDEX };
  });
}

/**
 * Headers that units of the build #include (or test with __has_include) but did not find when indexed, and files its
 * assembler `.include`s did not find, which a folder they searched holds now: their results no longer hold (see
 * absent-lookups.ts).
 */
function appearedReasons(root: string, reader: IndexReader, row: BuildRow, probe: AbsentProbe): CheckReason[] {
  // The same answer status and get_active_build give (appeared-headers.ts), reasons of check's shape.
  return appearedInBuild(reader, root, row, probe).map(({ file, units }): CheckReason => ({
    code: 'header_appeared',
    file,
    line: null,
    message: units.length
      ? `appeared since indexing; ${units.length} unit(s) of the build looked for it and did not find it then (${shownList(units, 3)})`
      : 'appeared since indexing; an assembler `.include` of the build looked for it and did not find it then',
    fix: INDEX,
  }));
}

function statusOf(reasons: CheckReason[]): CheckBuildStatus {
  if (reasons.some((r) => r.code === 'not_indexed')) return 'not_indexed';
  if (reasons.some((r) => r.code === 'vanished')) return 'vanished';
  return reasons.length ? 'stale' : 'ok';
}

function summary(builds: CheckBuild[]): string {
  const bad = builds.filter((b) => b.status !== 'ok');
  if (!bad.length) return `The index matches ${builds.length} build(s).`;
  const problems = bad.reduce((n, b) => n + b.reasons.length, 0);
  const unreadable = bad.some((b) => b.reasons.some((r) => r.code === 'unreadable'));
  return `${problems} problem(s) in ${bad.length} of ${builds.length} build(s): ${unreadable ? 'regenerate the build descriptions that cannot be read, then ' : ''}run ${INDEX}${bad.some((b) => b.status === 'vanished') ? ' (a full run drops builds whose folder is gone)' : ''}.`;
}

/**
 * Build folders never indexed whose compile database cannot be read (cut short, not valid JSON, empty): no build
 * describes them, so they would pass unseen. Each is named by its folder, as --variant accepts it.
 */
function unreadableUnindexed(root: string, diagnostics: readonly Diagnostic[], detected: BuildDescription[], listed: CheckBuild[]): CheckBuild[] {
  const known = new Set([...detected.flatMap((b) => (b.compileCommands ? [storedPath(root, b.compileCommands)] : [])), ...listed.flatMap((b) => b.reasons.filter((r) => r.code === 'unreadable').map((r) => r.file))]);
  const out: CheckBuild[] = [];
  for (const d of diagnostics) {
    if (d.severity !== 'error' || path.basename(d.file) !== 'compile_commands.json') continue;
    const file = storedPath(root, path.resolve(root, d.file));
    if (known.has(file)) continue;
    known.add(file);
    const buildDir = storedPath(root, path.dirname(path.resolve(root, d.file)));
    const reason: CheckReason = { code: 'unreadable', file, line: d.line ?? null, message: `this build folder's compile database cannot be read, so it is not indexed: ${d.message}`, fix: d.fix ?? 'regenerate it with the build system, then run `fw-context index`' };
    out.push({ variant: buildDir, image: 'app', build_dir: buildDir, status: 'not_indexed', reasons: [reason] });
  }
  return out;
}

/**
 * Of a plain Make project's build: a makefile changed since the dry run it was read from (the make adapter's
 * warning), so what make would print now may differ from what the index holds.
 */
function dryRunReasons(root: string, declared: BuildDescription, diagnostics: readonly Diagnostic[]): CheckReason[] {
  if (declared.buildSystem !== 'make') return [];
  const changed = diagnostics.find((d) => d.message.includes(MAKEFILES_CHANGED));
  if (!changed) return [];
  return [{ code: 'build_description', file: storedPath(root, changed.file), line: null, message: changed.message, fix: 'run `fw-context index --build`: it runs the make dry run again and indexes what it prints' }];
}

export function checkIndex(ctx: ProjectContext, sel: BuildSelector = {}): CheckResult {
  const why = precondition(ctx);
  if (why) return unknown(ctx.root, why);
  const root = ctx.root;
  const reader = ctx.reader!;
  const wanted = (b: { variant: string; image: string }) => (!sel.variant || b.variant === sel.variant) && (!sel.image || b.image === sel.image);
  const { builds: detected, diagnostics: detectDiagnostics } = detectProjectBuilds(root, ctx.config);
  const declared = detected.filter(wanted);
  const indexed = reader.builds().filter(wanted);
  if (declared.length === 0 && indexed.length === 0) {
    const all = [...new Set([...detected, ...reader.builds()].map((b) => `${b.variant}/${b.image}`))].join(', ');
    return unknown(root, `No build ${sel.variant ?? '*'}/${sel.image ?? '*'} in this project. Builds: ${all || 'none'}.`);
  }
  const olderRows = versionState(reader.meta()).reason;
  const key = (b: { variant: string; image: string }) => `${b.variant}\u0000${b.image}`;
  const rows = new Map(indexed.map((b) => [key(b), b]));
  const changedCache = new Map<string, boolean>();
  const probe = startAbsentProbe();
  const builds: CheckBuild[] = [];
  for (const d of declared) {
    const row = rows.get(key(d));
    rows.delete(key(d));
    const buildDir = storedPath(root, d.buildDir);
    let reasons: CheckReason[];
    if (!row) {
      reasons = [{ code: 'not_indexed', file: buildDir, line: null, message: `build folder ${buildDir} declares this build, but it is not indexed`, fix: INDEX }];
    } else {
      reasons = [...(olderRows ? [{ code: 'row_format' as const, file: '.fw-context/index.db', line: null, message: olderRows.replace(/: run `fw-context index`$/, ''), fix: INDEX }] : []), ...descriptionReasons(root, ctx.config.excludePaths, d, row), ...dryRunReasons(root, d, detectDiagnostics), ...fileReasons(ctx, reader, row, changedCache), ...appearedReasons(root, reader, row, probe)];
    }
    builds.push({ variant: d.variant, image: d.image, build_dir: buildDir, status: statusOf(reasons), reasons });
  }
  for (const row of rows.values()) {
    const buildDir = storedPath(root, row.buildDir);
    const unreadable = unreadableDescription(root, detectDiagnostics, row.buildDir);
    if (unreadable) {
      const file = storedPath(root, path.resolve(root, unreadable.file));
      const reasons: CheckReason[] = [{ code: 'unreadable', file, line: unreadable.line ?? null, message: `indexed, but its build description cannot be read now: ${unreadable.message}`, fix: unreadable.fix ?? 'regenerate it with the build system, then run `fw-context index`' }];
      builds.push({ variant: row.variant, image: row.image, build_dir: buildDir, status: 'stale', reasons });
      continue;
    }
    const reasons: CheckReason[] = [{ code: 'vanished', file: buildDir, line: null, message: `indexed, but the build system no longer declares it (${fs.existsSync(row.buildDir) ? 'its folder holds no build any more' : 'its folder is gone'})`, fix: INDEX }];
    builds.push({ variant: row.variant, image: row.image, build_dir: buildDir, status: 'vanished', reasons });
  }
  if (!sel.variant && !sel.image) builds.push(...unreadableUnindexed(root, detectDiagnostics, detected, builds));
  builds.sort((a, b) => a.variant.localeCompare(b.variant) || a.image.localeCompare(b.image));
  const info = uncoveredInBuildFolders(root, ctx.config, declared, [...detected.flatMap((b) => b.units.map((u) => u.file)), ...reader.builds().flatMap((b) => b.units)]);
  const run = readLock(root);
  const stale = builds.some((b) => b.status !== 'ok');
  return {
    project_root: root,
    status: stale ? 'stale' : 'ok',
    exit_code: stale ? 1 : 0,
    message: summary(builds),
    builds,
    info,
    index_run: run ? { pid: run.pid, started_at: run.startedAt, progress: run.progress ?? null } : null,
  };
}
