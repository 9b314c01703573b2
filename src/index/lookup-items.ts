// A list item standing for a header lookup that found no file (absent-lookups.ts: `["\u0001<header>\u0001<folder>\u0001
// ...",null]` as JSON) stored as its head and the id of an item holding the rest, the folders searched, which every
// header a unit looks for repeats. Other items are stored whole (value-lists.ts).

/** How the JSON of a lookup's item starts (JSON.stringify writes the mark as an escape). */
const LOOKUP_START = '["\\u0001';
/** The escaped mark before each folder. */
const MARK = '\\u0001';
/** First character of an item stored as its head and its tail's id: no JSON text starts with it (nor a deflated item, a blob). */
const SHARED = '\u0002';

/** A lookup item's JSON cut before its first folder: `head` + `tail` is `json`. Undefined for any other item. */
export function lookupParts(json: string): { head: string; tail: string } | undefined {
  if (!json.startsWith(LOOKUP_START)) return undefined;
  const at = json.indexOf(MARK, LOOKUP_START.length);
  return at < 0 ? undefined : { head: json.slice(0, at), tail: json.slice(at) };
}

/** The stored text of an item whose head is `head` and whose tail is item `tailId`. */
export const sharedTailText = (head: string, tailId: number): string => `${SHARED}${tailId}${SHARED}${head}`;

/** The head and tail id sharedTailText stored, undefined for an item stored whole. */
export function sharedTailOf(stored: string): { head: string; tailId: number } | undefined {
  if (stored.charCodeAt(0) !== 2) return undefined;
  const end = stored.indexOf(SHARED, 1);
  return { tailId: Number(stored.slice(1, end)), head: stored.slice(end + 1) };
}
