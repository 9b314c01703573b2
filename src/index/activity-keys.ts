// build_files.activity as stored: a key `<sha1 hex>[:<scope>]` (see mask-files.ts) as the sha1's 20 bytes, then the
// 4-byte id of the activity_scopes row holding its scope once; NULL as NULL, a key of any other shape as its text.
import type { Db } from './open-index.js';
import { hashedRowId } from './hashed-row-ids.js';
import { prepared } from './statement-cache.js';
import { ScopeHeads } from './scope-heads.js';

/** A key as build_files holds it: its packed bytes, its text (a key of no known shape), or null. */
export type StoredActivity = Buffer | string | null;

const HEAD_CHARS = 40;
const HEAD_BYTES = HEAD_CHARS / 2;
const ID_BYTES = 4;
const HEX_HEAD = /^[0-9a-f]{40}$/;

const isHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 97 && c <= 102);

/**
 * A scope as activity_scopes holds it: its runs of lowercase hex (an even number of digits, up to 255 bytes), each
 * after the one ASCII character before it (0 for none), as [character, byte count, bytes...]; else its text. A run
 * holding ZERO_RUN or more zero bytes in a row (a header digest's half for the lines below includes, mostly unused:
 * 84 000 of a 246-env project's 85 000 scopes) is [character + 128, byte count, where its longest such stretch starts,
 * its length, the other bytes...]. `u<sha1>h<64 hex>` takes 56 bytes for 106 characters, 42 when half the digest is 0.
 */
export function packScope(scope: string): Buffer | string {
  const out: number[] = [];
  for (let i = 0; i < scope.length; ) {
    let marker = 0;
    if (!isHex(scope.charCodeAt(i))) marker = scope.charCodeAt(i++);
    if (marker === 0 && i > 0) return scope;
    // 127 + ZEROS_LEFT_OUT would be scope-heads.ts's HEADED byte.
    if (marker >= 127) return scope;
    let j = i;
    while (j < scope.length && isHex(scope.charCodeAt(j))) j++;
    const count = (j - i) / 2;
    if (!Number.isInteger(count) || count > 255) return scope;
    const bytes: number[] = [];
    for (; i < j; i += 2) bytes.push(parseInt(scope.slice(i, i + 2), 16));
    pushRun(out, marker, bytes);
  }
  return out.length ? Buffer.from(out) : scope;
}

/** Zero bytes in a row from which a hex run is stored without them (see packScope). */
const ZERO_RUN = 4;
const ZEROS_LEFT_OUT = 128;

/** One hex run as packScope stores it: its longest stretch of zero bytes left out when it holds ZERO_RUN or more. */
function pushRun(out: number[], marker: number, bytes: readonly number[]): void {
  let at = 0;
  let len = 0;
  for (let k = 0; k < bytes.length; ) {
    if (bytes[k] !== 0) {
      k++;
      continue;
    }
    let e = k;
    while (e < bytes.length && bytes[e] === 0) e++;
    if (e - k > len) [at, len] = [k, e - k];
    k = e;
  }
  if (len < ZERO_RUN) {
    out.push(marker, bytes.length, ...bytes);
    return;
  }
  out.push(marker + ZEROS_LEFT_OUT, bytes.length, at, len, ...bytes.slice(0, at), ...bytes.slice(at + len));
}

/** The scope packScope stored. */
export function unpackScope(stored: Buffer | string): string {
  if (typeof stored === 'string') return stored;
  let out = '';
  for (let i = 0; i < stored.length; ) {
    const head = stored[i];
    const marker = head & (ZEROS_LEFT_OUT - 1);
    if (marker !== 0) out += String.fromCharCode(marker);
    const count = stored[i + 1];
    if (head < ZEROS_LEFT_OUT) {
      const end = i + 2 + count;
      out += stored.toString('hex', i + 2, end);
      i = end;
      continue;
    }
    const at = stored[i + 2];
    const len = stored[i + 3];
    const from = i + 4;
    const end = from + count - len;
    out += stored.toString('hex', from, from + at) + '00'.repeat(len) + stored.toString('hex', from + at, end);
    i = end;
  }
  return out;
}

/** The key's sha1 and scope when it has the expected shape (a scope, if any, not empty). */
function splitKey(key: string): { head: string; scope: string } | undefined {
  if (key.length < HEAD_CHARS || !HEX_HEAD.test(key.slice(0, HEAD_CHARS))) return undefined;
  if (key.length === HEAD_CHARS) return { head: key, scope: '' };
  if (key.charCodeAt(HEAD_CHARS) !== 58 || key.length === HEAD_CHARS + 1) return undefined;
  return { head: key.slice(0, HEAD_CHARS), scope: key.slice(HEAD_CHARS + 1) };
}

