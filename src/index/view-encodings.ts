// JSON and sha1 of file views, memoized by value: a header seen the same way by every unit of every build
// yields equal views (a few hundred distinct among tens of thousands), so each distinct one is serialized
// and hashed once per process. Views are treated as immutable once encoded (as FileViewCache does).
import type { DefineValues, FileView } from '../preprocessor/unit-result.js';
import { sha1 } from '../model/sha1.js';

export interface ViewEncoding {
  json: string;
  hash: string;
}

/** Bound on remembered views (beyond it the memo starts again). */
const MAX_VIEWS = 50_000;
/** Views of more #defines than this are not remembered by value (see byValue). */
const MAX_DEFINES_BY_VALUE = 5_000;

/** #defines written into one flat piece of a view's JSON before the pieces are joined (see viewJson). */
const DEFINES_A_PIECE = 4096;

const mix = (h: number, n: number): number => Math.imul(h ^ n, 0x01000193);

/** A cheap structural key: equal views have equal keys; views of one key are told apart by sameView. */
function viewKey(v: FileView): number {
  let h = mix(0x811c9dc5, v.lines);
  for (const n of v.ranges) h = mix(h, n);
  h = mix(h, v.defines.length / 2);
  for (let k = 0; k < v.defines.length; k += 2) {
    h = mix(h, v.defines[k] as number);
    const value = v.defines[k + 1] as string | null;
    if (value === null) h = mix(h, -1);
    else for (let i = 0; i < value.length; i++) h = mix(h, value.charCodeAt(i));
  }
  h = mix(h, v.evaluated ? v.evaluated.length : -1);
  h = mix(h, v.taken ? v.taken.length : -1);
  h = mix(h, v.allDefines ? 1 : 0);
  // Kept within V8's small-integer range, so the map key is not a boxed number.
  return h & 0x3fffffff;
}

function sameNumbers(a: number[] | undefined, b: number[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameView(a: FileView, b: FileView): boolean {
  if (a.lines !== b.lines || !sameNumbers(a.ranges, b.ranges) || !sameNumbers(a.evaluated, b.evaluated) || !sameNumbers(a.taken, b.taken)) return false;
  if (a.defines.length !== b.defines.length || a.allDefines !== b.allDefines) return false;
  for (let i = 0; i < a.defines.length; i++) if (a.defines[i] !== b.defines[i]) return false;
  return true;
}

/**
 * A view as stored: JSON of its fields in their order, `defines` written as [line, value] pairs (written in
 * pieces, without making the pairs). Built by one join of flat pieces: a device header's 450 000 #defines
 * concatenated one by one make a tree of small strings several times the size of the text, which the hash
 * then copies flat once more.
 */
export function viewJson(view: FileView): string {
  const parts = ['{'];
  for (const [key, value] of Object.entries(view)) {
    if (value === undefined) continue;
    parts.push(`${parts.length > 1 ? ',' : ''}${JSON.stringify(key)}:`);
    if (key === 'defines') pushDefinesJson(value as DefineValues, parts);
    else parts.push(JSON.stringify(value));
  }
  parts.push('}');
  return parts.join('');
}

/** Appends the JSON of `defines` to `out`, DEFINES_A_PIECE pairs a flat piece. */
function pushDefinesJson(defines: DefineValues, out: string[]): void {
  let piece: string[] = ['['];
  for (let k = 0; k < defines.length; k += 2) {
    piece.push(`${k ? ',' : ''}[${defines[k] as number},${JSON.stringify(defines[k + 1])}]`);
    if (piece.length === DEFINES_A_PIECE) {
      out.push(piece.join(''));
      piece = [];
    }
  }
  piece.push(']');
  out.push(piece.join(''));
}

/** A view read back from its stored JSON (`defines` made flat again). */
export function parseView(json: string): FileView {
  const stored = JSON.parse(json) as Omit<FileView, 'defines'> & { defines: [number, string | null][] };
  const defines: DefineValues = new Array(stored.defines.length * 2);
  for (let k = 0; k < stored.defines.length; k++) {
    defines[2 * k] = stored.defines[k][0];
    defines[2 * k + 1] = stored.defines[k][1];
  }
  return Object.assign(stored, { defines }) as FileView;
}

export class ViewEncodings {
  private byKey = new Map<number, { view: FileView; encoding: ViewEncoding }[]>();
  private size = 0;
  /** By object: the preprocessor hands the same view object to every unit that replays one header walk. */
  private byObject = new WeakMap<FileView, ViewEncoding>();

  /** A view read back from its stored JSON: its encoding is that JSON and the hash it is stored under (parseView round-trips). */
  remember(view: FileView, encoding: ViewEncoding): void {
    this.byObject.set(view, encoding);
  }

  of(view: FileView): ViewEncoding {
    const known = this.byObject.get(view);
    if (known) return known;
    const encoding = this.byValue(view);
    this.byObject.set(view, encoding);
    return encoding;
  }

  private byValue(view: FileView): ViewEncoding {
    const key = viewKey(view);
    let bucket = this.byKey.get(key);
    if (bucket) for (const e of bucket) if (e.view === view || sameView(e.view, view)) return e.encoding;
    const json = viewJson(view);
    const encoding = { json, hash: sha1(json) };
    // A large view (a device header's) is remembered by object only: by value it would outlive its build.
    if (view.defines.length > 2 * MAX_DEFINES_BY_VALUE) return encoding;
    if (this.size >= MAX_VIEWS) {
      this.byKey.clear();
      this.size = 0;
      bucket = undefined;
    }
    if (bucket) bucket.push({ view, encoding });
    else this.byKey.set(key, [{ view, encoding }]);
    this.size++;
    return encoding;
  }
}
