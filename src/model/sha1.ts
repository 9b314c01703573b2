// sha1 (hex) of text or bytes. Uses Node's one-shot crypto.hash where it exists (20.12+), several times
// cheaper per call than a createHash object for the short inputs hashed by the thousand; same digest.
// crypto is taken with require, and only at the first hash: an ESM import of it would copy all its exports
// (webcrypto among them) at start-up, and a read-only command that hashes nothing never loads it.
import type CryptoModule from 'node:crypto';
import type { Hash } from 'node:crypto';
import { requirePackage } from './require-package.js';

type OneShot = (algorithm: string, data: string | Buffer, encoding: 'hex') => string;

let crypto: typeof CryptoModule | undefined;
let hashOnce: ((data: string | Buffer) => string) | undefined;

function loadCrypto(): typeof CryptoModule {
  return (crypto ??= requirePackage('node:crypto') as typeof CryptoModule);
}

/** Whether this process loaded node:crypto (see small-sha1.ts). */
export function cryptoLoaded(): boolean {
  return crypto !== undefined;
}

function firstHasher(): (data: string | Buffer) => string {
  const c = loadCrypto();
  const oneShot = (c as { hash?: OneShot }).hash;
  return oneShot ? (data) => oneShot('sha1', data, 'hex') : (data) => c.createHash('sha1').update(data).digest('hex');
}

export function sha1(data: string | Buffer): string {
  if (typeof data === 'string' && data.length > HASH_PIECE_CHARS) return sha1OfTexts([data]);
  return (hashOnce ??= firstHasher())(data);
}

/**
 * Characters of a long text hashed at a time. Node encodes a string it hashes into a malloc'd block of its UTF-8
 * size; one past glibc's mmap threshold, freed, raises that threshold and the trim threshold (twice it) for the
 * rest of the process, and every malloc arena then keeps that much free memory (a 2.4 MB text hashed at once: ~4.5
 * MB in each of a run's 4 helper-thread arenas). 32 K characters are at most 96 KB of UTF-8, under glibc's first
 * threshold (128 KiB).
 */
const HASH_PIECE_CHARS = 32 * 1024;

/** sha1 of the texts' concatenation, without building it; a long text hashed in pieces as sha1 hashes one. */
export function sha1OfTexts(texts: readonly string[]): string {
  let chars = 0;
  for (const t of texts) chars += t.length;
  if (chars <= HASH_PIECE_CHARS) return sha1(texts.join(''));
  const h = sha1Hasher();
  for (const t of texts) updateInPieces(h, t);
  return h.digest('hex');
}

/** Adds `text` to `h` HASH_PIECE_CHARS at a time, never between the two halves of a surrogate pair: the same digest. */
function updateInPieces(h: Hash, text: string): void {
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + HASH_PIECE_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    h.update(text.slice(at, end));
    at = end;
  }
}

/** An incremental sha1 (update with pieces, then digest('hex')): the digest of their concatenation, for texts too large to build. */
export function sha1Hasher(): Hash {
  return loadCrypto().createHash('sha1');
}

/**
 * The first 52 bits of the sha1 of `text` as an integer (exact in a double): what a table's rows of long texts are
 * found by, an index of such integers being a fraction of one of the texts; equal keys are told apart by the text.
 */
export function sha1Key(text: string): number {
  return parseInt(sha1(text).slice(0, 13), 16);
}
