// A writer's per-connection state: kept across calls, made anew after another connection commits (with the stale
// hook told) or after the writer forgets it; and the count-bounded unit maps the list writers keep in it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionState } from '../../src/index/connection-state.js';
import { closeIndexForWrite, openIndexForWrite, type Db } from '../../src/index/open-index.js';
import { WeighedCache } from '../../src/model/weighed-cache.js';

const dirs: string[] = [];
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) closeIndexForWrite(db);
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Two connections to one new index file. */
function twoConnections(): [Db, Db] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connection-state-'));
  dirs.push(dir);
  const file = path.join(dir, 'index.db');
  closeIndexForWrite(openIndexForWrite(file).db);
  const a = openIndexForWrite(file).db;
  const b = openIndexForWrite(file).db;
  open.push(a, b);
  return [a, b];
}

describe('connection state', () => {
  it('is kept per connection until another connection commits or it is forgotten', () => {
    const [a, b] = twoConnections();
    const stale: Db[] = [];
    let made = 0;
    const state = new ConnectionState(() => ({ n: ++made }), (db) => stale.push(db));
    const first = state.of(a);
    expect(state.of(a)).toBe(first);
    expect(state.of(b)).not.toBe(first);
    expect(made).toBe(2);

    // A's own commit leaves A's state and makes B's stale; then B's commit does the same the other way.
    a.exec("INSERT INTO meta(key, value) VALUES ('connection-state-a', '1')");
    expect(state.of(a)).toBe(first);
    const ofB = state.of(b);
    expect(ofB.n).toBe(3);
    expect(stale).toEqual([b]);
    b.exec("INSERT INTO meta(key, value) VALUES ('connection-state-b', '1')");
    expect(state.of(b)).toBe(ofB);
    const again = state.of(a);
    expect(again).not.toBe(first);
    expect(stale).toEqual([b, a]);

    state.forget(a);
    expect(state.of(a)).not.toBe(again);
    expect(stale).toEqual([b, a]);
  });

  it('unit maps bounded by count are emptied only when a new key would pass the bound', () => {
    const units = WeighedCache.byCount<string, number>(2);
    units.set('a.c', 1);
    units.set('b.c', 2);
    units.set('b.c', 3);
    expect([units.get('a.c'), units.get('b.c')]).toEqual([1, 3]);
    units.set('c.c', 4);
    expect([units.get('a.c'), units.get('b.c'), units.get('c.c'), units.size]).toEqual([undefined, undefined, 4, 1]);
  });
});
