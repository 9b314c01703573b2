// Whether an edited header's code lines can use `__COUNTER__`: they name `__COUNTER__` or a macro that may reach it
// by some #define a walk reached (or a starting macro), whatever else the walk's macros are at that moment. Code
// naming none uses it nowhere, so a header edit leaving its code so, in a header whose code used it nowhere before,
// leaves the count the unit's own file starts from as it was (see carried-result.ts). A macro that pastes (`##`) may
// make a name that reaches it, so it is taken to reach it (as counter-uses.ts expands its invocations).
import type { FileSkeleton } from './file-skeleton.js';
import type { MacroDef, StartingMacros } from './macro-definition.js';
import { fileCode, pastesNames } from './counter-uses.js';
import type { FileView } from './unit-result.js';

/**
 * The names that may reach `__COUNTER__` over the #defines given so far (one instance per build's re-index: a
 * superset of each unit's own, which only asks a walk more often). Grows as #defines are added.
 */
export class CounterNames {
  /** Names that may reach it. */
  private readonly reaching = new Set<string>(['__COUNTER__']);
  /** By name: the macros whose replacement names it (they reach the counter once it does). */
  private readonly namedBy = new Map<string, string[]>();
  private readonly added = new WeakSet<StartingMacros>();
  /** The views (or the skeleton itself: all its #defines) taken in, by skeleton. */
  private readonly views = new WeakMap<FileSkeleton, WeakSet<object>>();
  /** A skeleton's distinct identifiers on lines that are not directives. */
  private readonly codeNames = new WeakMap<FileSkeleton, string[]>();

  /** Takes in a file's #defines (once per skeleton), or with `view` only those a walk reached (once per skeleton and view). */
  addSkeleton(sk: FileSkeleton, view?: FileView): void {
    let views = this.views.get(sk);
    if (views === undefined) this.views.set(sk, (views = new WeakSet()));
    const key = view ?? sk;
    if (views.has(key)) return;
    views.add(key);
    if (view === undefined) {
      for (const d of sk.directives) if (d.kind === 'define' && d.macro !== undefined) this.addDefinition(d.macro);
      return;
    }
    const defs = definesByLine(sk);
    for (let k = 0; k < view.defines.length; k += 2) {
      const def = defs.get(view.defines[k] as number);
      if (def !== undefined) this.addDefinition(def);
    }
  }

  /** Takes in a unit's starting macros (-D, -U, compiler built-ins; once per map). */
  addStarting(env: StartingMacros): void {
    if (this.added.has(env)) return;
    this.added.add(env);
    for (const def of env.values()) if (def.builtin === undefined) this.addDefinition(def);
  }

  private addDefinition(def: MacroDef): void {
    const name = def.name;
    if (this.reaching.has(name)) return;
    if (pastesNames(def)) {
      this.reach(name);
      return;
    }
    for (const t of def.body) {
      if (t.k !== 'ident' || t.pi !== undefined || t.v === name) continue;
      if (this.reaching.has(t.v)) {
        this.reach(name);
        return;
      }
      const by = this.namedBy.get(t.v);
      if (by === undefined) this.namedBy.set(t.v, [name]);
      else by.push(name);
    }
  }

  /** `name` reaches the counter: so do the macros naming it, and those naming them. */
  private reach(name: string): void {
    if (this.reaching.has(name)) return;
    this.reaching.add(name);
    const todo = [name];
    for (let n = todo.pop(); n !== undefined; n = todo.pop()) {
      for (const by of this.namedBy.get(n) ?? []) {
        if (this.reaching.has(by)) continue;
        this.reaching.add(by);
        todo.push(by);
      }
      this.namedBy.delete(n);
    }
  }

  /**
   * Whether the code lines of a file (its skeleton and text) name `__COUNTER__` or a macro that may reach it, as the
   * #defines given so far go. True too when its text cannot be read.
   */
  codeMayCount(sk: FileSkeleton, text: () => string | undefined): boolean {
    let names = this.codeNames.get(sk);
    if (names === undefined) {
      const fc = fileCode(sk, text);
      if (fc === undefined) return true;
      names = codeIdentifiers(sk, fc.noComments, fc.idents, fc.lineStarts);
      this.codeNames.set(sk, names);
    }
    return names.some((n) => this.reaching.has(n));
  }
}

/** A skeleton's valid #defines by line, made once per skeleton. */
const byLine = new WeakMap<FileSkeleton, Map<number, MacroDef>>();

function definesByLine(sk: FileSkeleton): Map<number, MacroDef> {
  let out = byLine.get(sk);
  if (out === undefined) {
    out = new Map();
    for (const d of sk.directives) if (d.kind === 'define' && d.macro !== undefined) out.set(d.line, d.macro);
    byLine.set(sk, out);
  }
  return out;
}

/** The distinct identifiers of a file's lines that are not directive lines (`ids`: offset, length pairs in `code`). */
function codeIdentifiers(sk: FileSkeleton, code: string, ids: Int32Array, lineStarts: ArrayLike<number>): string[] {
  const out = new Set<string>();
  const dirs = sk.directives;
  let d = 0;
  let line = 1;
  for (let k = 0; k * 2 < ids.length; k++) {
    const off = ids[k * 2];
    while (line < lineStarts.length && lineStarts[line] <= off) line++;
    while (d < dirs.length && dirs[d].endLine < line) d++;
    if (d < dirs.length && dirs[d].line <= line) continue;
    out.add(code.substr(off, ids[k * 2 + 1]));
  }
  return [...out];
}
