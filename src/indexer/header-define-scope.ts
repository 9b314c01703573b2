// Where the #defines of headers reach: a header's #define applies to another file's text only where some unit read
// the header before that text. At file granularity: before the unit's last read of the file ended, told apart by the
// unit's own #include lines (see UnitResult.tops); in a unit's own file, below the #include that first read it.
// A header's #defines are told apart by the views that reached them (define-classes.ts): another file sees those of
// the class its reader reached, the header's own text those of the classes whose lines hold it.
// A header read once sees a file first read through its own #include only below that #include where the header names
// one of the file's names above it (see UnitResult.through: glibc's stdio.h declares fread_unlocked above the #include
// of bits/stdio.h, which defines it as a macro). Leaves out the order of other reads under one #include of the unit's
// own file (a file and a header read there see each other), and names a header reaches above such an #include only
// through another macro's expansion.
import type { UnitResult } from '../preprocessor/unit-result.js';
import { classesDigest, classesSee, classLanes, FileClasses, inRanges, LANES, reached, type ClassLines, type DefineClass } from './define-classes.js';

/** What the visibility of headers' #defines is made from (see UnitResult.tops and firstTops). */
export type HeaderScopeInput = Pick<UnitResult, 'unit' | 'files' | 'tops' | 'firstTops' | 'through'>;

/** Of a file with several defining classes: each one's number and lines. */
interface NumberedClass {
  readonly id: number;
  readonly lines: ClassLines;
}

/**
 * Which files' #defines each file of a build sees: headers as bit sets over their defining classes (interned: files
 * that see the same share one), units' own files also by line. Files no unit read see every definition. A file's own
 * #defines apply to its text where one of its classes that reached them compiles it (`own`).
 */
export class HeaderVisibility {
  private digests = new Map<string, string>();
  /** The sums of the bit sets' lanes (files seeing the same headers share one set). */
  private sums = new WeakMap<Uint32Array, Uint32Array>();

  constructor(
    /** The defining classes (by file, stored paths) by number: one number, or several with their lines. */
    private readonly ids: ReadonlyMap<string, number | readonly NumberedClass[]>,
    private readonly lanes: Uint32Array,
    /** Per file: the defining classes it sees in all its text. */
    private readonly seenBy: ReadonlyMap<string, Uint32Array>,
    /** Per unit's own file, by defining class: the line below which it sees it (of its #include that read it first), or -1. */
    private readonly below: ReadonlyMap<string, Int32Array>,
    /** Per file with several classes: the lines of each (see FileClasses.lines). */
    private readonly own: ReadonlyMap<string, readonly ClassLines[]> = new Map(),
  ) {}

  /** Whether a #define of `file` itself at `defLine` (above `line`) applies at `line`: a class that reached it compiles the line. */
  ownSees(file: string, line: number, defLine: number): boolean {
    if (this.own.size === 0) return true;
    const lines = this.own.get(file);
    return lines === undefined || classesSee(lines, line, defLine);
  }

  /** The number of define classes of `file` (stored path) when it has several (see FileClasses.lines), else 0. */
  classCount(file: string): number {
    return this.own.size === 0 ? 0 : (this.own.get(file)?.length ?? 0);
  }

  /** Of a file with several classes: whether its `k`th class compiles `line`. */
  classCompiles(file: string, k: number, line: number): boolean {
    return inRanges(this.own.get(file)![k].ranges, line);
  }

  /** Of a file with several classes: whether its `k`th class reached the file's #define at `defLine`. */
  classReached(file: string, k: number, defLine: number): boolean {
    return reached(this.own.get(file)![k], defLine);
  }

  /** Whether some view of `file` (stored path) did not reach the file's #define at `defLine`. */
  conditional(file: string, defLine: number): boolean {
    const lines = this.own.get(file);
    return lines !== undefined && lines.some((c) => !reached(c, defLine));
  }

  /** The files (stored paths) with several classes, whose #defines some of their lines do not see. */
  get classedFiles(): Iterable<string> {
    return this.own.keys();
  }

  /** The file last asked about, and what it sees (a file's lookups come one after another). */
  private lastFile: string | undefined;
  private lastBits: Uint32Array | undefined;
  private lastBelow: Int32Array | undefined;

