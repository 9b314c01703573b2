// Generic adapter: a build is any compile_commands.json at the project root, in build*/ folders (two levels
// deep, as CMake presets nest them), or at a path the config names. Variant = the folder's name.
import fs from 'node:fs';
import path from 'node:path';
import type { AdapterOptions, AdapterResult, BuildAdapter, BuildDescription } from '../contract.js';
import { readCompileDatabase } from './read-compile-database.js';

const DB_NAME = 'compile_commands.json';

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

// compile_commands.json files in the root, in build* folders and in their direct subfolders.
export function findCompileDatabases(projectRoot: string, excluded: string[] = []): string[] {
  const found: string[] = [];
  const skip = (p: string) => excluded.some((e) => p === e || p.startsWith(e + path.sep));
  const consider = (dir: string) => {
    const f = path.join(dir, DB_NAME);
    if (!skip(dir) && fs.existsSync(f)) found.push(f);
  };
  consider(projectRoot);
  let entries: fs.Dirent[] = [];
  try {
    entries = fs.readdirSync(projectRoot, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const e of entries) {
    if (!e.isDirectory() || !/^build/i.test(e.name)) continue;
    const dir = path.join(projectRoot, e.name);
    consider(dir);
    for (const sub of fs.readdirSync(dir, { withFileTypes: true })) {
      if (sub.isDirectory()) consider(path.join(dir, sub.name));
    }
  }
  return found.sort();
}

/** Variant name from a compile database's folder: `build/Debug` → `Debug`, root → the project's name. */
export function variantNameFor(projectRoot: string, dbPath: string): string {
  const dir = path.dirname(dbPath);
  if (dir === projectRoot) return path.basename(projectRoot) || 'default';
  const rel = path.relative(projectRoot, dir).split(path.sep);
  if (rel.length > 1 && /^build$/i.test(rel[0])) return rel.slice(1).join('-');
  return rel.join('-');
}

export function describeCompileDatabase(projectRoot: string, dbPath: string): { build: BuildDescription; diagnostics: AdapterResult['diagnostics'] } {
  const { units, diagnostics } = readCompileDatabase(dbPath);
  const dir = path.dirname(dbPath);
  return {
    build: {
      buildSystem: 'compile_commands',
      variant: variantNameFor(projectRoot, dbPath),
      image: 'app',
      imageType: 'app',
      description: `compile database ${path.relative(projectRoot, dbPath) || DB_NAME} (${units.length} units)`,
      buildDir: dir,
      compileCommands: dbPath,
      units,
      linkerScripts: [],
      provenance: 'read',
    },
    diagnostics,
  };
}

export const compileCommandsAdapter: BuildAdapter = {
  name: 'compile_commands',
  detect(projectRoot: string, options: AdapterOptions): AdapterResult {
    const result: AdapterResult = { builds: [], diagnostics: [] };
    const named = (options.compileCommandsPaths ?? []).map((p) => (isDir(p) ? path.join(p, DB_NAME) : p));
    const paths = [...new Set([...named, ...findCompileDatabases(projectRoot, options.excludePaths)])];
    for (const p of paths) {
      if (!fs.existsSync(p)) {
        result.diagnostics.push({ severity: 'error', file: p, message: 'the compile database named in the config does not exist', fix: 'build the project once, or correct [build] compile_commands in .fw-context/config.ini' });
        continue;
      }
      const { build, diagnostics } = describeCompileDatabase(projectRoot, p);
      result.diagnostics.push(...diagnostics);
      if (build.units.length > 0 || diagnostics.length === 0) result.builds.push(build);
    }
    return result;
  },
};