/** The first bytes of `key`'s stored form (its sha1), when it has the expected shape; stored keys of its scope share them. */
export function activityHead(key: string): Buffer | undefined {
  const split = splitKey(key);
  return split ? Buffer.from(split.head, 'hex') : undefined;
}

/** The stored form of `key` with scope id `scopeId(scope)` (asked only for a key with a scope). */
export function encodeActivity(key: string | null | undefined, scopeId: (scope: string) => number): StoredActivity {
  if (key === null || key === undefined) return null;
  const split = splitKey(key);
  if (!split) return key;
  const out = Buffer.alloc(HEAD_BYTES + (split.scope ? ID_BYTES : 0));
  out.write(split.head, 0, 'hex');
  if (split.scope) out.writeUInt32BE(scopeId(split.scope), HEAD_BYTES);
  return out;
}

/** The key encodeActivity stored, its scope read by id with `scopeOf`. */
export function decodeActivity(stored: StoredActivity, scopeOf: (id: number) => string): string | null {
  if (stored === null || typeof stored === 'string') return stored;
  const head = stored.toString('hex', 0, HEAD_BYTES);
  return stored.length > HEAD_BYTES ? `${head}:${scopeOf(stored.readUInt32BE(HEAD_BYTES))}` : head;
}

/**
 * The activity keys one writer stores and reads. A scope's id is the first 32 bits of its sha1 (the next free id past a
 * row holding another scope), so the same key is stored alike in any index. Ids found are kept for one write
 * transaction (forget): another run may collect scope rows between two.
 */
export class ActivityKeys {
  private readonly ids = new Map<string, number>();
  private readonly heads: ScopeHeads;

  constructor(private readonly db: Db) {
    this.heads = new ScopeHeads(db);
  }

  /** Forgets the ids found: called at each write transaction's start, and when one is rolled back. */
  forget(): void {
    this.ids.clear();
    this.heads.forget();
  }

  /** The stored form of `key`, its scope stored when new. */
  stored(key: string | null | undefined): StoredActivity {
    return encodeActivity(key, (scope) => this.scopeId(scope));
  }

  /** A reader of stored keys (each scope read once per reader). */
  reader(): (stored: StoredActivity) => string | null {
    const scopes = new Map<number, string>();
    const scopeOf = (id: number): string => {
      let s = scopes.get(id);
      if (s === undefined) {
        s = this.storedScope(id);
        if (s === undefined) throw new Error(`activity scope ${id} is not stored`);
        scopes.set(id, s);
      }
      return s;
    };
    return (stored) => decodeActivity(stored, scopeOf);
  }

  /** The scope the activity_scopes row `id` holds, undefined when there is none. */
  private storedScope(id: number): string | undefined {
    const row = prepared(this.db, 'SELECT scope FROM activity_scopes WHERE id = ?').pluck().get(id) as Buffer | string | undefined;
    return row === undefined ? undefined : this.heads.unpacked(row);
  }

  private scopeId(scope: string): number {
    const known = this.ids.get(scope);
    if (known !== undefined) return known;
    const id = hashedRowId(scope, (at) => this.storedScope(at), (at) => prepared(this.db, 'INSERT INTO activity_scopes(id, scope) VALUES (?, ?)').run(at, this.heads.packed(scope)));
    this.ids.set(scope, id);
    return id;
  }

  /** Deletes the scope rows no build_files row names, then the heads no scope names; answers how many scopes went. */
  collect(): number {
    const named = prepared(this.db, "SELECT DISTINCT substr(activity, ?) FROM build_files WHERE typeof(activity) = 'blob' AND length(activity) > ?").pluck();
    const used = new Set((named.all(HEAD_BYTES + 1, HEAD_BYTES) as Buffer[]).map((b) => b.readUInt32BE(0)));
    const drop = prepared(this.db, 'DELETE FROM activity_scopes WHERE id = ?');
    let dropped = 0;
    for (const id of prepared(this.db, 'SELECT id FROM activity_scopes').pluck().all() as number[]) if (!used.has(id)) dropped += drop.run(id).changes;
    if (dropped) this.ids.clear();
    this.heads.collect();
    return dropped;
  }
}
