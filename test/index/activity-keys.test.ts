// build_files.activity stored packed (activity-keys.ts): keys round-trip whatever their shape, a scope is stored once
// and collected once no row names it, and a build's files keep their keys across a patch and a from-scratch index.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ActivityKeys, packScope, unpackScope } from '../../src/index/activity-keys.js';
import { IndexWriter } from '../../src/index/index-writer.js';
import { closeIndexForWrite, openIndexForWrite } from '../../src/index/open-index.js';
import { SCHEMA_SQL } from '../../src/index/schema.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { sha1 } from '../../src/model/sha1.js';
import { indexPath } from '../../src/project/config.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { removeIndexFiles } from '../helpers/remove-index.js';

const HEAD = sha1('head');
const SCOPE = `${sha1('sites')}c3,7u${sha1('undone')}h${'0'.repeat(32)}${sha1('headers').slice(0, 32)}`;

function scopeTable(): Database.Database {
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  db.pragma('foreign_keys = OFF');
  return db;
}

describe('activity keys as stored', () => {
  it('a key of the expected shape is its sha1 bytes and a scope id; NULL and keys of other shapes round-trip as they are', () => {
    const db = scopeTable();
    const keys = new ActivityKeys(db);
    const read = keys.reader();
    const scoped = `${HEAD}:${sha1('sites')}h${sha1('h').repeat(2).slice(0, 64)}`;
    const stored = keys.stored(scoped) as Buffer;
    expect(Buffer.isBuffer(stored) && stored.length).toBe(24);
    expect(read(stored)).toBe(scoped);
    const plain = keys.stored(HEAD) as Buffer;
    expect(plain.length).toBe(20);
    expect(read(plain)).toBe(HEAD);
    expect(keys.stored(null)).toBeNull();
    expect(keys.stored(undefined)).toBeNull();
    expect(read(null)).toBeNull();
    const odd = ['a1', HEAD.toUpperCase(), `${HEAD}:`, `${HEAD}x`, `${HEAD.slice(1)}:${SCOPE}`, ''];
    for (const key of odd) expect([key, keys.stored(key)]).toEqual([key, key]);
    // Scopes of any shape round-trip (those with odd hex runs or non-ASCII characters stored as their text).
    for (const scope of [SCOPE, 'c1,2,3', 'é0a', 'AB', '::', `v${sha1('x')}`, '0']) {
      const key = `${HEAD}:${scope}`;
      expect(read(keys.stored(key))).toBe(key);
      expect(unpackScope(packScope(scope))).toBe(scope);
    }
    expect((packScope(`u${sha1('a')}h${sha1('b')}${sha1('c').slice(0, 24)}`) as Buffer).length).toBe(56);
  });

  it('a scope is stored once; its id is its hash, the next id when another scope holds that one; unused scopes are collected', () => {
    const db = scopeTable();
    const taken = parseInt(sha1(SCOPE).slice(0, 8), 16);
    db.prepare('INSERT INTO activity_scopes(id, scope) VALUES (?, ?)').run(taken, 'another scope');
    const keys = new ActivityKeys(db);
    const a = keys.stored(`${HEAD}:${SCOPE}`) as Buffer;
    const b = keys.stored(`${sha1('other')}:${SCOPE}`) as Buffer;
    expect(a.readUInt32BE(20)).toBe((taken + 1) >>> 0);
    expect(b.readUInt32BE(20)).toBe(a.readUInt32BE(20));
    expect(db.prepare('SELECT count(*) FROM activity_scopes').pluck().get()).toBe(2);
    db.prepare('INSERT INTO build_files(build_id, parsed_id, activity) VALUES (1, 1, ?), (1, 2, ?)').run(a, 'odd');
    expect(keys.collect()).toBe(1);
    expect(new ActivityKeys(db).reader()(a)).toBe(`${HEAD}:${SCOPE}`);
  });
});