  /** Whether a #define of `defFile` (stored path, or `<command-line>`) at `defLine` may apply at `line` of `file`. */
  sees(file: string, line: number, defFile: string, defLine: number): boolean {
    if (defFile.charCodeAt(0) === 60) return true;
    if (file !== this.lastFile) {
      this.lastFile = file;
      this.lastBits = this.seenBy.get(file);
      this.lastBelow = this.below.get(file);
    }
    const bits = this.lastBits;
    const below = this.lastBelow;
    if (bits === undefined && below === undefined) return true;
    const known = this.ids.get(defFile);
    if (known === undefined) return false;
    if (typeof known === 'number') return seesClass(bits, below, known, line);
    for (const c of known) if (reached(c.lines, defLine) && seesClass(bits, below, c.id, line)) return true;
    return false;
  }

  /** A digest of what `file` sees ('' when no unit read it): part of its stored parse's key. */
  digest(file: string): string {
    let d = this.digests.get(file);
    if (d !== undefined) return d;
    const bits = this.seenBy.get(file);
    const below = this.below.get(file);
    if (bits === undefined && below === undefined) return '';
    const sum = new Uint32Array(2 * LANES);
    if (bits !== undefined) {
      let set = this.sums.get(bits);
      if (set === undefined) this.sums.set(bits, (set = addBits(new Uint32Array(LANES), bits, this.lanes)));
      sum.set(set);
    }
    if (below !== undefined) {
      for (let id = 0; id < below.length; id++) {
        const line = below[id];
        if (line >= 0) for (let l = 0; l < LANES; l++) sum[LANES + l] += Math.imul(this.lanes[id * LANES + l], 2 * line + 1);
      }
    }
    const own = this.own.get(file);
    this.digests.set(file, (d = `${Buffer.from(sum.buffer).toString('hex')}${own ? `v${classesDigest(own)}` : ''}`));
    return d;
  }
}

/** Whether a file seeing the classes `bits` in all its text, and `below` below lines, sees class `id` at `line`. */
function seesClass(bits: Uint32Array | undefined, below: Int32Array | undefined, id: number, line: number): boolean {
  if (bits !== undefined && (bits[id >>> 5] & (1 << (id & 31))) !== 0) return true;
  return below !== undefined && below[id] >= 0 && line > below[id];
}

/** `sum` with the lanes of the defining files in `bits` added. */
function addBits(sum: Uint32Array, bits: Uint32Array, lanes: Uint32Array): Uint32Array {
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w];
    while (word !== 0) {
      const low = word & -word;
      const id = w * 32 + 31 - Math.clz32(low);
      for (let l = 0; l < LANES; l++) sum[l] += lanes[id * LANES + l];
      word ^= low;
    }
  }
  return sum;
}

/**
 * Per file of a unit: the line of the unit's own #include that first read it, made nondecreasing in first-read order
 * (undefined without the lines: every file is taken as read at the start).
 */
function firstReadLines(r: HeaderScopeInput): number[] | undefined {
  const tops = r.tops;
  if (tops === undefined || tops.length !== r.files.length) return undefined;
  const first = tops.slice();
  const pairs = r.firstTops;
  if (pairs) for (let p = 0; p < pairs.length; p += 2) first[pairs[p]] = pairs[p + 1];
  for (let k = first.length - 2; k >= 0; k--) if (first[k + 1] < first[k]) first[k] = first[k + 1];
  return first;
}

