// Finds, in a file's parse text (inactive lines already empty), the macro invocations whose expansion with the
// build's macro table at that line can call, define or rename functions, or that the parser cannot read unexpanded
// (asm statements, string literals a function-like macro writes), with that expansion as text.
// Bounded: expansions past MAX_EXPANSION_TOKENS or that fail are left out with a diagnostic. Leaves out
// parsing the expansions (the parser does that) and invocations nested in another one.
import type { Diagnostic } from '../model/diagnostic.js';
import { lineAt } from '../model/line-index.js';
import { ownString } from '../model/own-strings.js';
import type { MacroQuestions } from './build-macro-table.js';
import { argumentsEnd, followsAt, scanCode } from './code-scan.js';
import { CounterUses, expandAt, MAX_EXPANSION_TOKENS } from './invocation-expansion.js';
import type { MacroDef } from './macro-definition.js';
import { withClassExpansions, withReadExpansions } from './class-expansions.js';
import { lookupIn, type LookupAt, type ReadsAt, type UndoneAt } from './macro-lookup.js';
import type { Token } from './tokens.js';
import type { TableQuestions } from './invocations-memo.js';

export interface MacroInvocation {
  /** Macro name as written. */
  name: string;
  /** Offsets of the invocation in the file text: the name's start, the end after `)` (or the name). */
  start: number;
  end: number;
  /** 1-based line and 0-based column of the name. */
  line: number;
  column: number;
  /** Object-like macro (a rename when its expansion is one identifier). */
  objectLike: boolean;
  /** The expansion as C text. */
  expansion: string;
  /**
   * Other expansions the use has where its file's define classes read different #defines there (see
   * class-expansions.ts), deduplicated and sorted; unset when all read `expansion`. References are read from them
   * (extract-calls.ts), and the declarations they make definitions (other-readings.ts); symbols a macro writes,
   * recovered declarations and type arguments from `expansion`.
   */
  alternatives?: string[];
}

export interface FoundInvocations {
  invocations: MacroInvocation[];
  diagnostics: Diagnostic[];
}

/**
 * Invocations in `text` (a file's parse text; `file` as the macro records name it), in text order, none nested.
 * `undone`: where #undefs decide names instead of the table. `assembler`: the file is assembler-with-cpp; those that
 * write labels or symbol directives are recorded, those after a comment character on their line (`@`, `;`, `#`) are not.
 * `all`: every expansion is recorded (the text as the compiler reads it, for the assembler's own macros read from it).
 * `counterAt`: of a unit's own file, the value `__COUNTER__` has at the first use on a line (see counter-values.ts;
 * without it, the uses so far in the file's invocations, from 0). `reads`: where the file's reads disagree on names
 * #undefs touched (see withReadExpansions). `questions`: records what is asked of the table (see invocations-memo.ts).
 */
