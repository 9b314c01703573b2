// The other readings of a file whose macro uses read differently in its define classes (see
// MacroInvocation.alternatives): each with the uses' `v`th alternatives in place of their expansions. References and
// definitions are read from them besides those of the build's own reading (extract-calls.ts, extractFile).
import type { ExtractedSymbol } from '../model/symbol.js';
import type { MacroInvocation } from '../preprocessor/macro-invocations.js';

export interface OtherReading {
  invocations: MacroInvocation[];
  /** The uses given an alternative, to the use as written (true: the alternative is its own text). */
  swapped: Map<MacroInvocation, boolean>;
}

/** The readings besides the one of the uses' expansions, one per alternative index (none when no use has any). */
export function otherReadings(source: string, invocations: readonly MacroInvocation[]): OtherReading[] {
  const count = invocations.reduce((n, i) => Math.max(n, i.alternatives?.length ?? 0), 0);
  const out: OtherReading[] = [];
  for (let v = 0; v < count; v++) {
    const swapped = new Map<MacroInvocation, boolean>();
    const list = invocations.map((i) => {
      if (i.alternatives === undefined || v >= i.alternatives.length) return i;
      const other = { ...i, expansion: i.alternatives[v], alternatives: undefined };
      swapped.set(other, other.expansion === source.slice(i.start, i.end));
      return other;
    });
    out.push({ invocations: list, swapped });
  }
  return out;
}

/**
 * `symbols` with each declaration another reading makes a definition at the same place taken as one (the
 * definition's signature, extent and body; its id and scope kept): ThreadX's `THREAD_DECLARE int count;` is `extern`
 * in the units that include tx_thread.h plainly, and defines `count` in the one that sets TX_THREAD_INIT first.
 * Symbols only another reading writes are onlyInOtherReadings'.
 */
export function definedInOtherReadings(symbols: ExtractedSymbol[], others: readonly ExtractedSymbol[][]): ExtractedSymbol[] {
  const defined = new Map<string, ExtractedSymbol>();
  const key = (s: ExtractedSymbol) => `${s.kind}\0${s.qualifiedName}\0${s.line}\0${s.column}`;
  for (const list of others) for (const s of list) if (s.isDefinition && !defined.has(key(s))) defined.set(key(s), s);
  if (defined.size === 0) return symbols;
  return symbols.map((s) => {
    const d = s.isDefinition ? undefined : defined.get(key(s));
    return d === undefined ? s : { ...s, isDefinition: true, signature: d.signature, endLine: d.endLine, body: d.body };
  });
}

/**
 * The symbols a macro writes in another reading (`made`, per reading) that the file's own symbols lack (by kind,
 * qualified name, definition or not, and line), each once: CMSIS-DSP's template header read four times defines `FUNC(EXT)` as four functions,
 * each reading one. Locals are left out (the function they belong to is the own reading's at that place).
 */
export function onlyInOtherReadings(symbols: readonly ExtractedSymbol[], made: readonly ExtractedSymbol[][]): ExtractedSymbol[] {
  const key = (s: ExtractedSymbol) => `${s.kind}\0${s.qualifiedName}\0${s.isDefinition}\0${s.line}`;
  const known = new Set(symbols.map(key));
  const out: ExtractedSymbol[] = [];
  for (const list of made) {
    for (const s of list) {
      if (s.kind === 'varlocal' || known.has(key(s))) continue;
      known.add(key(s));
      out.push(s);
    }
  }
  return out;
}
