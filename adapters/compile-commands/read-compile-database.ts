// Reads a compile_commands.json into compile units: `arguments` or shell-split `command`, absolute paths.
// Broken JSON or entries become diagnostics naming the file and line; good entries still load.
import { readDetectedFile } from '../shared/detect-inputs.js';
import path from 'node:path';
import type { CompileUnit, Diagnostic } from '../contract.js';
import { splitCommand } from '../../src/model/compile-args.js';

export interface CompileDatabaseResult {
  units: CompileUnit[];
  diagnostics: Diagnostic[];
}

function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Position of a JSON.parse error as a line number, when the message carries one. */
function jsonErrorLine(text: string, err: Error): number | undefined {
  const m = /position (\d+)/.exec(err.message);
  if (m) return lineOfOffset(text, Number(m[1]));
  const lm = /line (\d+)/.exec(err.message);
  return lm ? Number(lm[1]) : undefined;
}

export function parseCompileDatabase(text: string, file: string): CompileDatabaseResult {
  const diagnostics: Diagnostic[] = [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    diagnostics.push({
      severity: 'error',
      file,
      line: jsonErrorLine(text, err as Error),
      message: `compile database is not valid JSON: ${(err as Error).message}`,
      fix: 'regenerate it with the build system (for CMake: -DCMAKE_EXPORT_COMPILE_COMMANDS=ON), then run `fw-context index --build`',
    });
    return { units: [], diagnostics };
  }
  if (!Array.isArray(data)) {
    diagnostics.push({ severity: 'error', file, line: 1, message: 'compile database must be a JSON array of entries', fix: 'regenerate it with the build system' });
    return { units: [], diagnostics };
  }
  const units: CompileUnit[] = [];
  data.forEach((entry, index) => {
    const e = entry as { directory?: unknown; file?: unknown; arguments?: unknown; command?: unknown; output?: unknown };
    if (typeof e !== 'object' || e === null || typeof e.directory !== 'string' || typeof e.file !== 'string') {
      diagnostics.push({ severity: 'warning', file, message: `entry ${index} lacks "directory" or "file"; skipped`, fix: 'regenerate the compile database' });
      return;
    }
    let args: string[];
    if (Array.isArray(e.arguments) && e.arguments.every((a) => typeof a === 'string')) args = e.arguments as string[];
    else if (typeof e.command === 'string') args = splitCommand(e.command);
    else {
      diagnostics.push({ severity: 'warning', file, message: `entry ${index} (${e.file}) has neither "arguments" nor "command"; skipped`, fix: 'regenerate the compile database' });
      return;
    }
    const directory = path.resolve(path.dirname(file), e.directory);
    units.push({
      file: path.resolve(directory, e.file),
      directory,
      arguments: args,
      output: typeof e.output === 'string' ? path.resolve(directory, e.output) : undefined,
    });
  });
  return { units, diagnostics };
}

export function readCompileDatabase(file: string): CompileDatabaseResult {
  const read = readDetectedFile(file);
  if ('error' in read) return { units: [], diagnostics: [{ severity: 'error', file, message: `cannot read compile database: ${read.error.message}` }] };
  return parseCompileDatabase(read.text, file);
}
