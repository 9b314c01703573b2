// The marks a unit's walk leaves of the names its #undefs touch (see undone-names.ts): which names an executed #undef
// made undefined, or which #define a name has since, for each range of a file's lines read in walk order. A replayed
// header walk marks its reads as walking it would: at once when it keeps those names as they were, else by following
// its log. An #undef of a name without a definition counts too (another unit may define it before the same header:
// the build's macro table holds that definition); outside the unit's own file, such a name is followed only until
// it is defined (gcc's stdint.h #undefs every limit it then defines: the table has those). A name is followed no
// more once it has the definition it had before its first #undef again (`#undef NULL` then the same `#define NULL
// ...`: as if never undefined).
import { definesNoneOf, heldNamesKey, OP_DEFINES, OP_GROUP, OP_RANGE, OP_READ, OP_SUB, OP_TAKEN, OP_UNDEF, readsOf, undefNamesOf, type HeaderEntry } from './header-walk-cache.js';
import type { FileSkeleton } from './file-skeleton.js';
import type { MacroDef, MacroEnv } from './macro-definition.js';
import { peekMacro } from './tracked-env.js';
import type { FileVisit } from './unit-walker.js';
import { HeldStrings } from '../model/own-strings.js';

/**
 * The state of the names an #undef touched, flat: each name (in the order it entered the state) followed by null
 * (undefined) or the definition it has again.
 */
export type UndoneStateList = readonly (string | MacroDef | null)[];

const NO_STATE: UndoneStateList = Object.freeze([]);

/**
 * How the state changed between two versions, flat: each name changed (once) followed by its state at the first
 * version and at the second (null: undefined; undefined: not followed).
 */
export type UndoneChangeList = readonly (string | MacroDef | null | undefined)[];

export class UndefMarks {
  /**
   * Names an executed #undef made undefined (null), and those of them defined again since (the directive's
   * definition): what code lines read after it expand, whatever definition the build's macro table would pick.
   * Each new state the files' marks name makes a version (0: none touched; see FileVisit.marks).
   */
  private readonly undone = new Map<string, MacroDef | null>();
  /**
   * Of each name `undone` holds: the definition (canonical) it had before its first #undef (undefined: none). Names
   * it held before stay (see change), so this is read only for names it holds; so is `loose`.
   */
  private readonly origin = new Map<string, MacroDef | undefined>();
  /** Of those, the names a header's #undef started to follow without a definition: followed no more once defined. */
  private readonly loose = new Set<string>();
  /** Changes whenever a name enters or leaves `undone`. */
  private names = 0;
  /** The version of `undone` as it is (see version), worked out when `unresolved` is false. */
  private current = 0;
  /** Whether `undone` changed since `current` was worked out. */
  private unresolved = false;
  /** Whether `undone` held a name at some point. */
  private touched = false;
  private versions = 0;
  /** Per version, its state as a flat list (see UndoneStateList). */
  private readonly states = new Map<number, UndoneStateList>();
  /** Per version, the hash of its state (`key` then). */
  private readonly stateKeys = new Map<number, number>();
  /**
   * Every change of `undone`, in order: the name, its state before and after (see change). A version's changes since
   * another are read here (see changes), where diffing the two states read every name (Marlin: ~300 a state).
   */
  private readonly log: (string | MacroDef | null | undefined)[] = [];
  /** Per version but 0, the length of `log` when it was made: its state is `undone` as it was then. */
  private readonly madeAt: number[] = [];
  /** Names met by changes (see there), kept to be cleared: one Map a walk. */
  private readonly netAt = new Map<string, number>();
  /**
   * A hash of `undone` kept as it changes, and the version made for each: a state seen before takes its version
   * again (`#undef NULL`, `#define NULL ...` in each inclusion of stddef.h makes two states, not two per inclusion).
   */
  private key = 0;
  private readonly versionOfKey = new Map<number, number>();
  /** While a replay's marks are worked out from its log: what they do, to do again (see replayed). */
  private events: unknown[] | undefined;
  /** The names a replay follows (see quiet): `undone`'s (while it has `size`) and those the #undefs of `top` undefine. */
  private followed: { top: HeaderEntry; at: number; names: Set<string>; key: string } | undefined;

