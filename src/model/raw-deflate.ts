// Raw DEFLATE of stored bytes (state files beside the index, long definition bodies). node:zlib is taken at the first
// use, as sha1.ts takes node:crypto: a command that stores and reads nothing deflated never loads it.
import type ZlibModule from 'node:zlib';
import { requirePackage } from './require-package.js';

let zlib: typeof ZlibModule | undefined;
const loaded = (): typeof ZlibModule => (zlib ??= requirePackage('node:zlib') as typeof ZlibModule);

/** `bytes` deflated (raw: no header); `level` 1 is fastest, zlib's default otherwise. */
export function deflated(bytes: string | Buffer, level?: number): Buffer {
  return loaded().deflateRawSync(bytes, level === undefined ? {} : { level });
}

/** The bytes deflated() deflated. */
export function inflated(bytes: Buffer): Buffer {
  return loaded().inflateRawSync(bytes);
}

/** `bytes` deflated (raw) with `dictionary` as the preset dictionary (inflatedWith needs the same one). */
export function deflatedWith(bytes: string | Buffer, dictionary: Buffer): Buffer {
  return loaded().deflateRawSync(bytes, { dictionary });
}

/** The bytes deflatedWith() deflated with `dictionary`. */
export function inflatedWith(bytes: Buffer, dictionary: Buffer): Buffer {
  return loaded().inflateRawSync(bytes, { dictionary });
}
