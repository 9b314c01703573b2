// The `__COUNTER__` expansions of a header's compiled code lines, counted as the compiler makes them: each invocation
// of a macro that reaches `__COUNTER__` (or whose arguments name one) expanded with the walk's macros of that moment.
// A macro that pastes (`##`) may make any name, one reaching the counter too: its invocations are expanded as well
// (the host may take those apart, see CounterHost.expandPasting). Leaves out `__COUNTER__` itself made by pasting in
// a unit where no macro names it.
import type { FileSkeleton } from './file-skeleton.js';
import type { MacroDef } from './macro-definition.js';
import { argumentsEnd, scanCode, type FileCode } from './code-scan.js';

/** A file's code (comments blanked, identifiers listed), made once per skeleton while the skeleton lives. */
const codes = new WeakMap<FileSkeleton, FileCode>();

export function fileCode(sk: FileSkeleton, text: () => string | undefined): FileCode | undefined {
  let fc = codes.get(sk);
  if (fc === undefined) {
    const t = text();
    if (t === undefined) return undefined;
    codes.set(sk, (fc = scanCode(t)));
  }
  return fc;
}

/** Looks a name up (at a line) without it counting as read; `expand` expands an invocation's text there. */
export interface CounterHost {
  peek(name: string, line: number): MacroDef | undefined;
  expand(text: string, line: number): void;
  /**
   * Set: an invocation that may reach the counter only through a name pasting makes is given here instead of to
   * `expand` (the host may give up on a long expansion: a logging macro's can take 100 ms).
   */
  expandPasting?: (text: string, line: number) => void;
}

/**
 * Expands, in order, the invocations in lines `from`..`to` (1-based) of `fc` that can expand `__COUNTER__`: the
 * host's counter advances as each expansion uses it.
 */
export function countInLines(fc: FileCode, from: number, to: number, host: CounterHost): void {
  const starts = fc.lineStarts;
  if (from > starts.length) return;
  const code = fc.noComments;
  const start = starts[from - 1];
  const end = to < starts.length ? starts[to] : code.length;
  const ids = fc.idents;
  const memo = new Map<MacroDef, boolean>();
  // Whether a macro reaches the counter other than through pasting (asked of those that reach it, see expandPasting).
  const plain = host.expandPasting && new Map<MacroDef, boolean>();
  let covered = start;
  let line = from;
  for (let k = firstIdentAt(ids, start); k * 2 < ids.length && ids[k * 2] < end; k++) {
    const off = ids[k * 2];
    if (off < covered) continue;
    while (line < starts.length && starts[line] <= off) line++;
    const name = code.substr(off, ids[k * 2 + 1]);
    const def = name === '__COUNTER__' ? undefined : host.peek(name, line);
    if (def === undefined && name !== '__COUNTER__') continue;
    if (def?.builtin !== undefined) continue;
    let stop = off + name.length;
    if (def !== undefined) {
      const args = argumentsEnd(code, stop);
      if (def.params && args < 0) continue;
      if (args >= 0) stop = args;
      // `F(x)(y)`: what F makes may be a function-like macro taking `(y)` (a pasted name, say).
      for (let more = argumentsEnd(code, stop); more >= 0; more = argumentsEnd(code, stop)) stop = more;
      const at = (name: string) => host.peek(name, line);
      if (!reaches(def, at, memo, 0, true) && !namesCounter(ids, code, k + 1, stop, at, memo, true)) {
        covered = stop;
        continue;
      }
      if (plain && !reaches(def, at, plain, 0, false) && !namesCounter(ids, code, k + 1, stop, at, plain, false)) {
        host.expandPasting!(code.slice(off, stop), line);
        covered = stop;
        continue;
      }
    }
    host.expand(code.slice(off, stop), line);
    covered = stop;
  }
}

/** Whether an identifier between index `k` and offset `stop` is `__COUNTER__` or a macro reaching it (`pastes`: see reaches). */
function namesCounter(ids: Int32Array, code: string, k: number, stop: number, peek: Peek, memo: Map<MacroDef, boolean>, pastes: boolean): boolean {
  for (; k * 2 < ids.length && ids[k * 2] < stop; k++) {
    const name = code.substr(ids[k * 2], ids[k * 2 + 1]);
    if (name === '__COUNTER__') return true;
    const def = peek(name);
    if (def !== undefined && def.builtin === undefined && reaches(def, peek, memo, 0, pastes)) return true;
  }
  return false;
}

type Peek = (name: string) => MacroDef | undefined;

/**
 * Whether expanding `def` can expand `__COUNTER__`: its replacement names it, or a macro that does (as defined now),
 * or (with `pastes`) pastes a name (the name it makes is known only once expanded). `memo` holds answers of one mode.
 */
function reaches(def: MacroDef, peek: Peek, memo: Map<MacroDef, boolean>, depth: number, pastes: boolean): boolean {
  const known = memo.get(def);
  if (known !== undefined) return known;
  memo.set(def, false);
  let found = false;
  const body = def.body;
  for (let i = 0; i < body.length && !found; i++) {
    const t = body[i];
    if (pastes && pastesName(body, i)) found = true;
    else if (t.k !== 'ident' || t.pi !== undefined) continue;
    else if (t.v === '__COUNTER__') found = true;
    else if (depth < 32) {
      const next = peek(t.v);
      found = next !== undefined && next.builtin === undefined && reaches(next, peek, memo, depth + 1, pastes);
    }
  }
  memo.set(def, found);
  return found;
}

/**
 * Whether `body[i]` is a `##` that may make a name: its left operand is a name or a parameter (not the comma of
 * `, ## __VA_ARGS__`, nor a number or punctuator, which paste into no identifier).
 */
function pastesName(body: MacroDef['body'], i: number): boolean {
  const t = body[i];
  return t.k === 'punct' && t.v === '##' && i > 0 && body[i - 1].k === 'ident';
}

/** Whether a definition's replacement pastes a name (see pastesName): what it makes is known only once expanded. */
export const pastesNames = (def: MacroDef): boolean => def.body.some((_, i) => pastesName(def.body, i));

/** Index of the first identifier at or after offset `off`. */
function firstIdentAt(ids: Int32Array, off: number): number {
  let lo = 0;
  let hi = ids.length >> 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid * 2] < off) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