export function findInvocations(text: string, file: string, table: MacroQuestions, undone?: UndoneAt, assembler = false, all = false, counterAt?: (line: number) => number, reads?: ReadsAt, questions?: TableQuestions): FoundInvocations {
  const out: FoundInvocations = { invocations: [], diagnostics: [] };
  if (table.empty) return out;
  const fc = scanCode(text);
  const ids = fc.idents;
  const code = fc.noComments;
  let covered = -1;
  const uses = new CounterUses(counterAt);
  const plain = questions === undefined ? lookupIn(table, file, undone) : questions.lookup(lookupIn(table, file, undone));
  const macros: MacroNames = questions ?? table;
  // In a file whose define classes read different #defines of its own (see class-expansions.ts): whether the use's
  // expansion read a name the file defines, when the classes may read it otherwise.
  const owned = assembler || all || table.classCount(file) < 2 ? undefined : { read: false };
  const classed: LookupAt = owned === undefined ? plain : (name, line) => ((owned.read ||= table.definedIn(name, file)), plain(name, line));
  // The names the use's expansion read whose reads disagree at its line (see withReadExpansions).
  const varied = new Set<string>();
  const lookup: LookupAt = reads === undefined || assembler || all ? classed : (name, line) => (reads.at(name, line) !== undefined && varied.add(name), classed(name, line));
  for (let k = nextMacroName(ids, code, macros, 0, covered); k >= 0; k = nextMacroName(ids, code, macros, k + 1, covered)) {
    const off = ids[k * 2];
    const len = ids[k * 2 + 1];
    const name = code.substr(off, len);
    const line0 = lineAt(fc.lineStarts, off);
    if (owned !== undefined) owned.read = false;
    varied.clear();
    const def = lookup(name, line0 + 1);
    if (!def) continue;
    const inert = !all && isInert(def);
    if (inert && owned?.read !== true && varied.size === 0) {
      covered = off + len;
      continue;
    }
    let end = off + len;
    if (def.params) {
      end = argumentsEnd(code, end);
      if (end < 0) continue;
    } else {
      end = rescanEnd(def, code, end, line0 + 1, lookup);
    }
    covered = end;
    if (assembler && /[@;#]/.test(code.slice(fc.lineStarts[line0], off))) continue;
    // The name as a string of its own: a slice keeps the file's whole text alive with the invocation.
    const inv: MacroInvocation = { name: ownString(name), start: off, end, line: line0 + 1, column: off - fc.lineStarts[line0], objectLike: !def.params, expansion: '' };
    const expansion = expandAt(inv, code.slice(off, end), followsAt(code, end), file, lookup, out.diagnostics, assembler, uses, all);
    let kept: boolean;
    if (owned?.read) {
      // An inert expansion (see isInert) is recorded only where a class reads another.
      kept = withClassExpansions(inv, inert ? undefined : expansion, code.slice(off, end), followsAt(code, end), file, table, undone, counterAt);
    } else if ((kept = expansion !== undefined && !inert)) inv.expansion = expansion!;
    if (varied.size) kept = withReadExpansions(inv, kept, code.slice(off, end), followsAt(code, end), file, table, plain, reads!, varied, counterAt);
    if (!kept) continue;
    out.invocations.push(inv);
  }
  return out;
}

/**
 * The first identifier from the `k`th on (of `ids`' [offset, length] pairs) that starts at or past `covered` and
 * names a macro of the table, or -1. Most identifiers name none: this small loop is what runs for each, the rest of
 * findInvocations only for those that do (a loop that large, optimized for its hot part, cost more to compile).
 */
function nextMacroName(ids: Int32Array, code: string, table: MacroNames, k: number, covered: number): number {
  const n = ids.length >> 1;
  for (; k < n; k++) {
    const off = ids[2 * k];
    if (off >= covered && table.has(code.substr(off, ids[2 * k + 1]))) return k;
  }
  return -1;
}

/** What says whether a name is a macro: the table, or the questions recorded of it (see invocations-memo.ts). */
type MacroNames = Pick<MacroQuestions, 'has'>;

/** Verdicts of isInert by definition (the table's definitions are parsed once and kept). */
const inertDefs = new WeakMap<MacroDef, boolean>();

/**
 * An object-like definition whose body has no identifier and no `#`, `##`, `{` or `;` (`#define LIMIT (40 * 2)`):
 * its expansion is its body as written, which calls, declares and renames nothing and cannot fail, so it is
 * never recorded. Settled once per definition instead of expanding each use.
 */
function isInert(def: MacroDef): boolean {
  let inert = inertDefs.get(def);
  if (inert === undefined) {
    const body = def.params || def.builtin ? null : def.body;
    inert = body !== null && body.length <= MAX_EXPANSION_TOKENS && body.every((t) => t.k !== 'ident' && t.v !== '#' && t.v !== '##' && t.v !== '{' && t.v !== ';');
    inertDefs.set(def, inert);
  }
  return inert;
}

/**
 * An object-like macro whose replacement ends in a function-like macro's name (`#define portYIELD_WITHIN_API
 * portYIELD` with `#define portYIELD() vPortYield()`) takes the `( ... )` written after it on rescanning: the
 * invocation then reaches past that argument list, as the compiler reads it.
 */
function rescanEnd(def: MacroDef, code: string, end: number, line: number, lookup: LookupAt): number {
  let last: MacroDef | undefined = def;
  for (let hops = 0; last && !last.params && hops < 8; hops++) {
    const tail: Token | undefined = last.body[last.body.length - 1];
    last = tail?.k === 'ident' && tail.v !== last.name ? lookup(tail.v, line) : undefined;
  }
  if (!last?.params) return end;
  const after = argumentsEnd(code, end);
  return after < 0 ? end : after;
}
