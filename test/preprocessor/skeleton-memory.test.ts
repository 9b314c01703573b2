// What a large file's skeleton costs while it is made and stored: lines are scanned one at a time (the same
// lines as splitting the text), the stored bytes are written in pieces (the same bytes as one JSON text of the
// skeleton), a skeleton row of more than a megabyte is written when put (and smaller rows once they pass a megabyte
// together, each holding bytes of its own), a cleared skeleton cache scans again, and a file of more than 4 MB is
// not kept in memory by the run's file states.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SkeletonRows } from '../../src/index/skeleton-rows.js';
import { closeIndexForWrite, openIndexForWrite } from '../../src/index/open-index.js';
import { FileStates } from '../../src/indexer/file-states.js';
import { buildSkeleton, decodeSkeleton, encodeSkeleton, SkeletonCache } from '../../src/preprocessor/file-skeleton.js';
import { sha1 } from '../../src/model/sha1.js';
import { physicalLines, scanLines, scanSource } from '../../src/preprocessor/scan-source.js';
import { deviceHeaderText } from '../bench/synthetic-device-header.js';

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-skeleton-memory-')));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const TEXTS = [
  '', '\n', '\n\n', 'a', 'a\n', 'a\n\n', 'a\r\nb\r\n', 'a\rb\r', 'a\r\n\r\nb', '#define A 1 \\\n  + 2\n', '#define A 1 \\\n',
  '/* x\n y */ #if 1\nint a;\n#endif', 'a\r\n/* open\r\n', 'R"x(\n#define no\n)x"\n#define yes\n',
];

describe('scanning one line at a time', () => {
  it('sees the lines and line count of the split text', () => {
    for (const text of TEXTS) {
      const seen: unknown[] = [];
      const scan = scanLines(text, {}, (l) => seen.push(l));
      expect(scan.lineCount).toBe(physicalLines(text).length);
      expect(seen).toEqual(scanSource(text).lines);
    }
  });
});

describe('stored skeleton bytes', () => {
  it('are the JSON text of the stored skeleton, written in pieces', () => {
    const text = deviceHeaderText(12);
    const sk = buildSkeleton('/p/dev.h', text);
    const bytes = encodeSkeleton(sk);
    expect(bytes.length).toBeGreaterThan(1 << 17);
    const stored = JSON.parse(bytes.toString('utf8'));
    expect(bytes.toString('utf8')).toBe(JSON.stringify(stored));
    expect(stored.directives[1]).toEqual(['define', 2, 2, 'DEV_H', -1, -1, 0]);
    const again = decodeSkeleton(bytes, '/p/dev.h');
    expect(again.directives.map((d) => [d.kind, d.line, d.rest])).toEqual(sk.directives.map((d) => [d.kind, d.line, d.rest]));
    expect(encodeSkeleton(again).equals(bytes)).toBe(true);
  });

  it('are the text one JSON.stringify of the stored form makes, across batches of directives', () => {
    // Texts JSON escapes (quotes, backslashes, control characters, a lone surrogate, non-ASCII), 600 directives.
    const lines = ['#ifndef G_H', '#define G_H'];
    for (let i = 0; i < 300; i++) lines.push(`#error "quoted \\ ${i}"\t\u0001 \ud800 é`, `#define M${i} (${i} + 1)`);
    lines.push('#endif');
    const sk = buildSkeleton('/p/g.h', lines.join('\n'));
    expect(sk.directives.length).toBe(603);
    const stored = {
      lineCount: sk.lineCount, problems: sk.problems, guard: sk.guard ?? null, pragmaOnce: sk.pragmaOnce, mentionsCounter: false, firstCode: null, headHash: null, hash: sk.hash,
      directives: sk.directives.map((d) => [d.kind, d.line, d.endLine, d.rest, d.next ?? -1, d.end ?? -1, d.stray ? 1 : 0]),
    };
    expect(encodeSkeleton(sk).toString('utf8')).toBe(JSON.stringify(stored));
    const empty = buildSkeleton('/p/e.h', 'int a;\n');
    expect(JSON.parse(encodeSkeleton(empty).toString('utf8')).directives).toEqual([]);
    // Whether the text names the counter (its code may use it before any macro does) is kept.
    const counting = buildSkeleton('/p/c.h', 'int c = __COUNTER__;\n');
    expect(counting.mentionsCounter).toBe(true);
    expect(decodeSkeleton(encodeSkeleton(counting), '/p/c.h').mentionsCounter).toBe(true);
    // Where code starts above an #include, and the hash of the text down to it, are kept (see names-above-include.ts).
    const head = buildSkeleton('/p/h.h', '#ifndef H_H\n#define H_H\nint above(void);\n#include "x.h"\nint below(void);\n#endif\n');
    expect([head.firstCode, head.headHash]).toEqual([3, sha1('#ifndef H_H\n#define H_H\nint above(void);\n#include "x.h"\n')]);
    const decoded = decodeSkeleton(encodeSkeleton(head), '/p/h.h');
    expect([decoded.firstCode, decoded.headHash]).toEqual([head.firstCode, head.headHash]);
    expect(buildSkeleton('/p/t.h', '#include "x.h"\nint below(void);\n').firstCode).toBeUndefined();
  });

  it('of more than a megabyte are written when put, the others when flushed', () => {
    const { db } = openIndexForWrite(path.join(dir, 'index.db'));
    try {
      const rows = new SkeletonRows(db, 'f');
      rows.put('big.h', false, 'h1', Buffer.alloc((1 << 20) + 1, 32));
      rows.put('small.h', false, 'h2', Buffer.from('{}'));
      const count = () => (db.prepare('SELECT count(*) FROM skeletons').pluck().get() as number);
      expect(count()).toBe(1);
      expect(rows.get('small.h', false, 'h2')?.toString()).toBe('{}');
      expect(rows.flush()).toBe(2);
      expect(count()).toBe(2);
      expect(new SkeletonRows(db, 'f').get('big.h', false, 'h1')?.length).toBe((1 << 20) + 1);
    } finally {
      closeIndexForWrite(db);
    }
  });
});