/** Of a unit's files, the number first read before the last read of the `k`th ended (see the file comment). */
function readBefore(first: number[] | undefined, tops: readonly number[] | undefined, k: number): number {
  if (first === undefined) return Infinity;
  const last = tops![k];
  let lo = k + 1;
  let hi = first.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (first[mid] <= last) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A file the build's units read: its number, its define classes, whether a unit file. */
interface FileEntry {
  readonly no: number;
  readonly classes: FileClasses;
  readonly unitFile: boolean;
}

/** A unit's files: their entries, and the numbers of the defining classes it read them in (-1: none). */
interface UnitReads {
  of: FileEntry[];
  ids: Int32Array;
}

/**
 * The visibility of headers' #defines in a build's files (see HeaderVisibility). `scoped`: the unit files (stored
 * paths), whose #defines define-scope.ts follows by site; `stored` makes a stored path.
 */
export function headerVisibility(results: readonly HeaderScopeInput[], scoped: ReadonlySet<string>, stored: (file: string) => string): HeaderVisibility {
  // Made by absolute path, stored paths taken at the end.
  const entries = new Map<string, FileEntry>();
  const defining: [string, DefineClass][] = [];
  const read: UnitReads[] = [];
  for (const r of results) {
    const files = r.files;
    const of: FileEntry[] = new Array(files.length);
    const ids = new Int32Array(files.length);
    for (let k = 0; k < files.length; k++) {
      const f = files[k];
      let e = entries.get(f.file);
      if (e === undefined) entries.set(f.file, (e = { no: entries.size, classes: new FileClasses(), unitFile: scoped.has(stored(f.file)) }));
      const c = e.classes.of(f.view);
      if (c.id < 0 && !e.unitFile && c.defines.length !== 0 && f.file !== r.unit) c.id = defining.push([f.file, c]) - 1;
      of[k] = e;
      ids[k] = e.unitFile || f.file === r.unit ? -1 : c.id;
    }
    read.push({ of, ids });
  }
  const b: VisibilityBuild = { words: (defining.length + 31) >>> 5, defining: defining.length, seenBy: new Map(), below: new Map(), done: new Map() };
  for (let u = 0; u < results.length; u++) addUnit(results[u], read[u], b);
  const { ids, lanes, own } = numberedClasses(entries, defining, stored);
  const seenBy = new Map<string, Uint32Array>();
  for (const [file, bits] of interned(b.seenBy)) seenBy.set(stored(file), bits);
  const below = new Map<string, Int32Array>();
  for (const [file, lines] of b.below) below.set(stored(file), lines);
  return new HeaderVisibility(ids, lanes, seenBy, below, own);
}

/**
 * The defining classes by file (stored paths): one number, or several with the lines of each; their lanes; and the
 * lines of each class of the files with several (see FileClasses.lines).
 */
function numberedClasses(entries: Map<string, FileEntry>, defining: [string, DefineClass][], stored: (file: string) => string) {
  const own = new Map<string, ClassLines[]>();
  const linesOf = new Map<DefineClass, ClassLines>();
  for (const [file, e] of entries) {
    const lines = e.classes.lines();
    if (lines === undefined) continue;
    own.set(stored(file), lines);
    e.classes.classes.forEach((c, k) => linesOf.set(c, lines[k]));
  }
  const ids = new Map<string, number | NumberedClass[]>();
  const lanes = new Uint32Array(defining.length * LANES);
  for (let id = 0; id < defining.length; id++) {
    const [file, c] = defining[id];
    const s = stored(file);
    classLanes(s, c, lanes, id * LANES);
    const known = ids.get(s);
    if (known === undefined) ids.set(s, id);
    else {
      const several = typeof known === 'number' ? [numbered(defining[known][1], known, linesOf)] : known;
      several.push(numbered(c, id, linesOf));
      ids.set(s, several);
    }
  }
  return { ids, lanes, own };
}

const numbered = (c: DefineClass, id: number, linesOf: Map<DefineClass, ClassLines>): NumberedClass => ({ id, lines: linesOf.get(c)! });

interface VisibilityBuild {
  words: number;
  seenBy: Map<string, Uint32Array>;
  /** The number of defining classes. */
  defining: number;
  below: Map<string, Int32Array>;
  /** The units added by a hash of how they read (see addUnit): a unit reading as another did adds nothing. */
  done: Map<number, Int32Array[]>;
}

/**
 * One unit's reads added (`of`: its files' entries): each file it read sees the defining files first read before its
 * last read ended.
 */
function addUnit(r: HeaderScopeInput, { of, ids }: UnitReads, b: VisibilityBuild): void {
  const files = r.files;
  const n = files.length;
  const first = firstReadLines(r);
  // Per file: its number doubled, or that of the defining class the unit read it in doubled plus one; and the number
  // of files read before its last read ended (the unit's own file: -1, -1).
  const reading = new Int32Array(2 * n);
  // Files last read under one #include of the unit's own file mostly: their ends found once (one past the file).
  const endOf = new Map<number, number>();
  let hash = n;
  for (let k = 0; k < n; k++) {
    const own = files[k].file === r.unit;
    if (own) addOwnFile(r, ids, first, b);
    let end = -1;
    if (!own) {
      const top = r.tops?.[k] ?? 0;
      const known = endOf.get(top);
      if (known !== undefined && known > k) end = known;
      else endOf.set(top, (end = Math.min(n, readBefore(first, r.tops, k))));
    }
    reading[2 * k] = own ? -1 : ids[k] >= 0 ? 2 * ids[k] + 1 : 2 * of[k].no;
    reading[2 * k + 1] = end;
    hash = (Math.imul(hash, 31) + reading[2 * k]) | 0;
    hash = (Math.imul(hash, 31) + end) | 0;
  }
  const through = r.through;
  let key = reading;
  if (through !== undefined) {
    // After a -2 (no number of `reading`), so that no other unit's reading and `through` make the same key.
    key = new Int32Array(2 * n + 1 + through.length);
    key.set(reading);
    key[2 * n] = -2;
    key.set(through, 2 * n + 1);
    for (let p = 0; p < through.length; p++) hash = (Math.imul(hash, 31) + through[p]) | 0;
  }
  if (seenBefore(b.done, hash, key)) return;
  const order: number[] = [];
  for (let k = 0; k < n; k++) if (reading[2 * k + 1] >= 0) order.push(k);
  order.sort((x, y) => reading[2 * x + 1] - reading[2 * y + 1]);
  const running = new Uint32Array(b.words);
  let top = 0;
  let at = 0;
  for (const k of order) {
    for (const end = reading[2 * k + 1]; at < end; at++) {
      const id = reading[2 * at] > 0 && (reading[2 * at] & 1) !== 0 ? reading[2 * at] >>> 1 : -1;
      if (id < 0) continue;
      running[id >>> 5] |= 1 << (id & 31);
      if (id >>> 5 >= top) top = (id >>> 5) + 1;
    }
    let bits = b.seenBy.get(files[k].file);
    if (bits === undefined) b.seenBy.set(files[k].file, (bits = new Uint32Array(b.words)));
    const inner = through !== undefined ? readThrough(through, k) : undefined;
    if (inner === undefined) for (let w = 0; w < top; w++) bits[w] |= running[w];
    else addThrough(files[k].file, running.subarray(0, top), inner, ids, bits, b);
  }
}

/** Of a unit's `through` (see UnitResult.through): the [file index, line] pairs of header `k`; undefined when none. */
function readThrough(through: readonly number[], k: number): number[] | undefined {
  let out: number[] | undefined;
  for (let p = 0; p < through.length; p += 3) if (through[p] === k) (out ??= []).push(through[p + 1], through[p + 2]);
  return out;
}

/**
 * What a header sees of `running` (the defining classes read before its last read ended) where the files of `inner`
 * (see readThrough) were first read through its own #includes: those below the #include's line, the others everywhere.
 */
function addThrough(file: string, running: Uint32Array, inner: readonly number[], ids: Int32Array, bits: Uint32Array, b: VisibilityBuild): void {
  const seen = running.slice();
  let lines = b.below.get(file);
  for (let p = 0; p < inner.length; p += 2) {
    const id = ids[inner[p]];
    if (id < 0) continue;
    const line = inner[p + 1];
    if (id >>> 5 < seen.length) seen[id >>> 5] &= ~(1 << (id & 31));
    if (lines === undefined) b.below.set(file, (lines = new Int32Array(b.defining).fill(-1)));
    if (lines[id] < 0 || line < lines[id]) lines[id] = line;
  }
  for (let w = 0; w < seen.length; w++) bits[w] |= seen[w];
}

function sameNumbers(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Whether a unit read as `reading` says was added before; noted when not. */
function seenBefore(done: Map<number, Int32Array[]>, hash: number, reading: Int32Array): boolean {
  const same = done.get(hash);
  if (same === undefined) {
    done.set(hash, [reading]);
    return false;
  }
  for (const s of same) if (sameNumbers(s, reading)) return true;
  same.push(reading);
  return false;
}

/**
 * A unit's own file sees each defining file whose #define the unit reached, below the line of the #include that first
 * read it (the least over units).
 */
function addOwnFile(r: HeaderScopeInput, ids: Int32Array, first: number[] | undefined, b: VisibilityBuild): void {
  // By class, not a Map grown class by class for each unit.
  let lines = b.below.get(r.unit);
  if (lines === undefined) b.below.set(r.unit, (lines = new Int32Array(b.defining).fill(-1)));
  const files = r.files;
  for (let k = 0; k < files.length; k++) {
    const id = ids[k];
    if (id < 0) continue;
    const line = first?.[k] ?? 0;
    if (lines[id] < 0 || line < lines[id]) lines[id] = line;
  }
}

/** The files' bit sets with equal sets made one object. */
function interned(seenBy: Map<string, Uint32Array>): Map<string, Uint32Array> {
  const byContent = new Map<string, Uint32Array>();
  for (const [file, bits] of seenBy) {
    const key = Buffer.from(bits.buffer, bits.byteOffset, bits.byteLength).toString('latin1');
    const same = byContent.get(key);
    if (same !== undefined) seenBy.set(file, same);
    else byContent.set(key, bits);
  }
  return seenBy;
}

/**
 * Per file a unit read: a digest of the defining files it lets that file see, with the #defines it reached in each
 * (a patch masks again the files whose digest a redone unit changed). `scoped`: the unit files (absolute).
 */
export function unitHeaderSight(r: HeaderScopeInput, scoped: ReadonlySet<string>): Map<string, string> {
  const files = r.files;
  const n = files.length;
  const first = firstReadLines(r);
  const lanes = new Uint32Array(n * LANES);
  const defining = files.map((f, k) => {
    const is = f.view.defines.length !== 0 && f.file !== r.unit && !scoped.has(f.file);
    if (is) classLanes(f.file, f.view, lanes, k * LANES);
    return is;
  });
  // Sums of the lanes of the defining files among the first k, for each k.
  const prefix = new Uint32Array((n + 1) * LANES);
  for (let k = 0; k < n; k++) for (let l = 0; l < LANES; l++) prefix[(k + 1) * LANES + l] = prefix[k * LANES + l] + (defining[k] ? lanes[k * LANES + l] : 0);
  const out = new Map<string, string>();
  for (let k = 0; k < n; k++) {
    if (files[k].file === r.unit) {
      const sum = new Uint32Array(LANES);
      for (let j = 0; j < n; j++) if (defining[j]) for (let l = 0; l < LANES; l++) sum[l] += Math.imul(lanes[j * LANES + l], 2 * (first?.[j] ?? 0) + 1);
      out.set(files[k].file, `u${Buffer.from(sum.buffer).toString('hex')}`);
    } else {
      const end = Math.min(n, readBefore(first, r.tops, k));
      const inner = r.through !== undefined ? readThrough(r.through, k) : undefined;
      if (inner === undefined) out.set(files[k].file, Buffer.from(prefix.buffer, end * LANES * 4, LANES * 4).toString('hex'));
      else out.set(files[k].file, throughSight(prefix.subarray(end * LANES, (end + 1) * LANES), inner, defining, lanes));
    }
  }
  return out;
}

/** unitHeaderSight's digest of a header that sees the files of `inner` (see readThrough) below lines and the rest of `seen` everywhere. */
function throughSight(seen: Uint32Array, inner: readonly number[], defining: readonly boolean[], lanes: Uint32Array): string {
  const everywhere = seen.slice();
  const below = new Uint32Array(LANES);
  for (let p = 0; p < inner.length; p += 2) {
    const j = inner[p];
    if (!defining[j]) continue;
    for (let l = 0; l < LANES; l++) {
      everywhere[l] -= lanes[j * LANES + l];
      below[l] += Math.imul(lanes[j * LANES + l], 2 * inner[p + 1] + 1);
    }
  }
  return `${Buffer.from(everywhere.buffer).toString('hex')}b${Buffer.from(below.buffer).toString('hex')}`;
}
