// Files kept beside the index per build: a body of 4 KB or more is stored deflated after a 0 byte, read back equal
// (JSON and V8-serialized), recognised unchanged by its checksum, and not trusted when cut or edited; small bodies
// stay plain text.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  keepChecksummed, readChecksummed, readChecksummedValue, readChecksummedWithSum, writeChecksummed, writeChecksummedValue,
} from '../../src/indexer/build-state-files.js';
import { tempDir } from '../helpers/fixture-project.js';

const large = { units: Array.from({ length: 4000 }, (_, k) => ({ unit: `src/module_${k % 40}.c`, flags: ['-DBOARD_NRF52840', '-Os', `-DINDEX=${k}`] })) };

describe('deflated state files', () => {
  it('stores a large JSON body deflated, reads it back, and keeps it when unchanged', () => {
    const file = path.join(tempDir(), 'big.json');
    expect(writeChecksummed(file, large)).toBe(true);
    const bytes = fs.readFileSync(file);
    expect(bytes[41]).toBe(0);
    expect(bytes.length).toBeLessThan(JSON.stringify(large).length / 5);
    expect(readChecksummed(file)).toEqual(large);
    const sum = readChecksummedWithSum(file)!.sum;
    const mtime = fs.statSync(file).mtimeMs;
    expect(keepChecksummed(file, large)).toBe(sum);
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
  });

  it('stores a large V8-serialized body deflated and reads it back', () => {
    const file = path.join(tempDir(), 'big.v8');
    const value = { sets: new Map(large.units.map((u, k) => [k, u.flags])) };
    expect(writeChecksummedValue(file, value)).toBe(true);
    expect(fs.readFileSync(file)[41]).toBe(0);
    expect(readChecksummedValue(file)).toEqual(value);
  });

  it('does not trust a cut or edited deflated file', () => {
    const file = path.join(tempDir(), 'big.json');
    writeChecksummed(file, large);
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(file, bytes.subarray(0, bytes.length - 10));
    expect(readChecksummed(file)).toBeUndefined();
    const edited = Buffer.from(bytes);
    edited[edited.length - 20] ^= 0xff;
    fs.writeFileSync(file, edited);
    expect(readChecksummed(file)).toBeUndefined();
  });

  it('keeps a small body as plain text after its checksum', () => {
    const file = path.join(tempDir(), 'small.json');
    writeChecksummed(file, { a: 1 });
    expect(fs.readFileSync(file, 'utf8').slice(41)).toBe('{"a":1}');
  });
});
