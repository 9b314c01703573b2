// A run's build summaries are kept to its end with their diagnostics (Meshtastic's 246 envs: 134 000, 8.2 MB as objects):
// each build's are packed once it is indexed, 5 integers a diagnostic naming strings held once for the run (the builds
// of a project mostly report the same problems in the same files), and read back as objects when a reader asks.
import type { Diagnostic, Severity } from '../model/diagnostic.js';
import { ownString } from '../model/own-strings.js';

const SEVERITIES: Severity[] = ['error', 'warning', 'info'];
/** Integers a packed diagnostic takes: its shape (keys in order), severity, file, line, message, fix. */
const FIELDS = 6;
/** The keys a diagnostic may have, each at most once; one with others (or values of other types) is kept as it is. */
const KNOWN_KEYS = new Set(['severity', 'file', 'line', 'message', 'fix']);

/** Per holder packed, how many diagnostics it holds, the identity of each and a reader of each (see distinctDiagnostics). */
const packedLists = new WeakMap<object, { count: number; keyAt: (i: number) => string; at: (i: number) => Diagnostic }>();

/** What makes two diagnostics the same: severity, place, message and fix (packed ones keyed from their parts). */
function keyOfParts(severity: string, file: string, line: number | undefined, message: string, fix: string | undefined): string {
  return `${severity}\0${file}\0${line ?? ''}\0${message}\0${fix ?? ''}`;
}

function diagnosticKey(d: Diagnostic): string {
  return keyOfParts(d.severity, d.file, d.line, d.message, d.fix);
}

/** A diagnostic as a run's summary shows it once: how many of the holders (builds) report it. */
export interface DistinctDiagnostic {
  diagnostic: Diagnostic;
  holders: number;
}

/**
 * How many diagnostics the holders hold in all, how many distinct ones, and the first `n` distinct ones in order with
 * how many holders report each: a header's warning in every one of 67 images is one line. Packed holders are read by
 * their strings' ids; only the diagnostics shown are made objects.
 */
export function distinctDiagnostics(holders: readonly { diagnostics: Diagnostic[] }[], n: number): { count: number; distinct: number; first: DistinctDiagnostic[] } {
  const seen = new Map<string, { index: number; holders: number; last: number }>();
  const first: DistinctDiagnostic[] = [];
  let count = 0;
  holders.forEach((holder, h) => {
    const packed = packedLists.get(holder);
    const held = packed === undefined ? holder.diagnostics : undefined;
    const size = packed?.count ?? held!.length;
    count += size;
    for (let i = 0; i < size; i++) {
      const key = packed ? packed.keyAt(i) : diagnosticKey(held![i]);
      const known = seen.get(key);
      if (known === undefined) {
        const index = first.length < n ? first.push({ diagnostic: packed ? packed.at(i) : held![i], holders: 1 }) - 1 : -1;
        seen.set(key, { index, holders: 1, last: h });
      } else if (known.last !== h) {
        known.last = h;
        known.holders++;
        if (known.index >= 0) first[known.index].holders++;
      }
    }
  });
  return { count, distinct: seen.size, first };
}

/** One copy of each distinct string of the diagnostics packed through it, named by an id. */
export class SharedDiagnosticStrings {
  private readonly ids = new Map<string, number>();
  private readonly byId: string[] = [];

  /** Distinct strings held (for tests). */
  get held(): number {
    return this.byId.length;
  }

  /**
   * Packs `holder.diagnostics`: the property then reads as a new array of equal diagnostics (same keys in the same order)
   * at each read, and takes a plain array when written.
   */
  pack(holder: { diagnostics: Diagnostic[] }): void {
    const list = holder.diagnostics;
    const packed = new Int32Array(list.length * FIELDS);
    const kept = new Map<number, Diagnostic>();
    list.forEach((d, i) => {
      if (!this.packOne(d, packed, i * FIELDS)) kept.set(i, d);
    });
    // The count, not the list: the list goes once packed.
    const count = list.length;
    const read = (): Diagnostic[] => this.unpack(packed, kept);
    packedLists.set(holder, {
      count,
      keyAt: (i) => (kept.has(i) ? diagnosticKey(kept.get(i)!) : this.keyOf(packed, i * FIELDS)),
      at: (i) => kept.get(i) ?? this.unpackOne(packed, i * FIELDS),
    });
    Object.defineProperty(holder, 'diagnostics', {
      get: read,
      set: (value: Diagnostic[]) => {
        packedLists.delete(holder);
        Object.defineProperty(holder, 'diagnostics', { value, writable: true, enumerable: true, configurable: true });
      },
      enumerable: true,
      configurable: true,
    });
  }

  /** Writes `d` at `at`; false when it has keys or values a packed diagnostic does not hold. */
  private packOne(d: Diagnostic, out: Int32Array, at: number): boolean {
    const keys = Object.keys(d);
    if (!keys.every((k) => KNOWN_KEYS.has(k))) return false;
    const severity = SEVERITIES.indexOf(d.severity);
    if (severity < 0 || typeof d.file !== 'string' || typeof d.message !== 'string') return false;
    if ('line' in d && !(Number.isInteger(d.line) && d.line! >= 0 && d.line! <= 0x7fffffff)) return false;
    if ('fix' in d && typeof d.fix !== 'string') return false;
    out[at] = this.id(keys.join(','));
    out[at + 1] = severity;
    out[at + 2] = this.id(d.file);
    out[at + 3] = 'line' in d ? d.line! : -1;
    out[at + 4] = this.id(d.message);
    out[at + 5] = 'fix' in d ? this.id(d.fix!) : -1;
    return true;
  }

  private id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      const own = ownString(s);
      id = this.byId.length;
      this.byId.push(own);
      this.ids.set(own, id);
    }
    return id;
  }

  /** The diagnostics packed in `packed`. */
  private unpack(packed: Int32Array, kept: Map<number, Diagnostic>): Diagnostic[] {
    const out: Diagnostic[] = new Array(packed.length / FIELDS);
    for (let i = 0; i < out.length; i++) out[i] = kept.get(i) ?? this.unpackOne(packed, i * FIELDS);
    return out;
  }

  /** diagnosticKey of the diagnostic packed at `at`, without making it. */
  private keyOf(packed: Int32Array, at: number): string {
    const line = packed[at + 3];
    const fix = packed[at + 5];
    return keyOfParts(SEVERITIES[packed[at + 1]], this.byId[packed[at + 2]], line < 0 ? undefined : line, this.byId[packed[at + 4]], fix < 0 ? undefined : this.byId[fix]);
  }

  private unpackOne(packed: Int32Array, at: number): Diagnostic {
    const d: Record<string, unknown> = {};
    for (const key of this.byId[packed[at]].split(',')) {
      if (key === 'severity') d.severity = SEVERITIES[packed[at + 1]];
      else if (key === 'file') d.file = this.byId[packed[at + 2]];
      else if (key === 'line') d.line = packed[at + 3];
      else if (key === 'message') d.message = this.byId[packed[at + 4]];
      else d.fix = this.byId[packed[at + 5]];
    }
    return d as unknown as Diagnostic;
  }
}