  constructor(
    private readonly env: MacroEnv,
    private readonly visits: ReadonlyMap<string, FileVisit>,
  ) {}

  /** Whether an #undef of a defined name was executed. */
  get executed(): boolean {
    return this.touched;
  }

  /**
   * The version of the state as it is: worked out when a mark (or a comparison with one) asks for it, not at each
   * change. A header's run of #undefs (glibc's, libstdc++'s) changes the state once per name, and each change made
   * a version holding a copy of the state (a host build's units: ~350 versions of 64-511 names each, ~1.6 MB a unit,
   * held to the walk's end: promoted by the young generation's collections, garbage of the old one), where a few
   * of them are ever marked.
   */
  get version(): number {
    if (this.unresolved) this.resolve();
    return this.current;
  }

  /** The state at a version (see UndoneStateList). */
  state(version: number): UndoneStateList {
    return this.states.get(version) ?? NO_STATE;
  }

  /** A hash of the state at a version, the same for the same state in any walk (0 for version 0). */
  stateKey(version: number): number {
    return this.stateKeys.get(version) ?? 0;
  }

  release(): void {
    this.undone.clear();
    this.origin.clear();
    this.loose.clear();
    this.states.clear();
    this.stateKeys.clear();
    this.log.length = 0;
    this.madeAt.length = 0;
    this.versionOfKey.clear();
    this.followed = undefined;
  }

  /**
   * An #undef about to be executed (the environment still has the name's definition); `own`: one of the unit's own
   * file, followed also when the name has no definition.
   */
  undefine(name: string, own = false): void {
    this.undefined(name, peekMacro(this.env, name), own);
  }

  /** A #define executed (its definition made canonical): a name an #undef touched expands it from here on. */
  define(def: MacroDef): void {
    if (this.undone.size === 0) return;
    const state = this.undone.get(def.name);
    if (state === undefined || state === def) return;
    const origin = this.origin.get(def.name);
    const stops = this.loose.has(def.name) || (origin !== undefined && def.canon === origin);
    this.change(def.name, state, stops ? undefined : def, undefined);
  }

  /** An #undef of a name whose definition is `had` (canonical; undefined: none); `own`: one of the unit's own file. */
  private undefined(name: string, had: MacroDef | undefined, own = false): void {
    const state = this.undone.get(name);
    if (state === null) return;
    this.change(name, state, null, had, state === undefined && had === undefined && !own);
  }

  /**
   * A name's state changed (`to` undefined: followed no more; `had`: its definition, when it starts to be followed;
   * `loose`: it starts to be followed from a header's #undef without a definition).
   */
  private change(name: string, from: MacroDef | null | undefined, to: MacroDef | null | undefined, had: MacroDef | undefined, loose = false, delta = keyDelta(name, from, to)): void {
    this.key ^= delta;
    this.log.push(name, from, to);
    if (to === undefined) {
      // A name that had a definition before its first #undef, or followed loosely (see define), stops being followed.
      // Its `origin` and `loose` stay (read only for names `undone` holds, set again when it is followed again): a
      // Map or Set emptied by a delete shrinks, and NULL is followed and dropped again in every stddef.h read.
      this.undone.delete(name);
      this.names++;
    } else {
      this.undone.set(name, to);
      if (from === undefined) {
        this.origin.set(name, had);
        if (loose) this.loose.add(name);
        else if (this.loose.size !== 0) this.loose.delete(name);
        this.names++;
      }
    }
    this.events?.push(CHANGE, name, to, had, loose, delta);
    if (this.key === 0 && this.undone.size === 0) {
      this.current = 0;
      this.unresolved = false;
      return;
    }
    this.touched = true;
    this.unresolved = true;
  }

