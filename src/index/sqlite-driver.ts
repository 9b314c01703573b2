// better-sqlite3, loaded with require (see require-package.ts: no export-name lexing at start-up), and opened
// with its compiled addon named directly when it is where the package builds it, instead of letting the
// package probe a dozen candidate paths for it on every start. Loaded at the first open: a process that only
// imports a module using it (status reads the writer lock's JSON beside the OS lock) never loads it.
import fs from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { requirePackage } from '../model/require-package.js';

let Database: typeof BetterSqlite3 | undefined;
export type Db = BetterSqlite3.Database;

let addon: string | null | undefined;

/** The addon's path when the package's own build put it in build/Release; null leaves the search to the package. */
function addonPath(): string | null {
  if (addon !== undefined) return addon;
  try {
    const file = requirePackage.resolve('better-sqlite3/build/Release/better_sqlite3.node');
    addon = fs.existsSync(file) ? file : null;
  } catch {
    addon = null;
  }
  return addon;
}

export function openDatabase(file: string, options: BetterSqlite3.Options = {}): Db {
  const nativeBinding = addonPath();
  Database ??= requirePackage('better-sqlite3') as typeof BetterSqlite3;
  return new Database(file, nativeBinding ? { ...options, nativeBinding } : options);
}
