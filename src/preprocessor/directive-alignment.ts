// Pairs the directives of a file before and after an edit that changed only #defines and #undefs (added,
// removed, rewritten), with every other directive the same, in the same order and as many lines long: the
// conditional structure and includes stay, so a walk takes the same branches wherever it reads none of the
// names those #defines and #undefs change. Leaves out every other edit (undefined: the unit is walked).
import type { Directive, FileSkeleton } from './file-skeleton.js';

/** The directives of one file before and after, paired. */
export interface DirectiveAlignment {
  /** Per directive before: the index of the same directive after, or -1 (removed or rewritten). */
  newOf: Int32Array;
  /** Per directive after: the index of the same directive before, or -1 (added or rewritten). */
  oldOf: Int32Array;
  /**
   * Per directive (before / after): its slot, the stretch between two directives that are neither #define nor
   * #undef (slot k ends at the kth of those; the last slot runs to the end of the file). Such a directive has
   * the number of the slot it ends.
   */
  oldSlot: Int32Array;
  newSlot: Int32Array;
  /** Per slot: the number of conditionals open in it (0: the file's top level). */
  depth: number[];
  /** Names of the #defines and #undefs added, removed or rewritten. */
  changed: Set<string>;
}

const isDefinition = (d: Directive): boolean => d.kind === 'define' || d.kind === 'undef';

const sameDirective = (x: Directive, y: Directive): boolean => x.kind === y.kind && x.endLine - x.line === y.endLine - y.line && x.rest === y.rest;

/** The directives of each slot, in order, by index. */
function slotsOf(sk: FileSkeleton): { slots: number[][]; structural: number[]; slotOf: Int32Array } {
  const slots: number[][] = [[]];
  const structural: number[] = [];
  const slotOf = new Int32Array(sk.directives.length);
  sk.directives.forEach((d, i) => {
    slotOf[i] = slots.length - 1;
    if (isDefinition(d)) slots[slots.length - 1].push(i);
    else {
      structural.push(i);
      slots.push([]);
    }
  });
  return { slots, structural, slotOf };
}

/** The name a #define or #undef sets, or undefined for one in error. */
const nameOf = (d: Directive): string | undefined => (d.error ? undefined : d.kind === 'define' ? d.macro?.name : d.name);

/** Pairs one slot's directives: a common head and tail, the rest changed. False when a changed one is in error. */
function alignSlot(before: Directive[], after: Directive[], b: number[], a: number[], out: DirectiveAlignment): boolean {
  let head = 0;
  while (head < b.length && head < a.length && sameDirective(before[b[head]], after[a[head]])) head++;
  let tail = 0;
  while (tail < b.length - head && tail < a.length - head && sameDirective(before[b[b.length - 1 - tail]], after[a[a.length - 1 - tail]])) tail++;
  const pair = (i: number, j: number) => {
    out.newOf[i] = j;
    out.oldOf[j] = i;
  };
  for (let k = 0; k < head; k++) pair(b[k], a[k]);
  for (let k = 1; k <= tail; k++) pair(b[b.length - k], a[a.length - k]);
  for (const [list, dirs] of [[b.slice(head, b.length - tail), before], [a.slice(head, a.length - tail), after]] as const) {
    for (const i of list) {
      const name = nameOf(dirs[i]);
      if (name === undefined) return false;
      out.changed.add(name);
    }
  }
  return true;
}

/** Conditionals open in each slot, from the structural directives that end the slots before it. */
function depths(sk: FileSkeleton, structural: number[]): number[] {
  const out = [0];
  let depth = 0;
  for (const i of structural) {
    const kind = sk.directives[i].kind;
    if (kind === 'if' || kind === 'ifdef' || kind === 'ifndef') depth++;
    else if (kind === 'endif') depth--;
    out.push(depth);
  }
  return out;
}

/** The directives of `before` and `after` paired, or undefined when more than #defines and #undefs changed. */
export function alignDirectives(before: FileSkeleton, after: FileSkeleton): DirectiveAlignment | undefined {
  if (before.guard !== after.guard || before.pragmaOnce !== after.pragmaOnce) return undefined;
  if (before.problems.length || after.problems.length) return undefined;
  if (before.directives.some((d) => d.kind === 'line') || after.directives.some((d) => d.kind === 'line')) return undefined;
  const b = slotsOf(before);
  const a = slotsOf(after);
  if (b.structural.length !== a.structural.length) return undefined;
  const out: DirectiveAlignment = {
    newOf: new Int32Array(before.directives.length).fill(-1),
    oldOf: new Int32Array(after.directives.length).fill(-1),
    oldSlot: b.slotOf,
    newSlot: a.slotOf,
    depth: depths(before, b.structural),
    changed: new Set(),
  };
  for (let k = 0; k < b.structural.length; k++) {
    const i = b.structural[k];
    const j = a.structural[k];
    if (!sameDirective(before.directives[i], after.directives[j])) return undefined;
    out.newOf[i] = j;
    out.oldOf[j] = i;
  }
  for (let k = 0; k < b.slots.length; k++) if (!alignSlot(before.directives, after.directives, b.slots[k], a.slots[k], out)) return undefined;
  return out;
}
