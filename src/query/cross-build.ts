// What the queries that span builds share (which_builds, is_compiled, diff_builds): build labels, resolving
// a file argument to its stored path, and one line's verdict in every build that reads its file, computed
// once per distinct view of the file and completed with each build's own macro values.
import fs from 'node:fs';
import path from 'node:path';
import type { BuildRow, FileLinesRow, IndexReader } from '../index/index-reader.js';
import { absolutePath, storedPath } from '../indexer/vendor-paths.js';
import type { FileSkeleton } from '../preprocessor/file-skeleton.js';
import { explainLine, readSkeleton, withMacroValues, type DecidingDirective, type LineVerdict } from './deciding-directive.js';
import { CompilerBuiltins } from './compiler-builtins.js';
import { QueryError } from './query-error.js';
import { isCompiledSource, suffixOf } from '../model/source-suffixes.js';

/** `variant:image`, the form the CLI takes (`fw-context diff A B`). */
export function buildLabel(b: { variant: string; image: string }): string {
  return `${b.variant}:${b.image}`;
}

/** A compile's unit, or an assembler source of armasm or IAR (`.asm`). */
const isUnitSource = (file: string): boolean => isCompiledSource(file) || suffixOf(file) === '.asm';

/** Why a build does not read a file at all. */
export type AbsentFileStatus = 'unit_not_in_build' | 'file_not_included';

export function absentFileStatus(file: string): { status: AbsentFileStatus; note: string } {
  return isUnitSource(file)
    ? { status: 'unit_not_in_build', note: 'this build does not compile this source file: it is not one of the build\'s compile units (or the image does not link it)' }
    : { status: 'file_not_included', note: 'no compile unit of this build includes this file' };
}

/**
 * The stored path a file argument names: exact, or the one indexed path ending in it. A file no build reads
 * but that exists under the project root resolves to its project-relative path (no build compiles it).
 */
export function resolveIndexedFile(reader: IndexReader, root: string, file: string): { path: string; indexed: boolean } {
  const wanted = file.trim().replace(/\\/g, '/');
  if (!wanted) throw new QueryError('the file path is empty', 'give a project-relative path (src/main.c) or its ending (main.c)');
  const asStored = path.isAbsolute(wanted) ? storedPath(root, wanted) : wanted;
  const hits = reader.matchFilePaths(asStored, 11);
  if (hits.length === 1) return { path: hits[0], indexed: true };
  if (hits.length > 1) {
    throw new QueryError(
      `"${file}" matches ${hits.length > 10 ? 'more than 10' : hits.length} indexed files: ${hits.slice(0, 10).join(', ')}`,
      'give more of the path, e.g. a project-relative path',
      { candidates: hits.slice(0, 10) },
    );
  }
  const rel = asStored.replace(/^\.\//, '');
  const abs = absolutePath(root, rel);
  if (!rel.startsWith('../') && !path.isAbsolute(rel) && fs.existsSync(abs) && fs.statSync(abs).isFile()) return { path: rel, indexed: false };
  throw new QueryError(`no indexed build reads "${file}" and no such file is under the project root`, 'check the path: give it relative to the project root, or its ending (drivers/uart.c)');
}

/** Verdicts of one line of one file across builds: computed once per stored view, macro values per build. */
export class LineVerdicts {
  private readonly skeleton: FileSkeleton | null;
  private readonly text: string | null;
  private readonly byBuild: Map<number, FileLinesRow>;
  private readonly shared = new Map<string, LineVerdict>();

  constructor(
    private readonly reader: IndexReader,
    root: string,
    readonly file: string,
    private readonly builtins = new CompilerBuiltins(root),
  ) {
    const read = readSkeleton(root, file);
    this.skeleton = read?.skeleton ?? null;
    this.text = read?.text ?? null;
    this.byBuild = new Map(reader.fileLinesInBuilds(file).map((r) => [r.buildId, r]));
  }

  /** The build reads the file. */
  reads(buildId: number): boolean {
    return this.byBuild.has(buildId);
  }

  /** The file could be read from disk now. */
  get readable(): boolean {
    return this.skeleton !== null;
  }

  /** Number of lines of the file as it is on disk now. */
  get lineCount(): number {
    return this.skeleton?.lineCount ?? 0;
  }

  /** A line of the file as it is on disk now (at most 300 characters), or null. */
  lineText(line: number): string | null {
    const l = this.text?.split('\n')[line - 1];
    return l === undefined ? null : l.replace(/\r$/, '').slice(0, 300);
  }

  /** The verdict for `line` in this build, or null when the build does not read the file (or it is unreadable). */
  verdict(build: BuildRow, line: number): LineVerdict | null {
    const lines = this.byBuild.get(build.id);
    if (!lines || !this.skeleton) return null;
    const key = `${lines.linesId}:${line}`;
    let v = this.shared.get(key);
    if (!v) {
      v = explainLine(this.skeleton, lines, line);
      this.shared.set(key, v);
    }
    if (!v.deciding) return v;
    const deciding: DecidingDirective = withMacroValues(this.reader, build, v.deciding, this.builtins);
    return { ...v, deciding };
  }
}