  /** The state's version (see version): the one made before for this state, else a new one holding a copy of it. */
  private resolve(): void {
    this.unresolved = false;
    const known = this.versionOfKey.get(this.key);
    if (known !== undefined && this.holds(this.states.get(known)!)) {
      this.current = known;
      return;
    }
    this.current = ++this.versions;
    this.versionOfKey.set(this.key, this.current);
    this.states.set(this.current, this.copy());
    this.stateKeys.set(this.current, this.key);
    this.madeAt[this.current] = this.log.length;
  }

  /**
   * The names whose state differs between version `base` and a later one, from the log of changes made between the
   * two (see UndoneChangeList; a name changed and changed back comes with the same state twice); undefined when
   * `base` is 0 or not before `version`.
   */
  changes(base: number, version: number): UndoneChangeList | undefined {
    const from = this.madeAt[base];
    const to = this.madeAt[version];
    if (from === undefined || to === undefined || from > to) return undefined;
    const out: (string | MacroDef | null | undefined)[] = [];
    const at = this.netAt;
    const log = this.log;
    for (let k = from; k < to; k += 3) {
      const name = log[k] as string;
      const i = at.get(name);
      if (i === undefined) {
        at.set(name, out.length);
        out.push(name, log[k + 1], log[k + 2]);
      } else out[i + 2] = log[k + 2];
    }
    at.clear();
    return out;
  }

  /**
   * `undone` as a flat list: one array of twice its size, where `[...undone]` made an array and an iterator result per
   * name (Marlin's units: ~100 versions of ~300 names each a walk, 4.8 GB allocated on 32 F103 envs, held to the walk's end).
   */
  private copy(): UndoneStateList {
    const out = new Array<string | MacroDef | null>(this.undone.size * 2);
    let k = 0;
    // forEach, not for-of: no iterator result nor [key, value] pair made per name.
    this.undone.forEach((def, name) => {
      out[k++] = name;
      out[k++] = def;
    });
    return out;
  }

  /** Whether `undone` holds this state. */
  private holds(state: UndoneStateList): boolean {
    if (state.length !== 2 * this.undone.size) return false;
    for (let k = 0; k < state.length; k += 2) if (this.undone.get(state[k] as string) !== state[k + 1]) return false;
    return true;
  }

  /**
   * A read of the file's text starts: marked with the current version. Reads while none is touched (version 0) make
   * no list until another mark comes: `marked` 0 without `marks` stands for [0, 0].
   */
  read(v: FileVisit): void {
    this.events?.push(READ, v.file);
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
    this.events?.push(RANGE, v.file, from);
    v.marks ??= v.marked === 0 ? [0, 0] : [];
    v.marks.push(from, this.version);
    v.marked = this.version;
  }

  /** Before a recorded walk is replayed: of the names its #undefs undefine, which have a definition (none when it has no #undef). */
  beforeReplay(e: HeaderEntry): Map<string, MacroDef | undefined> | undefined {
    const names = undefNamesOf(e);
    if (names.length === 0) return undefined;
    const out = new Map<string, MacroDef | undefined>();
    for (let k = 0; k < names.length; k++) out.set(names[k], peekMacro(this.env, names[k]));
    return out;
  }

