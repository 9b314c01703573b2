// Files one unit's assembly reads more than once (GNU as reads a file at each `.include` naming it, through any
// nesting, and an #include'd one once more): a label written there as is is defined twice, which GNU as rejects.
import type { Diagnostic } from '../model/diagnostic.js';
import { MAX_DOT_DEPTH } from '../preprocessor/assembler-macros.js';
import { definitionLines, withoutComment } from '../preprocessor/assembler-syntax.js';

/** A file some units read more than once: its path, stored path and those units (stored paths). */
export interface ReadTwice {
  file: string;
  rel: string;
  readBy: string[];
}

/** What the walk of one build's `.include`s found (see assembler-macro-table.ts). */
export interface DotReadings {
  /** The assembler files the units' walks read, each once per unit: [path, stored path, units reading it (paths)]. */
  roots: readonly [string, string, readonly string[]][];
  /** By stored path and a unit's folders (joined by NUL): the files its `.include`s outside `.macro` definitions read, in order. */
  readings: ReadonlyMap<string, string[]>;
  /** By stored path: the path of each file read. */
  paths: ReadonlyMap<string, string>;
  /** A unit's folders joined by NUL (none: it reads no `.include`). */
  key: (unit: string) => string | undefined;
  rel: (file: string) => string;
}

/** The readings walked per unit at most (a file including others many times over). */
const MAX_WALK = 10000;

/** The files some unit reads more than once, counting each `.include` it reaches from the files its walk reads. */
export function filesReadTwice(r: DotReadings): ReadTwice[] {
  const byRel = new Map<string, ReadTwice>();
  const units = new Set(r.roots.flatMap(([, , readBy]) => readBy));
  for (const u of units) {
    const key = r.key(u);
    if (key === undefined) continue;
    const count = new Map<string, number>();
    let walked = 0;
    const walk = (rel: string, depth: number): void => {
      if (++walked > MAX_WALK) return;
      count.set(rel, (count.get(rel) ?? 0) + 1);
      if (depth > MAX_DOT_DEPTH) return;
      for (const n of r.readings.get(`${rel}\0${key}`) ?? []) walk(n, depth + 1);
    };
    for (const [, rel, readBy] of r.roots) if (readBy.includes(u)) walk(rel, 0);
    for (const [rel, n] of count) {
      const file = r.paths.get(rel);
      if (n < 2 || !file) continue;
      const t = byRel.get(rel) ?? { file, rel, readBy: [] };
      t.readBy.push(r.rel(u));
      byRel.set(rel, t);
    }
  }
  return [...byRel.values()];
}

/**
 * A file one unit's assembly reads twice that writes a label as written (not a numeric local label, not in a
 * `.macro` definition, not in a conditional's branch, which a guard like `.ifndef X_INC` may skip the second time):
 * GNU as rejects the second definition ("symbol `x' is already defined"), so the unit does not assemble. The index
 * keeps the label once, at its line.
 */
export function definedTwice(t: ReadTwice, text: string | undefined): Diagnostic[] {
  if (!text) return [];
  const lines = text.split('\n');
  const inside = definitionLines(lines);
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    if (inside.has(i)) continue;
    const line = withoutComment(lines[i]);
    if (CONDITIONAL_OPEN.test(line)) depth++;
    else if (CONDITIONAL_CLOSE.test(line)) depth = Math.max(0, depth - 1);
    const label = depth ? null : WRITTEN_LABEL.exec(line);
    if (!label) continue;
    return [{ severity: 'warning', file: t.file, line: i + 1, message: `\`${label[1]}\` is defined at each reading of this file in ${t.readBy.join(', ')} (each \`.include\` of it, nested or not): GNU as rejects a symbol defined twice, so the unit does not assemble`, fix: 'include the file once, guard it (`.ifndef`), or write the label in a macro with `\\@`' }];
  }
  return [];
}

/** A line opening with a label the assembler defines as written (a numeric local label may be defined again). */
const WRITTEN_LABEL = /^\s*([A-Za-z_.$][\w.$]*)\s*:(?!:)/;
const CONDITIONAL_OPEN = /^\s*(?:[A-Za-z_.$][\w.$]*:\s*)?\.if\w*(?=\s|$)/i;
const CONDITIONAL_CLOSE = /^\s*\.endif(?=\s|$)/i;
