// Definition bodies of 256 characters or more are stored deflated (raw DEFLATE bytes), a third to a half of their text;
// shorter ones stay text. A long body of a symbol whose earlier long body is stored plain may be stored as raw DEFLATE
// bytes made with that body's text as the preset dictionary (bodies.base_id; a variant of a function under another mask is mostly
// its base's text). Only search_bodies reads body texts back, in SQL, through the function body_text (see bodyTextSql).
import type { Db } from './open-index.js';
import { WeighedCache } from '../model/weighed-cache.js';
import { deflated, deflatedWith, inflated, inflatedWith } from '../model/raw-deflate.js';

/**
 * Characters from which a body is stored deflated: below it DEFLATE saves little, and inflating costs per row. A
 * 246-env project's 3 500 bodies of 256-1 023 characters (1.78 MB) deflate to 0.86 MB (it was 1 024: row format 121).
 */
export const DEFLATE_FROM = 256;

/** A body text as its `bodies.text` column holds it when stored without a base. */
export function storedBody(text: string): string | Buffer {
  return text.length < DEFLATE_FROM ? text : deflated(text);
}

/** `text` deflated with base text `base` as the dictionary, when that takes fewer bytes than `plain` (storedBody's); else undefined. */
export function storedBodyOn(text: string, base: string, plain: string | Buffer): Buffer | undefined {
  const edits = deflatedWith(text, Buffer.from(base));
  return edits.length < (typeof plain === 'string' ? Buffer.byteLength(plain) : plain.length) ? edits : undefined;
}

/** The text of a stored body; `base`: the text of its base body when it names one (bodies.base_id). */
export function bodyText(stored: string | Buffer, base?: string | null): string {
  if (typeof stored === 'string') return stored;
  return (base === undefined || base === null ? inflated(stored) : inflatedWith(stored, Buffer.from(base))).toString('utf8');
}

/** Characters of inflated bodies a connection keeps by row id: a search's count, page and terms inflate each once. */
const MAX_KEPT_CHARS = 4_000_000;
const withFunction = new WeakSet<Db>();

/**
 * SQL for the text of the stored body in row `alias` of bodies on connection `db` (the function body_text is made
 * on it once): text is read as it is, only deflated bodies cross into JavaScript (with their base's stored text when
 * they name one), each inflated once while kept. Ids are never reused (body-texts.ts), so a kept text is the row's for
 * the life of the file.
 */
export function bodyTextSql(db: Db, alias: string): string {
  if (!withFunction.has(db)) {
    const kept = new WeighedCache<number, string>(MAX_KEPT_CHARS, (t) => t.length);
    db.function('body_text', { deterministic: true }, (rowId: unknown, stored: unknown, base: unknown) => {
      let t = kept.get(rowId as number);
      if (t === undefined) kept.set(rowId as number, (t = bodyText(stored as Buffer, base === null ? null : bodyText(base as string | Buffer))));
      return t;
    });
    withFunction.add(db);
  }
  const base = `(SELECT bb.text FROM bodies bb WHERE bb.id = ${alias}.base_id)`;
  return `(CASE WHEN typeof(${alias}.text) = 'blob' THEN body_text(${alias}.id, ${alias}.text, ${base}) ELSE ${alias}.text END)`;
}