  /**
   * After a recorded walk was replayed: its reads marked with the version as it was when the walk changed no name
   * `undone` holds and its #undefs undefined none (a walk without #undef: a definition other than the one held is
   * in force after it; else each name they undefine was followed as undefined before and it defines none of those),
   * else by following its log in order. `defined`: what beforeReplay said.
   */
  replayed(e: HeaderEntry, defined: Map<string, MacroDef | undefined> | undefined): void {
    if (defined === undefined && this.kept()) {
      this.readAll(e);
      return;
    }
    // Units replay a walk from the same state mostly (NULL defined again by stddef.h, ...): what the log did from it is done again.
    const key = this.startKey(defined);
    const known = e.markEvents;
    if (known !== undefined && known.key === key) {
      this.apply(known.events);
      return;
    }
    const events: unknown[] = [];
    this.events = events;
    try {
      if (defined !== undefined && this.quiet(e, e, defined)) this.readAll(e);
      else this.inOrder(e, e, defined ?? new Map());
    } finally {
      this.events = undefined;
    }
    // Held by the entry to the run's end: the key as one string shared by the entries starting from that state
    // (built by appending, it was a chain of pieces), the events copied to their length.
    e.markEvents = { key: heldKeys.get(key), events: events.slice() };
  }

  /** The state a replay starts from: `undone`, and which of the names its #undefs undefine have a definition. */
  private startKey(defined: Map<string, MacroDef | undefined> | undefined): string {
    let key = '';
    for (const [name, def] of this.undone) key += `${name}=${def === null ? 0 : defNumber(def)}/${this.loose.has(name) ? '~' : this.originNumber(name)}\n`;
    if (defined !== undefined) for (const [name, had] of defined) key += `${name}:${had === undefined ? 0 : defNumber(had)}\n`;
    return key;
  }

  private originNumber(name: string): number {
    const origin = this.origin.get(name);
    return origin === undefined ? 0 : defNumber(origin);
  }

  /** What a replay's marks did (see replayed), done again. */
  private apply(events: unknown[]): void {
    let k = 0;
    while (k < events.length) {
      const kind = events[k] as number;
      if (kind === READ) {
        this.read(this.visits.get(events[k + 1] as string)!);
        k += 2;
      } else if (kind === RANGE) {
        this.range(this.visits.get(events[k + 1] as string)!, events[k + 2] as number);
        k += 3;
      } else {
        const name = events[k + 1] as string;
        // The state hash's change as the log's change made it: the replay starts from the same state (see startKey).
        this.change(name, this.undone.get(name), events[k + 2] as MacroDef | null | undefined, events[k + 3] as MacroDef | undefined, events[k + 4] as boolean, events[k + 5] as number);
        k += 6;
      }
    }
  }

  private readAll(e: HeaderEntry): void {
    const reads = readsOf(e);
    for (let k = 0; k < reads.length; k++) this.read(this.visits.get(reads[k])!);
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
  private inOrder(e: HeaderEntry, top: HeaderEntry, defined: Map<string, MacroDef | undefined>): void {
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
        this.undefined(name, defined.get(name));
        defined.set(name, undefined);
      } else if (op === OP_DEFINES && (this.undone.size !== 0 || defined.size !== 0)) {
        const dirs = (ops[k + 1] as FileSkeleton).directives;
        for (let i = ops[k + 2] as number; i <= (ops[k + 3] as number); i++) {
          const def = dirs[i].macro!;
          if (defined.has(def.name)) defined.set(def.name, def.canon);
          this.define(def);
        }
      } else if (op === OP_SUB) {
        const sub = ops[k + 1] as HeaderEntry;
        if (this.quiet(sub, top, defined)) this.readAll(sub);
        else this.inOrder(sub, top, defined);
      }
      k += op === OP_RANGE || op === OP_DEFINES ? 4 : op === OP_GROUP || op === OP_TAKEN ? 3 : 2;
    }
  }

  /**
   * Whether a recorded walk (part of the replay of `top`) leaves the state as it is: each name its #undefs undefine
   * is followed as undefined already, and it defines none of the names followed (`undone`'s and those `defined` holds).
   */
  private quiet(e: HeaderEntry, top: HeaderEntry, defined: Map<string, MacroDef | undefined>): boolean {
    const undefs = undefNamesOf(e);
    for (let k = 0; k < undefs.length; k++) if (defined.get(undefs[k]) !== undefined || this.undone.get(undefs[k]) !== null) return false;
    if (this.undone.size === 0 && defined.size === 0) return true;
    let f = this.followed;
    if (f === undefined || f.top !== top || f.at !== this.names) {
      const { names, key } = followedNames(this.undone, undefNamesOf(top));
      this.followed = f = { top, at: this.names, names, key };
    }
    return definesNoneOf(e, f.names, f.key);
  }
}

