// sha1 (hex) of a few small files in JavaScript, for a read-only command that has not loaded node:crypto: right after
// an edit is indexed its file is inside the racy window, so `status` hashes it again, and crypto took ~5 ms to load
// for a 6 KB file. Leaves out large inputs and a process that already loaded crypto (sha1.ts hashes those).
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

const words = new Int32Array(80);

/** FIPS 180-4 SHA-1 of `bytes`, hex. */
export function jsSha1(bytes: Uint8Array): string {
  const n = bytes.length;
  const end = (((n + 8) >>> 6) + 1) * 64;
  const block = new Uint8Array(end);
  block.set(bytes);
  block[n] = 0x80;
  // The length in bits, big-endian in the last 8 bytes.
  const high = Math.floor(n / 0x20000000);
  const low = (n << 3) >>> 0;
  for (let k = 0; k < 4; k++) {
    block[end - 8 + k] = (high >>> (24 - 8 * k)) & 0xff;
    block[end - 4 + k] = (low >>> (24 - 8 * k)) & 0xff;
  }
  const h = [0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476, 0xc3d2e1f0 | 0];
  for (let at = 0; at < end; at += 64) compress(block, at, h);
  return h.map((x) => (x >>> 0).toString(16).padStart(8, '0')).join('');
}

function compress(block: Uint8Array, at: number, h: number[]): void {
  const w = words;
  for (let t = 0; t < 16; t++) {
    const i = at + 4 * t;
    w[t] = (block[i] << 24) | (block[i + 1] << 16) | (block[i + 2] << 8) | block[i + 3];
  }
  for (let t = 16; t < 80; t++) {
    const x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16];
    w[t] = (x << 1) | (x >>> 31);
  }
  let [a, b, c, d, e] = h;
  for (let t = 0; t < 80; t++) {
    let f: number;
    let k: number;
    if (t < 20) (f = (b & c) | (~b & d)), (k = 0x5a827999);
    else if (t < 40) (f = b ^ c ^ d), (k = 0x6ed9eba1);
    else if (t < 60) (f = (b & c) | (b & d) | (c & d)), (k = 0x8f1bbcdc | 0);
    else (f = b ^ c ^ d), (k = 0xca62c1d6 | 0);
    const next = (((a << 5) | (a >>> 27)) + f + e + k + w[t]) | 0;
    e = d;
    d = c;
    c = (b << 30) | (b >>> 2);
    b = a;
    a = next;
  }
  h[0] = (h[0] + a) | 0;
  h[1] = (h[1] + b) | 0;
  h[2] = (h[2] + c) | 0;
  h[3] = (h[3] + d) | 0;
  h[4] = (h[4] + e) | 0;
}
