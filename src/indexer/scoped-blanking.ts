// The macros blanked in a file that sees #defines of unit files (its own, or those some unit read before its
// text; see define-scope.ts): the verdicts of the build's other #defines, with those of the names these define
// worked out again with them. Files that see none take the others' verdicts as they are.
import type { MacroRecord } from '../preprocessor/api.js';
import type { BuildMacroTable } from '../preprocessor/build-macro-table.js';
import { blankableMacros, type BlankableMacros } from './blank-macros.js';
import type { DefineScope } from './define-scope.js';

const IDENT = /[A-Za-z_]\w*/g;

export class ScopedBlanking {
  /** The unit files' records, by file. */
  private byFile = new Map<string, MacroRecord[]>();
  private made = new Map<string, BlankableMacros>();

  constructor(
    records: readonly MacroRecord[],
    private readonly plain: BlankableMacros,
    private readonly table: BuildMacroTable,
    private readonly scope: DefineScope,
  ) {
    for (const r of records) {
      if (!scope.scoped.has(r.file)) continue;
      const list = this.byFile.get(r.file);
      if (list) list.push(r);
      else this.byFile.set(r.file, [r]);
    }
  }

  /** The macros blanked in `file` (stored path). */
  of(file: string): BlankableMacros {
    if (this.byFile.size === 0 || !this.scope.widened(file)) return this.plain;
    const own = this.scope.scoped.has(file);
    const key = `${own ? file : ''}\0${this.scope.digest(file)}`;
    let out = this.made.get(key);
    if (out === undefined) this.made.set(key, (out = this.widened(this.seen(file, own))));
    return out;
  }

  /** The unit files' records the file sees: its own (when a unit file), and those listed visible there. */
  private seen(file: string, own: boolean): MacroRecord[] {
    const out: MacroRecord[] = own ? [...(this.byFile.get(file) ?? [])] : [];
    for (const [site, lines] of this.scope.visible.get(file) ?? []) {
      if (site === file) continue;
      for (const r of this.byFile.get(site) ?? []) if (lines.has(r.line)) out.push(r);
    }
    return out;
  }

  /**
   * `plain` with the verdicts of the names `extra` defines made again from their other records, `extra` and the
   * records of the names their values use (decorations built on header macros); `plain` itself when none differs.
   */
  private widened(extra: MacroRecord[]): BlankableMacros {
    if (extra.length === 0) return this.plain;
    const names = new Set(extra.map((r) => r.name));
    const wanted = new Set(names);
    for (const r of extra) for (const id of r.value.match(IDENT) ?? []) wanted.add(id);
    const subset = [...extra];
    for (const name of wanted) for (const r of this.table.recordsOf(name)) if (!this.scope.scoped.has(r.file)) subset.push(r);
    const sub = blankableMacros(subset);
    const same = (n: string) =>
      sub.objectLike.get(n) === this.plain.objectLike.get(n) && sub.functionLike.has(n) === this.plain.functionLike.has(n) && sub.unwrapped.get(n) === this.plain.unwrapped.get(n);
    if ([...names].every(same)) return this.plain;
    const out: BlankableMacros = { objectLike: new Map(this.plain.objectLike), functionLike: new Set(this.plain.functionLike), unwrapped: new Map(this.plain.unwrapped) };
    for (const n of names) {
      const text = sub.objectLike.get(n);
      if (text === undefined) out.objectLike.delete(n);
      else out.objectLike.set(n, text);
      if (sub.functionLike.has(n)) out.functionLike.add(n);
      else out.functionLike.delete(n);
      const glue = sub.unwrapped.get(n);
      if (glue === undefined) out.unwrapped.delete(n);
      else out.unwrapped.set(n, glue);
    }
    return out;
  }
}
