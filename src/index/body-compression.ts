// Definition bodies of 256 characters or more are stored deflated (raw DEFLATE bytes), a third to a half of their text;
// shorter ones stay text. Only search_bodies reads body texts back, in SQL, through the function body_text (see bodyTextSql).
import type { Db } from './open-index.js';
import { WeighedCache } from '../model/weighed-cache.js';
import { deflated, inflated } from '../model/raw-deflate.js';

/**
 * Characters from which a body is stored deflated: below it DEFLATE saves little, and inflating costs per row. A
 * 246-env project's 3 500 bodies of 256-1 023 characters (1.78 MB) deflate to 0.86 MB (it was 1 024: row format 121).
 */
export const DEFLATE_FROM = 256;

/** A body text as its `bodies.text` column holds it. */
export function storedBody(text: string): string | Buffer {
  return text.length < DEFLATE_FROM ? text : deflated(text);
}

/** The text of a stored body. */
export function bodyText(stored: string | Buffer): string {
  return typeof stored === 'string' ? stored : inflated(stored).toString('utf8');
}

/** Characters of inflated bodies a connection keeps by row id: a search's count, page and terms inflate each once. */
const MAX_KEPT_CHARS = 4_000_000;
const withFunction = new WeakSet<Db>();

/**
 * SQL for the text of the stored body in columns `id` and `text` on connection `db` (the function body_text is made
 * on it once): text is read as it is, only deflated bodies cross into JavaScript, each inflated once while kept. Ids
 * are never reused (body-texts.ts), so a kept text is the row's for the life of the file.
 */
export function bodyTextSql(db: Db, id: string, text: string): string {
  if (!withFunction.has(db)) {
    const kept = new WeighedCache<number, string>(MAX_KEPT_CHARS, (t) => t.length);
    db.function('body_text', { deterministic: true }, (rowId: unknown, stored: unknown) => {
      let t = kept.get(rowId as number);
      if (t === undefined) kept.set(rowId as number, (t = bodyText(stored as Buffer)));
      return t;
    });
    withFunction.add(db);
  }
  return `(CASE WHEN typeof(${text}) = 'blob' THEN body_text(${id}, ${text}) ELSE ${text} END)`;
}
