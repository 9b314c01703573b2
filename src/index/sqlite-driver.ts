// better-sqlite3, loaded with require (see require-package.ts: no export-name lexing at start-up), and opened
// with its compiled addon named directly when it is where the package builds it, instead of letting the
// package probe a dozen candidate paths for it on every start. A read-only open talks to the addon through a
// small connection of our own: the package's JavaScript (thirteen files) loads only for writes.
import fs from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { requirePackage } from '../model/require-package.js';

export type Db = BetterSqlite3.Database;

let addon: string | null | undefined;
let packageDatabase: typeof BetterSqlite3 | undefined;

/** The package's Database class, loaded on first need. */
function databaseClass(): typeof BetterSqlite3 {
  return (packageDatabase ??= requirePackage('better-sqlite3') as typeof BetterSqlite3);
}

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
  if (nativeBinding && options.readonly && !options.verbose && options.timeout === undefined) return openReadConnection(nativeBinding, file, !!options.fileMustExist);
  const Database = databaseClass();
  return new Database(file, nativeBinding ? { ...options, nativeBinding } : options);
}

/** The addon's native database, as better-sqlite3 12's Database constructor makes it. */
interface NativeDatabase {
  prepare(sql: string, owner: object, pragmaMode: boolean): BetterSqlite3.Statement;
  exec(sql: string): void;
  close(): void;
  readonly name: string;
  readonly open: boolean;
  readonly inTransaction: boolean;
  readonly readonly: boolean;
  readonly memory: boolean;
}

interface Addon {
  isInitialized?: boolean;
  setErrorConstructor(ctor: unknown): void;
  Database: new (filename: string, given: string, anonymous: boolean, readonly: boolean, mustExist: boolean, timeout: number, verbose: null, buffer: null) => NativeDatabase;
}

/** The package's default busy timeout (ms), which its constructor gives a connection opened without one. */
const DEFAULT_TIMEOUT_MS = 5000;

function openReadConnection(nativeBinding: string, file: string, fileMustExist: boolean): Db {
  const native = requirePackage(nativeBinding) as Addon;
  if (!native.isInitialized) {
    // As the package's constructor does it, with the package's own error class (shared if the package loads later).
    native.setErrorConstructor(requirePackage('better-sqlite3/lib/sqlite-error.js'));
    native.isInitialized = true;
  }
  const name = file.trim();
  return new ReadConnection(new native.Database(name, file, false, true, fileMustExist, DEFAULT_TIMEOUT_MS, null, null)) as unknown as Db;
}

/**
 * A read-only connection with the package's methods: prepare, pragma, exec and close as its wrappers write
 * them; the rarer ones (transaction, function, backup...) run the package's own code on this connection.
 */
class ReadConnection {
  constructor(private readonly native: NativeDatabase) {}

  prepare(sql: string): BetterSqlite3.Statement {
    return this.native.prepare(sql, this, false);
  }

  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    if (typeof source !== 'string') throw new TypeError('Expected first argument to be a string');
    const stmt = this.native.prepare(`PRAGMA ${source}`, this, true);
    return options.simple ? stmt.pluck().get() : stmt.all();
  }

  exec(sql: string): this {
    this.native.exec(sql);
    return this;
  }

  close(): this {
    this.native.close();
    return this;
  }

  get name(): string {
    return this.native.name;
  }

  get open(): boolean {
    return this.native.open;
  }

  get inTransaction(): boolean {
    return this.native.inTransaction;
  }

  get readonly(): boolean {
    return this.native.readonly;
  }

  get memory(): boolean {
    return this.native.memory;
  }
}

const DELEGATED = ['transaction', 'backup', 'serialize', 'function', 'aggregate', 'table', 'loadExtension', 'defaultSafeIntegers', 'unsafeMode'] as const;
for (const method of DELEGATED) {
  Object.defineProperty(ReadConnection.prototype, method, {
    value(this: ReadConnection & Record<symbol, unknown>, ...args: unknown[]) {
      const proto = databaseClass().prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
      const { cppdb } = requirePackage('better-sqlite3/lib/util.js') as { cppdb: symbol };
      this[cppdb] ??= (this as unknown as { native: NativeDatabase }).native;
      return proto[method].apply(this, args);
    },
    writable: true,
    configurable: true,
  });
}
