// sha1 (hex) of text or bytes. Uses Node's one-shot crypto.hash where it exists (20.12+), several times
// cheaper per call than a createHash object for the short inputs hashed by the thousand; same digest.
// crypto is taken with require: an ESM import of it would copy all its exports (webcrypto among them) at start-up.
import type CryptoModule from 'node:crypto';
import type { Hash } from 'node:crypto';
import { requirePackage } from './require-package.js';

const crypto = requirePackage('node:crypto') as typeof CryptoModule;

const oneShot = (crypto as { hash?: (algorithm: string, data: string | Buffer, encoding: 'hex') => string }).hash;

export const sha1: (data: string | Buffer) => string = oneShot
  ? (data) => oneShot('sha1', data, 'hex')
  : (data) => crypto.createHash('sha1').update(data).digest('hex');

/** An incremental sha1 (update with pieces, then digest('hex')): the digest of their concatenation, for texts too large to build. */
export function sha1Hasher(): Hash {
  return crypto.createHash('sha1');
}
