// sha1 columns as stored: a hash the code holds as 40 lowercase hex digits is stored as its 20 bytes (half the bytes in
// the row and again in the column's index); a value of any other shape as its text, read back as it was written.

/** A hash as its column holds it: the sha1's bytes, or the text of a value of no known shape. */
export type StoredHash = Buffer | string;

const HEX_SHA1 = /^[0-9a-f]{40}$/;

/** The stored form of `hash` (what a statement binds to write or find it). */
export function storedHash(hash: string): StoredHash {
  return hash.length === 40 && HEX_SHA1.test(hash) ? Buffer.from(hash, 'hex') : hash;
}

/** The hash storedHash stored, as the code holds it. */
export function hashText(stored: StoredHash): string {
  return typeof stored === 'string' ? stored : stored.toString('hex');
}
