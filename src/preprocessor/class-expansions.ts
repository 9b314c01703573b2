// The expansions a macro use has in each define class of its file, and in each read of its file where the reads
// disagree on a name an #undef touched (a header included several times with the name defined anew each time) (views grouped by the #defines of the file's own
// they reached, see BuildMacroTable.classCount): code that several classes compile may read another #define in each
// (`#ifdef X / #define CALL f1 / #else / #define CALL f2 / #endif` above shared code calls f1 in one unit, f2 in the
// other). Leaves out assembler files (read as the build's lookup reads them) and counting `__COUNTER__` across
// classes: each class's expansion counts on from the use's own value.
import type { MacroQuestions } from './build-macro-table.js';
import type { Follows } from './code-scan.js';
import { CounterUses, expandAt } from './invocation-expansion.js';
import { lookupIn, lookupInRead, type LookupAt, type ReadsAt, type UndoneAt } from './macro-lookup.js';
import type { MacroInvocation } from './macro-invocations.js';

/**
 * Whether to record the use, with its expansion and alternatives (see MacroInvocation.alternatives) set from those of
 * the classes of `file` compiling its line. When they all read one text, or none writes what is worth recording (see
 * expandAt), the use is recorded as the build's lookup reads it (`expansion`; undefined: not recorded). Otherwise
 * `expansion` stays when a class reads it, else the first of the readings in sorted order is taken; the others,
 * deduplicated and sorted, are its alternatives. A class where the name is no macro reads the use as written.
 * `source`: the use's text; `follows`: as for expandAt.
 */
export function withClassExpansions(inv: MacroInvocation, expansion: string | undefined, source: string, follows: Follows, file: string, table: MacroQuestions, undone: UndoneAt | undefined, counterAt: ((line: number) => number) | undefined): boolean {
  const n = table.classCount(file);
  const readings = new Set<string>();
  let worth = false;
  for (let k = 0; k < n; k++) {
    if (!table.classCompiles(file, k, inv.line)) continue;
    const lookup = lookupIn(table, file, undone, k);
    let text: string | undefined = source;
    if (lookup(inv.name, inv.line) !== undefined) {
      const worthy = expandAt(inv, source, follows, file, lookup, [], false, new CounterUses(counterAt));
      // Not worth recording alone, but what the class reads where another reads more.
      text = worthy ?? expandAt(inv, source, follows, file, lookup, [], false, new CounterUses(counterAt), true);
      if (text === undefined) continue;
      worth ||= worthy !== undefined;
    } else worth = true;
    readings.add(text);
  }
  if (readings.size < 2 || !worth) {
    if (expansion === undefined) return false;
    inv.expansion = expansion;
    return true;
  }
  const others = [...readings].sort();
  const at = expansion === undefined ? -1 : others.indexOf(expansion);
  inv.expansion = at >= 0 ? others.splice(at, 1)[0] : others.shift()!;
  inv.alternatives = others;
  return true;
}

/** At most this many of a file's reads are expanded apart for one use (the distinct states of its names, in read order). */
const MAX_READINGS = 32;

/**
 * Whether to record the use, with the expansions its file's reads give it (see ReadsAt) added to its alternatives:
 * CMSIS-DSP's `void FUNC(EXT)(...)` in a template header read four times, `EXT` defined anew before each, defines
 * four functions. `kept`: whether the use is recorded already (its expansion and alternatives set); `names`: the
 * names its expansion read whose reads disagree at its line. Reads with the same states of those are expanded once.
 * Otherwise as withClassExpansions.
 */
export function withReadExpansions(inv: MacroInvocation, kept: boolean, source: string, follows: Follows, file: string, table: MacroQuestions, base: LookupAt, reads: ReadsAt, names: ReadonlySet<string>, counterAt: ((line: number) => number) | undefined): boolean {
  const readings = new Set<string>();
  const seen = new Set<string>();
  let worth = false;
  for (let r = 0; r < reads.count && seen.size < MAX_READINGS; r++) {
    let key = '';
    for (const name of names) {
      const s = reads.at(name, inv.line)?.[r];
      key += s === undefined ? '\u0001' : s === null ? '\u0002' : `${s.file}\0${s.line}`;
      key += '\n';
    }
    if (seen.has(key)) continue;
    seen.add(key);
    const lookup = lookupInRead(table, base, reads, r);
    const worthy = expandAt(inv, source, follows, file, lookup, [], false, new CounterUses(counterAt));
    const text = worthy ?? expandAt(inv, source, follows, file, lookup, [], false, new CounterUses(counterAt), true);
    if (text === undefined) continue;
    worth ||= worthy !== undefined;
    readings.add(text);
  }
  if (kept) {
    worth = true;
    readings.add(inv.expansion);
    for (const a of inv.alternatives ?? []) readings.add(a);
  }
  if (readings.size < 2 || !worth) {
    if (kept || readings.size === 0 || !worth) return kept;
    inv.expansion = [...readings][0];
    return true;
  }
  const others = [...readings].sort();
  const at = kept ? others.indexOf(inv.expansion) : -1;
  inv.expansion = at >= 0 ? others.splice(at, 1)[0] : others.shift()!;
  inv.alternatives = others;
  return true;
}
