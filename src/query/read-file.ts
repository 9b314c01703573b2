// read_file: a file as one build reads it — lines the build never sees blanked, line numbers kept — in
// pages of up to 2000 lines. Files the build does not read at all come back as all_lines_inactive without text.
import fs from 'node:fs';
import path from 'node:path';
import { changedWarning, fileChanged } from './changed-files.js';
import { resolveReadableFile } from './file-access.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';
import { visibleLines } from './visible-lines.js';
import { isAssemblerSource, isCFamilyFile } from '../model/source-suffixes.js';

export const READ_FILE_PAGE = 2000;

export interface ReadFileRequest extends BuildSelector {
  filePath: string;
  startLine?: number;
  endLine?: number;
  /** Prefix each line with its number and a tab (default true). */
  lineNumbers?: boolean;
}

export interface ReadFileResult {
  warning?: string;
  file: string;
  variant: string;
  image: string;
  /** How the build relates to the file: preprocessed (lines masked), read_as_is (not C/C++, e.g. a linker script), not_read. */
  view: 'preprocessed' | 'read_as_is' | 'not_read';
  is_vendor: boolean;
  total_lines: number;
  /** Lines of the whole file the build reads (code it compiles and its live directives). */
  visible_lines: number;
  all_lines_inactive: boolean;
  stale: boolean;
  start_line: number;
  end_line: number;
  more: boolean;
  next_start_line?: number;
  content: string;
  /** Builds that do read the file, when this one does not. */
  read_by_builds?: string[];
}

function pageOf(req: ReadFileRequest, total: number): { start: number; end: number } {
  const start = req.startLine ?? 1;
  if (!Number.isInteger(start) || start < 1) throw new QueryError((s) => `${s.arg('start_line')} must be a positive integer, got ${req.startLine}`, 'lines are numbered from 1');
  if (req.endLine !== undefined && (!Number.isInteger(req.endLine) || req.endLine < start)) {
    throw new QueryError((s) => `${s.arg('end_line')} must be an integer not below ${s.arg('start_line')} (${start}), got ${req.endLine}`, (s) => `omit ${s.arg('end_line')} to read a page of 2000 lines`);
  }
  if (start > Math.max(total, 1)) throw new QueryError((s) => `${s.arg('start_line')} ${start} is past the end of the file (${total} lines)`, (s) => `use ${s.arg('start_line')} from 1 to ${total}`);
  const end = Math.min(req.endLine ?? start + READ_FILE_PAGE - 1, start + READ_FILE_PAGE - 1, total);
  return { start, end };
}

export function readFile(ctx: ProjectContext, req: ReadFileRequest): ReadFileResult {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const file = resolveReadableFile(ctx, reader, build, req.filePath);
  const buf = fs.readFileSync(file.real);
  if (buf.subarray(0, 8192).includes(0)) throw new QueryError(`${file.stored} is a binary file`, (s) => `${s.tool('read_file')} shows text files only`);
  const lines = buf.toString('utf8').replace(/\r\n/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const row = reader.files().find((f) => f.path === file.stored);
  const stale = row ? fileChanged(ctx.root, row) : false;
  const fileLines = reader.fileLines(build.id, file.stored);
  let view: ReadFileResult['view'];
  let visible: Uint8Array | null = null;
  if (fileLines) {
    view = 'preprocessed';
    visible = visibleLines(file.stored, buf.toString('utf8'), fileLines);
  } else {
    view = !file.inBuild && (isCFamilyFile(file.stored) || isAssemblerSource(file.stored)) ? 'not_read' : 'read_as_is';
  }
  const visibleCount = visible ? visible.reduce((n, v) => n + v, 0) : view === 'not_read' ? 0 : lines.length;
  const allInactive = visibleCount === 0 && lines.length > 0;
  const { start, end } = pageOf(req, lines.length);
  const width = String(end).length;
  const shown: string[] = [];
  if (!allInactive) {
    for (let n = start; n <= end; n++) {
      const text = visible && !visible[n - 1] ? '' : lines[n - 1];
      shown.push(req.lineNumbers === false ? text : `${String(n).padStart(width)}\t${text}`.trimEnd());
    }
  }
  const more = end < lines.length;
  const result: ReadFileResult = {
    ...(stale ? (changedWarning([file.stored]) ?? {}) : {}),
    file: file.stored,
    variant: build.variant,
    image: build.image,
    view,
    is_vendor: row?.isVendor ?? path.isAbsolute(file.stored),
    total_lines: lines.length,
    visible_lines: visibleCount,
    all_lines_inactive: allInactive,
    stale,
    start_line: start,
    end_line: end,
    more,
    ...(more ? { next_start_line: end + 1 } : {}),
    content: shown.join('\n'),
  };
  if (view === 'not_read' || allInactive) {
    result.read_by_builds = reader
      .fileLinesInBuilds(file.stored)
      .filter((l) => l.buildId !== build.id)
      .map((l) => reader.builds().find((b) => b.id === l.buildId))
      .filter((b) => b !== undefined)
      .map((b) => `${b!.variant}/${b!.image}`);
  }
  return result;
}
