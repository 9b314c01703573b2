// Turns the file argument of read_file / get_file_map into one file a build may show: a project-relative
// path, an absolute path or a path ending (drivers/uart.c) matched against the build's files. Refuses `..`,
// paths outside the project root and the build's include folders (symlinks resolved first), and ambiguous endings.
import fs from 'node:fs';
import path from 'node:path';
import type { BuildRow, IndexReader } from '../index/index-reader.js';
import { absolutePath, storedPath } from '../indexer/vendor-paths.js';
import type { ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';

export interface ReadableFile {
  /** Path as the index stores it (project-relative, or absolute outside the project). */
  stored: string;
  /** Absolute path with symlinks resolved. */
  real: string;
  /** The build reads the file (it has rows in the build). */
  inBuild: boolean;
}

const PATH_HINT = 'give a project-relative path (src/main.c), an absolute path inside the project or one of the build\'s include folders, or an unambiguous ending of one (main.c)';

function realOrNull(p: string): string | null {
  try {
    return fs.realpathSync(p);
  } catch {
    return null;
  }
}

function within(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The argument checked for shape: non-empty, no NUL, no `..` segment. */
function checkShape(filePath: string): string {
  const p = filePath.trim();
  if (!p) throw new QueryError('the file path is empty', PATH_HINT);
  if (p.includes('\0')) throw new QueryError('the file path holds a NUL character', PATH_HINT);
  if (p.split(/[\\/]+/).includes('..')) throw new QueryError(`the file path "${filePath}" holds a ".." segment: paths may not climb out of a folder`, PATH_HINT);
  return p.replace(/\\/g, '/');
}

/** Stored paths the argument may name, best first: the build's own files, then files on disk. */
function candidates(ctx: ProjectContext, reader: IndexReader, build: BuildRow, p: string, includeDirs: string[]): { stored: string; inBuild: boolean }[] {
  const reading = reader.reading();
  if (path.isAbsolute(p)) {
    const stored = storedPath(ctx.root, path.normalize(p));
    return [{ stored, inBuild: reading.buildFilePaths(build.id, stored, 1)[0] === stored }];
  }
  const clean = p.replace(/^\.\//, '');
  const inBuild = reading.buildFilePaths(build.id, clean, 20);
  if (inBuild.length === 1 || inBuild[0] === clean) return [{ stored: inBuild[0], inBuild: true }];
  if (inBuild.length > 1) {
    throw new QueryError(`"${p}" matches ${inBuild.length} files of build ${build.variant}/${build.image}: ${inBuild.join(', ')}`, 'give more of the path so that one file matches', { matches: inBuild });
  }
  const onDisk = [ctx.root, ...includeDirs.map((d) => absolutePath(ctx.root, d))].map((dir) => path.join(dir, clean)).filter((f) => fs.existsSync(f));
  if (onDisk.length) return [{ stored: storedPath(ctx.root, onDisk[0]), inBuild: false }];
  const elsewhere = reader.matchFilePaths(clean, 20);
  if (elsewhere.length > 1) throw new QueryError(`"${p}" matches ${elsewhere.length} indexed files: ${elsewhere.join(', ')}`, 'give more of the path so that one file matches', { matches: elsewhere });
  return elsewhere.map((stored) => ({ stored, inBuild: false }));
}

/** The one file `filePath` names, if the build may show it; a QueryError says why not otherwise. */
export function resolveReadableFile(ctx: ProjectContext, reader: IndexReader, build: BuildRow, filePath: string): ReadableFile {
  const p = checkShape(filePath);
  const includeDirs = reader.reading().includeDirs(build.id);
  const found = candidates(ctx, reader, build, p, includeDirs)[0];
  if (!found) throw new QueryError(`no file "${p}" in the project, its index or the include folders of build ${build.variant}/${build.image}`, (s) => `${PATH_HINT}; find names with ${s.tool('search_code')} or ${s.tool('find')}`);
  const abs = absolutePath(ctx.root, found.stored);
  const real = realOrNull(abs);
  if (!real) throw new QueryError(`${found.stored} does not exist on disk (moved or deleted since indexing?)`, 'run `fw-context index` to refresh the index');
  const allowed = [ctx.root, ...includeDirs.map((d) => absolutePath(ctx.root, d))].map(realOrNull).filter((d): d is string => d !== null);
  const buildReadsIt = found.inBuild && real === abs;
  if (!buildReadsIt && !allowed.some((d) => within(d, real))) {
    throw new QueryError(
      `${p} is outside the project root and the include folders of build ${build.variant}/${build.image}${real !== abs ? ` (it links to ${real})` : ''}: not readable`,
      PATH_HINT,
    );
  }
  if (!fs.statSync(real).isFile()) throw new QueryError(`${found.stored} is not a regular file`, PATH_HINT);
  return { stored: found.stored, real, inBuild: found.inBuild };
}
