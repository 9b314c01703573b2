// sha1 columns as stored: a hash the code holds as 40 lowercase hex digits is stored as its 20 bytes (half the bytes in
// the row and again in the column's index); a value of any other shape as its text, read back as it was written.
// Symbol ids (16 hex digits: a sha1's first 64 bits) likewise as their 8 bytes (storedSymbolId).

/** A hash as its column holds it: the sha1's bytes, or the text of a value of no known shape. */
export type StoredHash = Buffer | string;

const HEX_SHA1 = /^[0-9a-f]{40}$/;

/** The stored form of `hash` (what a statement binds to write or find it). */
export function storedHash(hash: string): StoredHash {
  return hash.length === 40 && HEX_SHA1.test(hash) ? Buffer.from(hash, 'hex') : hash;
}

const HEX_SYMBOL_ID = /^[0-9a-f]{16}$/;

/** The stored form of a symbol's stable id or parent id: 16 hex digits as their 8 bytes, another shape as its text. */
export function storedSymbolId<T extends string | null>(id: T): StoredHash | T {
  return id !== null && id.length === 16 && HEX_SYMBOL_ID.test(id) ? Buffer.from(id, 'hex') : id;
}

/**
 * SQL matching `column` (a stored hash) to a bound one through the index on its first 3 bytes (schema.ts): the
 * statement binds the stored hash twice, there and then for the whole column. An index of the prefix holds 3 bytes an
 * entry where one of the column held 20; rows sharing a prefix (16.7 M of them: a few hundred pairs among a many-env
 * project's 124 000 lists) are told apart by the rest.
 */
export function byHashPrefix(column: string): string {
  return `substr(${column}, 1, 3) = substr(?, 1, 3) AND ${column} = ?`;
}

/** The hash storedHash (or the id storedSymbolId) stored, as the code holds it. */
export function hashText(stored: StoredHash): string {
  return typeof stored === 'string' ? stored : stored.toString('hex');
}
