// An activity scope's head (what precedes its last `h` run: the unit files' #defines digest, counter marks, the #undef
// digest) stored once in scope_heads and named by its id: 73 000 of a 246-env project's 85 000 scopes repeat ~5 800 heads.
import type { Db } from './open-index.js';
import { hashedRowId } from './hashed-row-ids.js';
import { prepared } from './statement-cache.js';
import { packScope, unpackScope } from './activity-keys.js';

/** The first byte of a scope stored with its head's id (packScope never writes it: see its marker bound). */
export const HEADED = 0xff;
const ID_BYTES = 4;

/** A scope's head and the rest from its last `h` (a header digest: distinct per file and build), when it has both. */
function splitHead(scope: string): { head: string; rest: string } | undefined {
  const at = scope.lastIndexOf('h');
  return at > 0 ? { head: scope.slice(0, at), rest: scope.slice(at) } : undefined;
}

/**
 * Heads of the scopes one writer stores and reads. A head's id is the first 32 bits of its sha1 (the next free id past
 * a row holding another head), as scopes' are. Ids found are kept until forget (another run may collect heads).
 */
export class ScopeHeads {
  private readonly ids = new Map<string, number>();
  private readonly texts = new Map<number, string>();

  constructor(private readonly db: Db) {}

  forget(): void {
    this.ids.clear();
    this.texts.clear();
  }

  /** `scope` as activity_scopes.scope holds it: [HEADED, head id, the rest packed] when both parts pack, else packScope's. */
  packed(scope: string): Buffer | string {
    const split = splitHead(scope);
    const rest = split ? packScope(split.rest) : undefined;
    if (split === undefined || rest === undefined || typeof rest === 'string') return packScope(scope);
    const out = Buffer.alloc(1 + ID_BYTES + rest.length);
    out[0] = HEADED;
    out.writeUInt32BE(this.headId(split.head), 1);
    rest.copy(out, 1 + ID_BYTES);
    return out;
  }

  /** The scope `packed` stored. */
  unpacked(stored: Buffer | string): string {
    if (typeof stored === 'string' || stored[0] !== HEADED) return unpackScope(stored);
    return this.headText(stored.readUInt32BE(1)) + unpackScope(stored.subarray(1 + ID_BYTES));
  }

  private headText(id: number): string {
    let text = this.texts.get(id);
    if (text === undefined) {
      const row = this.storedHead(id);
      if (row === undefined) throw new Error(`activity scope head ${id} is not stored`);
      this.texts.set(id, (text = row));
    }
    return text;
  }

  private storedHead(id: number): string | undefined {
    const row = prepared(this.db, 'SELECT head FROM scope_heads WHERE id = ?').pluck().get(id) as Buffer | string | undefined;
    return row === undefined ? undefined : unpackScope(row);
  }

  private headId(head: string): number {
    const known = this.ids.get(head);
    if (known !== undefined) return known;
    const id = hashedRowId(head, (at) => this.storedHead(at), (at) => prepared(this.db, 'INSERT INTO scope_heads(id, head) VALUES (?, ?)').run(at, packScope(head)));
    this.ids.set(head, id);
    this.texts.set(id, head);
    return id;
  }

  /** Deletes the heads no scope names (after the scopes' collection); answers how many. */
  collect(): number {
    const named = prepared(this.db, "SELECT substr(scope, 2, ?) FROM activity_scopes WHERE typeof(scope) = 'blob' AND substr(scope, 1, 1) = x'ff'").pluck();
    const used = new Set((named.all(ID_BYTES) as Buffer[]).map((b) => b.readUInt32BE(0)));
    const drop = prepared(this.db, 'DELETE FROM scope_heads WHERE id = ?');
    let dropped = 0;
    for (const id of prepared(this.db, 'SELECT id FROM scope_heads').pluck().all() as number[]) if (!used.has(id)) dropped += drop.run(id).changes;
    if (dropped) this.forget();
    return dropped;
  }
}
