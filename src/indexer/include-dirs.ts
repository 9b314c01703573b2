// The include folders a build's compile commands name (-I, -iquote, -isystem, -idirafter), as stored
// paths: the folders outside the project that read_file may still open. Compiler built-in folders are not listed.
import type { CompileUnit } from '../../adapters/contract.js';
import { parseCompileArgs } from '../model/compile-args.js';
import { storedPath } from './vendor-paths.js';

export function buildIncludeDirs(root: string, units: CompileUnit[]): string[] {
  const dirs = new Set<string>();
  for (const u of units) {
    const a = parseCompileArgs(u.arguments, u.directory, u.file);
    for (const d of [...a.quoteDirs, ...a.includeDirs, ...a.systemDirs, ...a.afterDirs]) dirs.add(storedPath(root, d));
  }
  return [...dirs].sort();
}
