// A unit result's body (what unit_results.data holds besides its lists and views) as varints (see varints.ts): a
// byte of language and flags, the unit's path as the index of its file among the result's files (else its text), then
// each list the result has: `tops` as runs of one value (a unit reads most of its files under few of its own
// #includes: [0, 1, 2, 2, 2, …]), the others as differences. A result holding a number that is no safe integer keeps
// its body as JSON (a first byte '{', which no language byte is). What the lists mean is unit-result.ts's.
import { VarintReader, VarintWriter } from './varints.js';

export type ResultLang = 'c' | 'cpp' | 'asm';

/** What a result's body holds (see UnitResultRow). */
export interface ResultBody {
  unit: string;
  lang: ResultLang;
  tops?: number[];
  firstTops?: number[];
  heads?: number[];
  through?: number[];
  unseen?: number[];
  counter?: number[];
  counterUsed?: true;
  counterStale?: true;
  counterIn?: number[];
  counterInIf?: true;
}

const LANGS: readonly ResultLang[] = ['c', 'cpp', 'asm'];
/** The flags of the first byte, above the language's two bits. */
const COUNTER_USED = 4;
const COUNTER_STALE = 8;
const COUNTER_IN_IF = 16;
/** The first byte of a body kept as JSON. */
const JSON_BODY = 0x7b;

/** The body's lists in the order they are written, each a bit of the varint naming those present. */
const LISTS = ['tops', 'firstTops', 'heads', 'through', 'unseen', 'counter', 'counterIn'] as const;

/** The body's bytes; `unitFile` the index of the result's file whose path is the unit's, -1 when none is. */
export function encodeBody(body: ResultBody, unitFile: number): Buffer {
  const out = new VarintWriter(body.unit.length + (body.tops?.length ?? 0) + (body.heads?.length ?? 0));
  out.unsigned(LANGS.indexOf(body.lang) | (body.counterUsed ? COUNTER_USED : 0) | (body.counterStale ? COUNTER_STALE : 0) | (body.counterInIf ? COUNTER_IN_IF : 0));
  if (unitFile >= 0) out.unsigned(2 * unitFile + 1);
  else {
    out.unsigned(2 * Buffer.byteLength(body.unit));
    out.text(body.unit);
  }
  let present = 0;
  for (let b = 0; b < LISTS.length; b++) if (body[LISTS[b]] !== undefined) present |= 1 << b;
  out.unsigned(present);
  for (const name of LISTS) {
    const list = body[name];
    if (list === undefined) continue;
    if (!list.every(Number.isSafeInteger)) return Buffer.from(JSON.stringify(body));
    if (name === 'tops') writeRuns(out, list);
    else writeDifferences(out, list);
  }
  return out.buffer();
}

/** The language of a body, read from its first byte; undefined for a body kept as JSON. */
export function bodyLang(body: Uint8Array): ResultLang | undefined {
  return body.length && body[0] !== JSON_BODY ? LANGS[body[0] & 3] : undefined;
}

/** A body decoded; `file(k)` the path of the result's `k`th file (the unit's, when the body names it by index). */
export function decodeBody(body: Uint8Array, file: (k: number) => string): ResultBody {
  if (body[0] === JSON_BODY) return JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.length).toString('utf8')) as ResultBody;
  const r = new VarintReader(body);
  const first = r.unsigned();
  const unitAt = r.unsigned();
  const out: ResultBody = { unit: unitAt % 2 === 1 ? file((unitAt - 1) / 2) : r.text(unitAt / 2), lang: LANGS[first & 3] };
  const present = r.unsigned();
  for (let b = 0; b < LISTS.length; b++) if (present & (1 << b)) out[LISTS[b]] = b === 0 ? readRuns(r) : readDifferences(r);
  if (!r.done) throw new Error('a stored unit result has bytes past its body');
  if (first & COUNTER_USED) out.counterUsed = true;
  if (first & COUNTER_STALE) out.counterStale = true;
  if (first & COUNTER_IN_IF) out.counterInIf = true;
  return out;
}

/** Length, then per run of one value: its difference from the value of the run before, and its length less one. */
function writeRuns(out: VarintWriter, list: readonly number[]): void {
  out.unsigned(list.length);
  let before = 0;
  for (let i = 0; i < list.length; ) {
    const v = list[i];
    let j = i + 1;
    while (j < list.length && list[j] === v) j++;
    out.signed(v - before);
    out.unsigned(j - i - 1);
    before = v;
    i = j;
  }
}

function readRuns(r: VarintReader): number[] {
  const list: number[] = new Array(r.unsigned());
  let v = 0;
  for (let i = 0; i < list.length; ) {
    v += r.signed();
    const end = i + 1 + r.unsigned();
    if (end > list.length) throw new Error('a stored unit result has a run past its list');
    while (i < end) list[i++] = v;
  }
  return list;
}

/** Length, then each value's difference from the one before. */
function writeDifferences(out: VarintWriter, list: readonly number[]): void {
  out.unsigned(list.length);
  let before = 0;
  for (const v of list) {
    out.signed(v - before);
    before = v;
  }
}

function readDifferences(r: VarintReader): number[] {
  const list: number[] = new Array(r.unsigned());
  let v = 0;
  for (let i = 0; i < list.length; i++) list[i] = v += r.signed();
  return list;
}
