// is_compiled: does each indexed build compile one line of one file? Per build: compiled, or the
// conditional that keeps the line out (with the macro values that decided it), or that the build does
// not read the file. Spans every build by design; paged over builds.
import type { BuildRow } from '../index/index-reader.js';
import { changedFiles, changedWarning } from './changed-files.js';
import { absentFileStatus, buildLabel, LineVerdicts, resolveIndexedFile, type AbsentFileStatus } from './cross-build.js';
import type { DecidingDirective } from './deciding-directive.js';
import { pageBounds, pageCounters } from './paged-answer.js';
import { requireReader, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';

export interface IsCompiledRequest {
  file: string;
  line: number;
  limit?: number;
  offset?: number;
}

export type BuildLineStatus = 'compiled' | 'inactive_branch' | 'not_reached' | 'beyond_end' | AbsentFileStatus | 'file_unreadable';

export interface BuildLine {
  variant: string;
  image: string;
  board: string | null;
  compiled: boolean;
  status: BuildLineStatus;
  deciding?: DecidingDirective;
  directive?: { text: string; branch_taken?: boolean };
  note?: string;
}

export interface IsCompiledResult {
  file: string;
  line: number;
  /** The line as it is on disk now. */
  line_text: string | null;
  warning?: string;
  /** Labels (variant:image) of the builds that compile the line, and of those that do not. */
  compiled_in: string[];
  not_compiled_in: string[];
  total: number;
  offset: number;
  shown: number;
  more: boolean;
  next_offset?: number;
  builds: BuildLine[];
}

export const CROSS_BUILD_DEFAULT_LIMIT = 50;
export const CROSS_BUILD_MAX_LIMIT = 1000;

export function isCompiled(ctx: ProjectContext, req: IsCompiledRequest): IsCompiledResult {
  const reader = requireReader(ctx);
  if (!Number.isInteger(req.line) || req.line < 1) throw new QueryError((s) => `${s.kind === 'mcp' ? 'line' : 'LINE'} must be a positive integer, got ${req.line}`, (s) => `give the 1-based line number${s.kind === 'mcp' ? '' : ', e.g. src/main.c:42'}`);
  const { limit, offset } = pageBounds(req, CROSS_BUILD_DEFAULT_LIMIT, CROSS_BUILD_MAX_LIMIT);
  const file = resolveIndexedFile(reader, ctx.root, req.file);
  const verdicts = new LineVerdicts(reader, ctx.root, file.path);
  if (verdicts.readable && req.line > verdicts.lineCount) {
    throw new QueryError(`${file.path} has ${verdicts.lineCount} lines; line ${req.line} does not exist`, `give a line from 1 to ${verdicts.lineCount}`);
  }
  const rows = reader.builds().map((b) => buildLine(b, verdicts, req.line));
  const warning = file.indexed ? changedWarning(changedFiles(reader, ctx.root, [file.path]))?.warning : undefined;
  const page = rows.slice(offset, offset + limit);
  return {
    file: file.path,
    line: req.line,
    line_text: verdicts.lineText(req.line),
    ...(warning ? { warning } : {}),
    compiled_in: rows.filter((r) => r.compiled).map(buildLabel),
    not_compiled_in: rows.filter((r) => !r.compiled).map(buildLabel),
    ...pageCounters(rows.length, offset, page.length),
    builds: page,
  };
}

function buildLine(b: BuildRow, verdicts: LineVerdicts, line: number): BuildLine {
  const head = { variant: b.variant, image: b.image, board: b.board };
  if (!verdicts.reads(b.id)) return { ...head, compiled: false, ...absentFileStatus(verdicts.file) };
  const v = verdicts.verdict(b, line);
  if (!v) return { ...head, compiled: false, status: 'file_unreadable', note: 'the file cannot be read on disk now; run fw-context index' };
  return {
    ...head,
    compiled: v.compiled,
    status: v.compiled ? 'compiled' : v.reason ?? 'not_reached',
    ...(v.deciding ? { deciding: v.deciding } : {}),
    ...(v.directive ? { directive: v.directive } : {}),
    ...(v.note ? { note: v.note } : {}),
  };
}

/** Exposed for the CLI's FILE:LINE form. */
export function parseFileLine(arg: string): { file: string; line: number } | null {
  const m = /^(.+):(\d+)$/.exec(arg.trim());
  return m ? { file: m[1], line: Number(m[2]) } : null;
}
