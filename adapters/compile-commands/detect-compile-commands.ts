// Generic adapter: a build is any compile_commands.json the build search found (discover-build-dirs.ts) or a
// path the config names. Variant = the folder's name as reached from the root. A database that is a link to
// another one is the same build: compared by real path (detect-builds.ts).
import path from 'node:path';
import type { AdapterOptions, AdapterResult, BuildAdapter, BuildDescription } from '../contract.js';
import { readCompileDatabase } from './read-compile-database.js';
import { dirsWith, discoveryFor } from '../shared/discover-build-dirs.js';
import { exists, folderVariantName, isDir, realDir } from '../shared/fs-helpers.js';

const DB_NAME = 'compile_commands.json';

/** The database as `shownDir/compile_commands.json`, read from its real folder. */
export function describeCompileDatabase(projectRoot: string, dbPath: string, shownDir = path.dirname(dbPath)): { build: BuildDescription; diagnostics: AdapterResult['diagnostics'] } {
  const { units, diagnostics } = readCompileDatabase(dbPath);
  return {
    build: {
      buildSystem: 'compile_commands',
      variant: folderVariantName(projectRoot, shownDir),
      image: 'app',
      imageType: 'app',
      description: `compile database ${path.relative(projectRoot, path.join(shownDir, DB_NAME)) || DB_NAME} (${units.length} units)`,
      buildDir: realDir(path.dirname(dbPath)),
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
    const found = dirsWith(discoveryFor(projectRoot, options), DB_NAME).map((d) => ({ db: path.join(d.dir, DB_NAME), shown: d.shownAs }));
    const seen = new Set<string>();
    for (const { db, shown } of [...named.map((db) => ({ db, shown: path.dirname(db) })), ...found]) {
      if (seen.has(db)) continue;
      seen.add(db);
      if (!exists(db)) {
        result.diagnostics.push({ severity: 'error', file: db, message: 'the compile database named in the config does not exist', fix: 'build the project once, or correct [build] compile_commands in .fw-context/config.ini' });
        continue;
      }
      const { build, diagnostics } = describeCompileDatabase(projectRoot, db, shown);
      result.diagnostics.push(...diagnostics);
      if (build.units.length > 0 || diagnostics.length === 0) result.builds.push(build);
    }
    return result;
  },
};
