// sha1 (hex) of a few small files in JavaScript, for a read-only command that has not loaded node:crypto: right after
// an edit is indexed its file is inside the racy window, so `status` hashes it again, and crypto took ~5 ms to load
// for a 6 KB file. Leaves out large inputs and a process that already loaded crypto (sha1.ts hashes those). The
// JavaScript hash is @noble/hashes' (2.x imports no Node module; its 1.x loaded node:crypto for its utilities).
import { sha1 as nobleSha1 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { cryptoLoaded, sha1 } from './sha1.js';

/** Largest input hashed here, and bytes a process hashes here in all: past them crypto is the cheaper hasher. */
const MAX_BYTES = 64 * 1024;
const BUDGET_BYTES = 256 * 1024;
let spent = 0;

/** sha1 of `bytes` (the digest sha1() gives), in JavaScript while crypto is not loaded and the input is small. */
export function sha1BeforeCrypto(bytes: Uint8Array): string {
  if (cryptoLoaded() || bytes.length > MAX_BYTES || spent + bytes.length > BUDGET_BYTES) return sha1(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  spent += bytes.length;
  return jsSha1(bytes);
}

/** SHA-1 of `bytes`, hex, in JavaScript (@noble/hashes: loads no Node module). */
export const jsSha1 = (bytes: Uint8Array): string => bytesToHex(nobleSha1(bytes));