describe('scope heads', () => {
  it('scopes sharing a head (before their last h run) store it once, read back by a new reader; a head no scope names is collected', () => {
    const db = scopeTable();
    const head = `${sha1('sites')}u${sha1('undone')}`;
    const scopes = [1, 2, 3].map((k) => `${head}h${'0'.repeat(32)}${sha1(`headers ${k}`).slice(0, 32)}`);
    const other = `u${sha1('other')}h${sha1('h').repeat(2).slice(0, 64)}`;
    const keys = new ActivityKeys(db);
    const stored = [...scopes, other].map((scope, k) => keys.stored(`${sha1(`key ${k}`)}:${scope}`) as Buffer);
    const rows = db.prepare('SELECT scope FROM activity_scopes ORDER BY length(scope)').pluck().all() as Buffer[];
    // [0xff, head id, the rest packed]: 1 + 4 + 20 bytes where the whole scope packed took 4 + 41 + 20.
    expect(rows.map((r) => [r[0], r.length])).toEqual([...scopes.map(() => [0xff, 25]), [0xff, 39]]);
    expect(db.prepare('SELECT count(*) FROM scope_heads').pluck().get()).toBe(2);
    const read = new ActivityKeys(db).reader();
    expect(stored.map((s) => read(s))).toEqual([...scopes, other].map((scope, k) => `${sha1(`key ${k}`)}:${scope}`));
    // No head: the scope packed whole.
    keys.stored(`${HEAD}:h${sha1('x').repeat(2).slice(0, 64)}`);
    expect(db.prepare('SELECT count(*) FROM scope_heads').pluck().get()).toBe(2);
    db.prepare('INSERT INTO build_files(build_id, parsed_id, activity) VALUES (1, 1, ?)').run(stored[0]);
    expect(keys.collect()).toBe(4);
    expect(db.prepare('SELECT count(*) FROM scope_heads').pluck().get()).toBe(1);
    expect(new ActivityKeys(db).reader()(stored[0])).toBe(`${sha1('key 0')}:${scopes[0]}`);
  });
});

/** Per variant and stored path, the activity key the writer reads back; and how the rows hold them. */
function storedKeys(root: string): { keys: Record<string, string | null>; lengths: number[]; scopes: number; unnamed: number; dangling: number } {
  const { db } = openIndexForWrite(indexPath(root));
  try {
    const writer = new IndexWriter(db);
    const keys: Record<string, string | null> = {};
    for (const b of db.prepare('SELECT variant, image FROM builds').all() as { variant: string; image: string }[]) {
      for (const [file, f] of writer.buildFiles(b.variant, b.image)) keys[`${b.variant} ${file}`] = f.activity;
    }
    const lengths = db.prepare("SELECT DISTINCT length(activity) FROM build_files WHERE typeof(activity) = 'blob' ORDER BY 1").pluck().all() as number[];
    const named = new Set((db.prepare("SELECT substr(activity, 21) FROM build_files WHERE length(activity) = 24").pluck().all() as Buffer[]).map((b) => b.readUInt32BE(0)));
    const ids = db.prepare('SELECT id FROM activity_scopes').pluck().all() as number[];
    return { keys, lengths, scopes: ids.length, unnamed: ids.filter((id) => !named.has(id)).length, dangling: [...named].filter((id) => !ids.includes(id)).length };
  } finally {
    closeIndexForWrite(db);
  }
}

describe('activity keys of an index', () => {
  it('an edit of one unit changes its key only; the keys are those of a from-scratch index, their scopes each stored once', async () => {
    const { root } = await indexedFixture(['index', 'counter-in-headers']);
    const before = storedKeys(root);
    expect(Object.values(before.keys).every((k) => k !== null && /^[0-9a-f]{40}:./.test(k))).toBe(true);
    expect(before.lengths).toEqual([24]);
    expect(before.scopes).toBeLessThan(Object.keys(before.keys).length);
    fs.appendFileSync(path.join(root, 'src/b.c'), '\nint b_added(void) { return 2; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true });
    const after = storedKeys(root);
    const changed = Object.keys(before.keys).filter((k) => before.keys[k] !== after.keys[k]);
    expect(changed.map((k) => k.split(' ')[1])).toEqual(['src/b.c']);
    expect([after.unnamed, after.dangling]).toEqual([0, 0]);
    removeIndexFiles(root);
    await indexProject({ root });
    expect(storedKeys(root).keys).toEqual(after.keys);
  });

  it('the scopes only a removed build named are collected', async () => {
    const { root } = await indexedFixture(['index', 'multi-board-masked']);
    const before = storedKeys(root);
    const { db } = openIndexForWrite(indexPath(root));
    try {
      new IndexWriter(db).removeBuildsExcept(new Set(['build-board-a\u0000app']));
    } finally {
      closeIndexForWrite(db);
    }
    const after = storedKeys(root);
    expect(Object.keys(after.keys).length).toBeGreaterThan(0);
    expect(Object.keys(after.keys).every((k) => k.startsWith('build-board-a ') && after.keys[k] === before.keys[k])).toBe(true);
    expect(after.scopes).toBeLessThan(before.scopes);
    expect([after.unnamed, after.dangling]).toEqual([0, 0]);
  });
});
