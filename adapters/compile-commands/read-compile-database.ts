// Reads a compile_commands.json into compile units: `arguments` or shell-split `command`, absolute paths.
// Broken JSON or entries become diagnostics naming the file and line (an entry by its 1-based number and the
// line its `{` opens on); good entries still load. An empty database (`[]`) is an error: it describes no build.
import { readDetectedFile } from '../shared/detect-inputs.js';
import path from 'node:path';
import type { CompileUnit, Diagnostic } from '../contract.js';
import { splitCommand } from '../../src/model/compile-args.js';
import { SharedStrings } from '../../src/model/own-strings.js';
import { resolvePath } from '../../src/model/plain-path.js';

export interface CompileDatabaseResult {
  units: CompileUnit[];
  diagnostics: Diagnostic[];
}

/** Line and column (1-based) of an offset of `text`. */
function pointOfOffset(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Where a JSON.parse error is, and its message with that place as line and column: V8 names a character
 * offset ("at position 437"), which says little to a reader and shifts with every path before it.
 */
function jsonError(text: string, err: Error): { line?: number; message: string } {
  const m = /position (\d+)/.exec(err.message);
  const bare = err.message.replace(/ at position \d+/, '').replace(/ \(line \d+ column \d+\)$/, '');
  if (m) {
    const { line, column } = pointOfOffset(text, Number(m[1]));
    return { line, message: `${bare} (line ${line}, column ${column})` };
  }
  const lm = /line (\d+)/.exec(err.message);
  return { line: lm ? Number(lm[1]) : undefined, message: err.message };
}

const EMPTY_FIX =
  'build the firmware so that it writes its compile commands: for CMake configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON and run the build (PlatformIO: pio run -t compiledb); a database written by bear or compiledb over an up-to-date build is empty, so clean and build again under it. Then run `fw-context index`';
const ENTRY_FIX = 'regenerate the compile database with the build system (each entry needs "directory", "file" and "arguments" or "command"), then run `fw-context index`';

/**
 * The line each top-level entry starts on: the first character of a value at bracket depth 1 of the array
 * (after its `[` or a `,`), strings skipped. One pass over the text, run only when an entry needs naming.
 */
export function entryStartLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  let expectEntry = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inString) {
      if (c === 92) i++; // a backslash escapes the next character (never a newline in valid JSON)
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 32 || c === 9 || c === 10 || c === 13) continue;
    if (expectEntry && c !== 93) lines.push(line);
    expectEntry = false;
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) expectEntry = ++depth === 1;
    else if (c === 125 || c === 93) depth--;
    else if (c === 44 && depth === 1) expectEntry = true;
  }
  return lines;
}

export function parseCompileDatabase(text: string, file: string): CompileDatabaseResult {
  const diagnostics: Diagnostic[] = [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const where = jsonError(text, err as Error);
    diagnostics.push({
      severity: 'error',
      file,
      line: where.line,
      message: `compile database is not valid JSON: ${where.message}`,
      fix: 'regenerate it with the build system (for CMake: -DCMAKE_EXPORT_COMPILE_COMMANDS=ON), then run `fw-context index --build`',
    });
    return { units: [], diagnostics };
  }
  if (!Array.isArray(data)) {
    diagnostics.push({ severity: 'error', file, line: 1, message: 'compile database must be a JSON array of entries', fix: 'regenerate it with the build system' });
    return { units: [], diagnostics };
  }
  if (data.length === 0) {
    diagnostics.push({ severity: 'error', file, line: 1, message: 'compile database is empty ([]): it lists no compile unit, so this build has nothing to index', fix: EMPTY_FIX });
    return { units: [], diagnostics };
  }
  const units: CompileUnit[] = [];
  const shared = new SharedStrings();
  let starts: number[] | undefined;
  // Entry N (1-based) and the line it starts on (the diagnostic's line); the text is scanned for them only once something is wrong.
  const entryAt = (index: number) => {
    starts ??= entryStartLines(text);
    const line = starts[index];
    return { line, name: `entry ${index + 1}` };
  };
  data.forEach((entry, index) => {
    const e = entry as { directory?: unknown; file?: unknown; arguments?: unknown; command?: unknown; output?: unknown };
    if (typeof e !== 'object' || e === null || typeof e.directory !== 'string' || typeof e.file !== 'string') {
      const at = entryAt(index);
      const missing = typeof e === 'object' && e !== null && !Array.isArray(e) ? (['directory', 'file'] as const).filter((k) => typeof e[k] !== 'string') : [];
      const lacks = missing.length ? `lacks ${missing.map((k) => `"${k}"`).join(' and ')} (a string)` : 'is not an object';
      diagnostics.push({ severity: 'warning', file, line: at.line, message: `${at.name} ${lacks}; skipped`, fix: ENTRY_FIX });
      return;
    }
    let args: string[];
    if (Array.isArray(e.arguments) && e.arguments.every((a) => typeof a === 'string')) args = e.arguments as string[];
    else if (typeof e.command === 'string') args = splitCommand(e.command);
    else {
      const at = entryAt(index);
      diagnostics.push({ severity: 'warning', file, line: at.line, message: `${at.name} (${e.file}) has neither "arguments" (a list of strings) nor "command"; skipped`, fix: ENTRY_FIX });
      return;
    }
    const directory = resolvePath(path.dirname(file), e.directory);
    units.push({
      file: resolvePath(directory, e.file),
      directory,
      arguments: shared.of(args),
      output: typeof e.output === 'string' ? resolvePath(directory, e.output) : undefined,
    });
  });
  if (units.length === 0) {
    diagnostics.push({ severity: 'error', file, line: 1, message: `none of the ${data.length} entries of the compile database is usable, so this build has nothing to index`, fix: ENTRY_FIX });
  }
  return { units, diagnostics };
}

export function readCompileDatabase(file: string): CompileDatabaseResult {
  const read = readDetectedFile(file);
  if ('error' in read) return { units: [], diagnostics: [{ severity: 'error', file, message: `cannot read compile database: ${read.error.message}` }] };
  return parseCompileDatabase(read.text, file);
}
