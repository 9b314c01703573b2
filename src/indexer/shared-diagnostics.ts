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

/** Per holder packed, how many diagnostics it holds and a reader of the first ones (see firstDiagnostics). */
const packedLists = new WeakMap<object, { count: number; first: (n: number) => Diagnostic[] }>();

/**
 * How many diagnostics the holders hold in all, and the first `n` of them in order: of a packed holder's only those are
 * read back (a summary printing 30 of Meshtastic's 134 000 made them all objects).
 */
export function firstDiagnostics(holders: readonly { diagnostics: Diagnostic[] }[], n: number): { count: number; first: Diagnostic[] } {
  let count = 0;
  const first: Diagnostic[] = [];
  for (const holder of holders) {
    const packed = packedLists.get(holder);
    const held = packed === undefined ? holder.diagnostics : undefined;
    count += packed?.count ?? held!.length;
    if (first.length < n) first.push(...(held ?? packed!.first(n - first.length)).slice(0, n - first.length));
  }
  return { count, first };
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
    const read = (): Diagnostic[] => this.unpack(packed, kept, count);
    packedLists.set(holder, { count, first: (n) => this.unpack(packed, kept, Math.min(n, count)) });
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

  /** The first `n` diagnostics packed in `packed`. */
  private unpack(packed: Int32Array, kept: Map<number, Diagnostic>, n: number): Diagnostic[] {
    const out: Diagnostic[] = new Array(n);
    for (let i = 0; i < out.length; i++) out[i] = kept.get(i) ?? this.unpackOne(packed, i * FIELDS);
    return out;
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
