// A call row's kind is stored as a small integer (ref-kind-codes.ts), a kind of no code as its text; the view refs
// reads every one back as the word it was, and a condition on kind_code finds the rows of a kind.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { refKindCode, refKindLiteral } from '../../src/index/ref-kind-codes.js';
import { SCHEMA_SQL } from '../../src/index/schema.js';

const KINDS = ['call', 'fn_pointer', 'macro_call', 'indirect', 'slot_copy', 'vector', 'preproc_call', 'odd_kind', "it's"];

describe('call row kinds as stored', () => {
  it('are codes (text for a kind of no code) that the view refs reads back as the words', () => {
    const db = new Database(':memory:');
    db.exec(SCHEMA_SQL);
    db.prepare("INSERT INTO names(id, name) VALUES (1, 'f')").run();
    const insert = db.prepare('INSERT INTO ref_rows(chunk_id, name_id, line, col, kind) VALUES (1, 1, ?, 1, ?)');
    KINDS.forEach((kind, line) => insert.run(line, refKindCode(kind)));
    const stored = db.prepare('SELECT typeof(kind) AS type, kind FROM ref_rows ORDER BY line').all() as { type: string; kind: unknown }[];
    expect(stored.slice(0, 7)).toEqual([0, 1, 2, 3, 4, 5, 6].map((kind) => ({ type: 'integer', kind })));
    expect(stored.slice(7)).toEqual(['odd_kind', "it's"].map((kind) => ({ type: 'text', kind })));
    expect(db.prepare('SELECT kind FROM refs ORDER BY line').pluck().all()).toEqual(KINDS);
    for (const [line, kind] of KINDS.entries()) expect(db.prepare(`SELECT line FROM refs WHERE kind_code = ${refKindLiteral(kind)}`).pluck().all()).toEqual([line]);
    // 'call' and 'fn_pointer' cost no byte in the record (codes 0 and 1).
    expect(refKindCode('call')).toBe(0);
    expect(refKindCode('fn_pointer')).toBe(1);
  });
});
