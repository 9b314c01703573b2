// Definition bodies stored once per distinct text (a file parsed under several masks has mostly the same bodies in
// each parse): symbols.body_id names a `bodies` row, found by a 52-bit key of the text's sha1. Ids are never reused.
// A symbol's later bodies are stored on its first one stored plain (body-compression.ts storedBodyOn) when that is smaller.
import type { Db } from './open-index.js';
import { sha1Key } from '../model/sha1.js';
import { ownString } from '../model/own-strings.js';
import { prepared } from './statement-cache.js';
import { bodyText, storedBody, storedBodyOn } from './body-compression.js';
import { CollectedIds } from './collected-ids.js';

/** Characters of body text the writer's cache holds (a PlatformIO project's distinct bodies: a few MB). */
const MAX_CACHED_CHARS = 4_000_000;
/** The meta key counting the collections that deleted bodies. */
const COLLECTION_KEY = 'bodies_collections';
/** Symbols whose first plain body the writer remembers (stable id -> body id): a many-env project has ~50 000. */
const MAX_BASES = 100_000;

/** A stored body row as the key lookup reads it: its stored text and its base's. */
interface StoredBodyRow {
  id: number;
  text: string | Buffer;
  base: string | Buffer | null;
}

/**
 * Stores body texts for one writer, each distinct text once, with a cache of text -> id (see CollectedIds).
 */
export class BodyStore {
  private readonly ids: CollectedIds;
  /** Per symbol (stable id), the body this writer stored plain that its later bodies are stored on (checked to be there at use). */
  private readonly bases = new Map<string, number>();

  constructor(private readonly db: Db) {
    this.ids = new CollectedIds(db, COLLECTION_KEY, MAX_CACHED_CHARS, (text) => text.length);
  }

  /** Called at the start of each write transaction (see CollectedIds.begin). */
  begin(): void {
    this.ids.begin();
  }

  /** The transaction the cached ids were stored in was rolled back. */
  discard(): void {
    this.ids.discard();
  }

  /** The id of body `text` of the symbol of stable id `symbol`, stored now when new; null for no body. */
  id(text: string | null, symbol: string | null): number | null {
    if (text === null) return null;
    const known = this.ids.get(text);
    if (known !== undefined) return known;
    const key = sha1Key(text);
    const stored = prepared(this.db, 'SELECT b.id, b.text, t.text AS base FROM bodies b LEFT JOIN bodies t ON t.id = b.base_id WHERE b.key = ?').all(key) as StoredBodyRow[];
    const found = stored.find((r) => bodyText(r.text, r.base === null ? null : bodyText(r.base)) === text)?.id;
    const id = found ?? this.insert(key, text, symbol);
    // A body is cut from its file's masked text: held as it is, it would keep that whole text for as long as the
    // cache keeps the body (the libstdc++ headers of a host build: ~440 texts, 7 MB, past the build's end).
    this.ids.set(ownString(text), id);
    return id;
  }

  /** Stores new body `text`: on the symbol's base body when that is smaller, else plain (then the symbol's base when it has none). */
  private insert(key: number, text: string, symbol: string | null): number {
    const plain = storedBody(text);
    // A short body stays text (see DEFLATE_FROM): only deflated ones are stored on a base.
    const baseId = symbol === null || typeof plain === 'string' ? undefined : this.bases.get(symbol);
    const base = baseId === undefined ? undefined : (prepared(this.db, 'SELECT text FROM bodies WHERE id = ? AND base_id IS NULL').pluck().get(baseId) as string | Buffer | undefined);
    const edits = base === undefined ? undefined : storedBodyOn(text, bodyText(base), plain);
    const insert = prepared(this.db, 'INSERT INTO bodies(key, text, base_id) VALUES (?, ?, ?)');
    const id = Number(insert.run(key, edits ?? plain, edits ? baseId : null).lastInsertRowid);
    if (symbol !== null && !edits && base === undefined && typeof plain !== 'string') {
      if (this.bases.size >= MAX_BASES) this.bases.clear();
      this.bases.set(symbol, id);
    }
    return id;
  }

  /**
   * Deletes the bodies in temp table `candidates` (ids of bodies whose symbols were deleted) that no symbol names any
   * more; when any went, counts a collection (other writers' caches are dropped at their next transaction).
   */
  collect(candidates: string): number {
    // The bases of the candidates are candidates too: one goes when no symbol and no body stored on it names it, so
    // after the bodies stored on it (a second pass).
    prepared(this.db, `INSERT OR IGNORE INTO ${candidates} SELECT base_id FROM bodies WHERE id IN (SELECT id FROM ${candidates}) AND base_id IS NOT NULL`).run();
    const drop = prepared(
      this.db,
      `DELETE FROM bodies WHERE id IN (SELECT id FROM ${candidates}) AND NOT EXISTS (SELECT 1 FROM symbols s WHERE s.body_id = bodies.id)
         AND NOT EXISTS (SELECT 1 FROM bodies d WHERE d.base_id = bodies.id)`,
    );
    let dropped = 0;
    for (let n = drop.run().changes; n > 0; n = drop.run().changes) dropped += n;
    if (dropped > 0) this.ids.collected();
    return dropped;
  }
}