describe('stored skeleton rows kept before their write', () => {
  it('are written once they pass a megabyte together, inside the transaction open, and read back the same', () => {
    const { db } = openIndexForWrite(path.join(dir, 'pending.db'));
    try {
      const rows = new SkeletonRows(db, 'f');
      const count = () => (db.prepare('SELECT count(*) FROM skeletons').pluck().get() as number);
      const row = (i: number) => Buffer.alloc(100_000, 48 + (i % 10));
      for (let i = 0; i < 10; i++) rows.put(`h${i}.h`, false, 'h', row(i));
      // 1 000 000 bytes: under a megabyte, all kept.
      expect(count()).toBe(0);
      // The same row put again is counted once.
      rows.put('h0.h', false, 'h', row(0));
      expect(count()).toBe(0);
      db.exec('BEGIN IMMEDIATE');
      rows.put('h10.h', false, 'h', row(10));
      expect(count()).toBe(11);
      // Found in SQLite now, as each was put.
      for (let i = 0; i <= 10; i++) expect(rows.get(`h${i}.h`, false, 'h')?.equals(row(i))).toBe(true);
      rows.put('last.h', false, 'h', Buffer.from('{}'));
      db.exec('COMMIT');
      expect(rows.flush()).toBe(12);
      expect(count()).toBe(12);
      expect(new SkeletonRows(db, 'f').get('h3.h', false, 'h')?.equals(row(3))).toBe(true);
    } finally {
      closeIndexForWrite(db);
    }
  });
});

describe('small stored skeleton rows kept before their write', () => {
  it('hold bytes of their own, not the slab of Node’s buffer pool their encoding was cut from', () => {
    const { db } = openIndexForWrite(path.join(dir, 'own-bytes.db'));
    try {
      const rows = new SkeletonRows(db, 'f');
      const sk = buildSkeleton('/p/small.h', '#ifndef S_H\n#define S_H 1\n#endif\n');
      const encoded = encodeSkeleton(sk);
      // A small encoding is a slice of a pool slab (8 KB) that other buffers share.
      expect(encoded.buffer.byteLength).toBeGreaterThan(encoded.length);
      rows.put('small.h', false, 'h', encoded);
      const kept = rows.get('small.h', false, 'h')!;
      expect(kept.equals(encoded)).toBe(true);
      expect(kept.buffer.byteLength).toBe(encoded.length);
      expect(decodeSkeleton(kept, '/p/small.h').guard).toBe(sk.guard);
    } finally {
      closeIndexForWrite(db);
    }
  });
});

