// Row ids taken from a text's sha1 (its first 32 bits), probed upward past rows holding other texts: a text keeps its
// id across runs and builds without an index on the text (activity scopes, their heads).
import { sha1 } from '../model/sha1.js';

/** The id of `text`: the row `stored` finds holding it, or the first free one from its hash, where `insert` writes it. */
export function hashedRowId(text: string, stored: (id: number) => string | undefined, insert: (id: number) => void): number {
  let id = parseInt(sha1(text).slice(0, 8), 16);
  for (;;) {
    const held = stored(id);
    if (held === undefined) {
      insert(id);
      return id;
    }
    if (held === text) return id;
    id = (id + 1) >>> 0;
  }
}