/**
 * The names made followed last (by any walk: they are names, not a walk's state) and their key: replays mostly follow
 * the names the one before did, which a check of each name finds, where sorting and joining them (~300 names in
 * Marlin's units) took 0.66 s of 107 s sampled on 32 of its F103 envs.
 */
let lastFollowed: { names: Set<string>; key: string } | undefined;

/** The names `undone` holds and those `undefs` (distinct) name, and a key of them (sorted, joined): see UndefMarks.quiet. */
export function followedNames(undone: ReadonlyMap<string, unknown>, undefs: readonly string[]): { names: Set<string>; key: string } {
  const last = lastFollowed;
  if (last !== undefined && holdsJust(last.names, undone, undefs)) return last;
  const names = new Set([...undone.keys(), ...undefs]);
  return (lastFollowed = { names, key: heldNamesKey([...names].sort().join('\n')) });
}

/** Whether `names` holds the names of `undone` and of `undefs` (distinct), and no other. */
function holdsJust(names: ReadonlySet<string>, undone: ReadonlyMap<string, unknown>, undefs: readonly string[]): boolean {
  let n = 0;
  let all = true;
  // forEach, not for-of: no iterator result per name.
  undone.forEach((_, name) => {
    if (all && !names.has(name)) all = false;
    n++;
  });
  if (!all) return false;
  for (let k = 0; k < undefs.length; k++) {
    if (undone.has(undefs[k])) continue;
    if (!names.has(undefs[k])) return false;
    n++;
  }
  return n === names.size;
}

/**
 * What a replay's marks do (see UndefMarks.replayed): a read marked (file), a range marked (file, line), a state
 * changed (name, definition, null or undefined, the definition before the first #undef, whether it is loose, and
 * how the state's hash changed).
 */
const READ = 0;
const RANGE = 1;
const CHANGE = 2;

/**
 * The keys of replays' starting states that entries hold (see UndefMarks.replayed), each once (4 096 at most). Built by
 * appending, a key is a chain of pieces (a lookup hashes it without joining them: LVGL's 4 096 held keys were 131 000
 * pieces, 4.5 MB): it is held as one string.
 */
const heldKeys = new HeldStrings(4096, true);

/** Forgets the held keys once the recorded header walks that hold them are gone (see HeaderWalkCache.clear). */
export function releaseHeldKeys(): void {
  heldKeys.clear();
}

/** Numbers for definitions in state hashes and keys (see UndefMarks.key). */
const defNumbers = new WeakMap<MacroDef, number>();
let defCount = 0;

function defNumber(def: MacroDef): number {
  let n = defNumbers.get(def) ?? 0;
  if (n === 0) defNumbers.set(def, (n = ++defCount));
  return n;
}

/** How UndefMarks.key changes when a name's state goes from `from` to `to` (undefined: not followed). */
function keyDelta(name: string, from: MacroDef | null | undefined, to: MacroDef | null | undefined): number {
  return (from === undefined ? 0 : stateHash(name, from)) ^ (to === undefined ? 0 : stateHash(name, to));
}

/** Names' states hashed (see stateHash) in this process: a replay that does again what a log did hashes none (tests read it). */
export const markWork = { hashed: 0 };

/** A hash of one name's state in `undone`: the name's characters and its definition's number (0: undefined). */
function stateHash(name: string, def: MacroDef | null): number {
  markWork.hashed++;
  const n = def === null ? 0 : defNumber(def);
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h;
}