describe('a skeleton cache cleared', () => {
  it('holds none, and scans a file read again into the same skeleton', () => {
    const cache = new SkeletonCache();
    const text = '#ifndef A_H\n#define A_H\n#define B 2\n#endif\n';
    const sk = cache.get('/p/a.h', text);
    expect(cache.get('/p/a.h', text)).toBe(sk);
    expect(cache.scans).toBe(1);
    cache.clear();
    expect(cache.largest(0)).toEqual([]);
    const again = cache.get('/p/a.h', text);
    expect(again).not.toBe(sk);
    expect(cache.scans).toBe(2);
    expect(again.directives.map((d) => [d.kind, d.line, d.rest])).toEqual(sk.directives.map((d) => [d.kind, d.line, d.rest]));
  });
});

describe('stored skeleton lookups', () => {
  it('ask SQLite nothing while the table is empty, and again once a row is written', () => {
    const { db } = openIndexForWrite(path.join(dir, 'empty.db'));
    try {
      const rows = new SkeletonRows(db, 'f');
      expect(rows.get('a.h', false, 'h1')).toBeUndefined();
      rows.put('a.h', false, 'h1', Buffer.from('{}'));
      expect(rows.get('a.h', false, 'h1')?.toString()).toBe('{}');
      expect(rows.get('b.h', false, 'h1')).toBeUndefined();
      expect(rows.queries).toBe(0);
      rows.flush();
      expect(rows.get('a.h', false, 'h1')?.toString()).toBe('{}');
      expect(rows.queries).toBe(1);
      // Opened on a table with rows: every lookup not pending asks.
      const again = new SkeletonRows(db, 'f');
      expect(again.get('b.h', false, 'h1')).toBeUndefined();
      expect(again.queries).toBe(1);
      // A big row written when put counts as stored at once.
      const other = new SkeletonRows(db, 'g');
      other.put('big.h', false, 'h1', Buffer.alloc((1 << 20) + 1, 32));
      expect(other.get('big.h', false, 'h1')?.length).toBe((1 << 20) + 1);
      expect(other.queries).toBe(1);
    } finally {
      closeIndexForWrite(db);
    }
  });

  // Bytes this process read through read(2)/pread(2): Linux only.
  const bytesRead = () => Number(/rchar: (\d+)/.exec(fs.readFileSync('/proc/self/io', 'utf8'))![1]);

  it.skipIf(!fs.existsSync('/proc/self/io'))('of one path read no bytes of a large row whose key sits beside it', () => {
    const file = path.join(dir, 'lookups.db');
    const first = openIndexForWrite(file).db;
    const rows = new SkeletonRows(first, 'f');
    rows.put('inc/big.h', false, 'h1', Buffer.alloc(8 << 20, 32));
    for (const name of ['inc/big.g', 'inc/big.i', 'inc/a.h', 'inc/z.h']) rows.put(name, false, 'h2', Buffer.from('{}'));
    rows.flush();
    closeIndexForWrite(first);
    const { db } = openIndexForWrite(file);
    try {
      const again = new SkeletonRows(db, 'f');
      const before = bytesRead();
      for (const name of ['inc/big.g', 'inc/big.i']) expect(again.get(name, false, 'h2')?.toString()).toBe('{}');
      expect(bytesRead() - before).toBeLessThan(1 << 20);
      expect(again.get('inc/big.h', false, 'h1')?.length).toBe(8 << 20);
    } finally {
      closeIndexForWrite(db);
    }
  });
});

describe('file states', () => {
  it('keep the bytes of small files read, not of a file over 4 MB', () => {
    const small = path.join(dir, 'small.h');
    const large = path.join(dir, 'large.h');
    fs.writeFileSync(small, 'int a;\n');
    fs.writeFileSync(large, Buffer.alloc(4 * 1024 * 1024 + 1, 32));
    const states = new FileStates(dir, new Map());
    expect(states.hash(small)).not.toBeNull();
    expect(states.hash(large)).not.toBeNull();
    expect(states.keptBytes(small)?.bytes.toString()).toBe('int a;\n');
    expect(states.keptBytes(large)).toBeUndefined();
  });
});
