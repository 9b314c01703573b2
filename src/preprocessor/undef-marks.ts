// The marks a unit's walk leaves of the names its #undefs touch (see undone-names.ts): which names an executed #undef
// made undefined, or which #define a name has since, for each range of a file's lines read in walk order. A replayed
// header walk marks its reads as walking it would: at once when it keeps those names as they were, else by following
// its log. Leaves out an #undef of a name without a definition (it changes nothing the table would not know).
import { definesNoneOf, OP_DEFINES, OP_GROUP, OP_RANGE, OP_READ, OP_SUB, OP_TAKEN, OP_UNDEF, readsOf, undefNamesOf, type HeaderEntry } from './header-walk-cache.js';
import type { FileSkeleton } from './file-skeleton.js';
import type { MacroDef, MacroEnv } from './macro-definition.js';
import { peekMacro } from './tracked-env.js';
import type { FileVisit } from './unit-walker.js';

export class UndefMarks {
  /**
   * Names an executed #undef made undefined (null), and those of them defined again since (the directive's
   * definition): what code lines read after it expand, whatever definition the build's macro table would pick.
   * Each new state makes a version (0: none touched), which the files' marks name (see FileVisit.marks).
   */
  private readonly undone = new Map<string, MacroDef | null>();
  version = 0;
  private versions = 0;
  private readonly states = new Map<number, [string, MacroDef | null][]>();
  /**
   * A hash of `undone` kept as it changes, and the version made for each: a state seen before takes its version
   * again (`#undef NULL`, `#define NULL ...` in each inclusion of stddef.h makes two states, not two per inclusion).
   */
  private key = 0;
  private readonly versionOfKey = new Map<number, number>();

  constructor(
    private readonly env: MacroEnv,
    private readonly visits: ReadonlyMap<string, FileVisit>,
  ) {}

  /** Whether an #undef of a defined name was executed. */
  get executed(): boolean {
    return this.versions !== 0;
  }

  /** The state at a version: [name, null (undefined) or definition]. */
  state(version: number): readonly [string, MacroDef | null][] {
    return this.states.get(version) ?? [];
  }

  release(): void {
    this.undone.clear();
    this.states.clear();
    this.versionOfKey.clear();
  }

  /** An #undef about to be executed (the environment still has the name's definition). */
  undefine(name: string): void {
    if (this.undone.has(name) || peekMacro(this.env, name) !== undefined) this.undefined(name);
  }

  /** A #define executed: a name an #undef touched expands this definition from here on. */
  define(def: MacroDef): void {
    if (this.undone.size === 0) return;
    const state = this.undone.get(def.name);
    if (state === undefined || state === def) return;
    this.change(def.name, state, def);
  }

  private undefined(name: string): void {
    const state = this.undone.get(name);
    if (state !== null) this.change(name, state, null);
  }

  private change(name: string, from: MacroDef | null | undefined, to: MacroDef | null): void {
    if (from !== undefined) this.key ^= stateHash(name, from);
    this.key ^= stateHash(name, to);
    this.undone.set(name, to);
    const known = this.versionOfKey.get(this.key);
    if (known !== undefined && this.holds(this.states.get(known)!)) {
      this.version = known;
      return;
    }
    this.version = ++this.versions;
    this.versionOfKey.set(this.key, this.version);
    this.states.set(this.version, [...this.undone]);
  }

  /** Whether `undone` holds this state. */
  private holds(state: [string, MacroDef | null][]): boolean {
    if (state.length !== this.undone.size) return false;
    for (let k = 0; k < state.length; k++) if (this.undone.get(state[k][0]) !== state[k][1]) return false;
    return true;
  }

  /**
   * A read of the file's text starts: marked with the current version. Reads while none is touched (version 0) make
   * no list until another mark comes: `marked` 0 without `marks` stands for [0, 0].
   */
  read(v: FileVisit): void {
    if (v.marks === undefined) {
      if (this.version === 0) {
        v.marked = 0;
        return;
      }
      v.marks = v.marked === 0 ? [0, 0] : [];
    }
    v.marks.push(0, this.version);
    v.marked = this.version;
  }

  /** A range of the file read after the state changed (the caller checks `v.marked !== version`). */
  range(v: FileVisit, from: number): void {
    v.marks ??= v.marked === 0 ? [0, 0] : [];
    v.marks.push(from, this.version);
    v.marked = this.version;
  }

