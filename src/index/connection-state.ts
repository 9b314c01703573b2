// What a writer keeps between the writes of one connection: made anew when another connection has committed since
// (`PRAGMA data_version` changed: rows it names may be gone or ids reused) or when the writer forgets it (a rollback).
import type { Db } from './open-index.js';
import { prepared } from './statement-cache.js';

export class ConnectionState<T> {
  private readonly held = new WeakMap<Db, { state: T; version: number }>();

  /** `fresh` makes a connection's state; `onStale` hears of a state dropped because another connection committed. */
  constructor(
    private readonly fresh: () => T,
    private readonly onStale?: (db: Db) => void,
  ) {}

  /** The state of `db`, made anew when none is held or it is stale. */
  of(db: Db): T {
    const version = prepared(db, 'PRAGMA data_version').pluck().get() as number;
    const h = this.held.get(db);
    if (h !== undefined && h.version === version) return h.state;
    if (h !== undefined) this.onStale?.(db);
    const state = this.fresh();
    this.held.set(db, { state, version });
    return state;
  }

  forget(db: Db): void {
    this.held.delete(db);
  }
}