  /** Before a recorded walk is replayed: of the names its #undefs undefine, which have a definition (none when it has no #undef). */
  beforeReplay(e: HeaderEntry): Map<string, boolean> | undefined {
    if (readsOf(e) !== null) return undefined;
    const names = undefNamesOf(e);
    const out = new Map<string, boolean>();
    for (let k = 0; k < names.length; k++) out.set(names[k], peekMacro(this.env, names[k]) !== undefined);
    return out;
  }

  /**
   * After a recorded walk was replayed: its reads marked with the version as it was when the walk neither executed an
   * #undef nor changed a name `undone` holds (a definition other than the one held is in force after it), else by
   * following its log in order. `defined`: what beforeReplay said.
   */
  replayed(e: HeaderEntry, defined: Map<string, boolean> | undefined): void {
    const reads = readsOf(e);
    if (reads !== null && this.kept()) {
      for (let k = 0; k < reads.length; k++) this.read(this.visits.get(reads[k])!);
      return;
    }
    this.inOrder(e, defined ?? new Map());
  }

  /** Whether every name `undone` holds has the definition (or none) it says. */
  private kept(): boolean {
    for (const [name, def] of this.undone) if (peekMacro(this.env, name) !== (def === null ? undefined : def.canon)) return false;
    return true;
  }

  /**
   * The marks of a replay following its log in order, `undone` changed as the walk changed it; `defined` says, of the
   * names its #undefs undefine, which have a definition at that point.
   */
  private inOrder(e: HeaderEntry, defined: Map<string, boolean>): void {
    const ops = e.ops;
    let k = 0;
    while (k < ops.length) {
      const op = ops[k] as number;
      if (op === OP_READ) this.read(this.visits.get(ops[k + 1] as string)!);
      else if (op === OP_RANGE) {
        const v = this.visits.get(ops[k + 1] as string)!;
        if (v.marked !== this.version) this.range(v, ops[k + 2] as number);
      } else if (op === OP_UNDEF) {
        const name = ops[k + 1] as string;
        if (this.undone.has(name) || defined.get(name) === true) this.undefined(name);
        defined.set(name, false);
      } else if (op === OP_DEFINES && (this.undone.size !== 0 || defined.size !== 0)) {
        const dirs = (ops[k + 1] as FileSkeleton).directives;
        for (let i = ops[k + 2] as number; i <= (ops[k + 3] as number); i++) {
          const def = dirs[i].macro!;
          if (defined.has(def.name)) defined.set(def.name, true);
          this.define(def);
        }
      } else if (op === OP_SUB) {
        const sub = ops[k + 1] as HeaderEntry;
        const reads = readsOf(sub);
        // A nested walk without #undef that defines none of the names followed: its reads keep the state.
        if (reads !== null && this.quiet(sub, defined)) for (let r = 0; r < reads.length; r++) this.read(this.visits.get(reads[r])!);
        else this.inOrder(sub, defined);
      }
      k += op === OP_RANGE || op === OP_DEFINES ? 4 : op === OP_GROUP || op === OP_TAKEN ? 3 : 2;
    }
  }

  /**
   * Whether a recorded walk defines none of the names `undone` and `defined` follow. Their set is made again only when
   * `undone` grew (names never leave it; `defined` names one replay's #undefs).
   */
  private quiet(e: HeaderEntry, defined: Map<string, boolean>): boolean {
    if (this.undone.size === 0 && defined.size === 0) return true;
    let known = followedNames.get(defined);
    if (known === undefined || known.size !== this.undone.size) {
      const names = new Set([...this.undone.keys(), ...defined.keys()]);
      followedNames.set(defined, (known = { size: this.undone.size, names, key: [...names].sort().join('\n') }));
    }
    return definesNoneOf(e, known.names, known.key);
  }
}

/** Of a replay's `defined` (see UndefMarks.inOrder): the names followed with it, while `undone` has `size` names. */
const followedNames = new WeakMap<Map<string, boolean>, { size: number; names: Set<string>; key: string }>();

/** Numbers for definitions in state hashes (see UndefMarks.key). */
const defNumbers = new WeakMap<MacroDef, number>();
let defCount = 0;

/** A hash of one name's state in `undone`: the name's characters and its definition's number (0: undefined). */
function stateHash(name: string, def: MacroDef | null): number {
  let n = 0;
  if (def !== null) {
    n = defNumbers.get(def) ?? 0;
    if (n === 0) defNumbers.set(def, (n = ++defCount));
  }
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h;
}
