// A macro environment that remembers which macros of its starting state a walk consulted (and what they
// were then): the inputs a unit's result depends on besides file contents. Names the walk itself (re)defined
// or removed are not inputs and are not recorded there; every name read at all is (see `readNames`).
import type { EnvLayer } from './env-layer.js';
import type { MacroDef, MacroEnv } from './macro-definition.js';
import { sortedTested } from './tested-pairs.js';
import type { TestedPair } from '../model/tested-items.js';

/**
 * The names a walk looked up, joined by '\n' (no name holds one): one flat string instead of an array of
 * strings, each of them lexed from a definition's text as a slice of that file's text, which would keep it alive
 * (a 24 MB device header's, through its build's masking and parsing, after its skeleton is dropped).
 */
export type ReadNames = string;

/**
 * The names a walk looked up as its result holds them: joined (a result carried over or from another thread) or the
 * list TrackedEnv.readNameList answered, joined only when a string is asked for (see joinedReadNames).
 */
export type WalkReadNames = ReadNames | readonly string[];

/** The names of a ReadNames (or a walk's list, as it is), in the order the walk first read them. */
export function readNameList(names: WalkReadNames): readonly string[] {
  if (typeof names !== 'string') return names;
  return names === '' ? [] : names.split('\n');
}

/** Text identity of a definition (same name assumed): equal keys expand the same everywhere. */
export function definitionKey(def: MacroDef | undefined): string | null {
  if (!def) return null;
  if (def.builtin) return `@${def.builtin}`;
  // Kept on the definition: environments share definition objects, so every unit that consulted it asks again.
  return (def.key ??= `${def.paramsText ?? ''}\u0001${def.valueText}`);
}

/** True when two definitions (or two absences) expand the same everywhere. */
export function sameDefinition(a: MacroDef | undefined, b: MacroDef | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.name !== b.name) return false;
  if (a.builtin || b.builtin) return a.builtin === b.builtin;
  return a.paramsText === b.paramsText && a.valueText === b.valueText;
}

/**
 * The macros of a walk: the unit's starting environment (shared by units set up alike, never changed) under
 * the names the walk itself defined or removed: first those of the header walks it replayed onto the starting
 * environment alone (a layer shared with the units that replayed the same, see env-layer.ts), then its own. A
 * read that falls through to the starting environment is recorded as consulted; `peek` reads without recording
 * (checks of memoized results).
 */
export class TrackedEnv {
  /** Names the walk (re)defined, or removed (null), above `layer`. */
  private own = new Map<string, MacroDef | null>();
  /** The shared layer under `own` (undefined: none). */
  private shared: EnvLayer | undefined;
  /** Starting-state names consulted, with the definition they had (undefined: not defined). */
  private consulted = new Map<string, MacroDef | undefined>();
  /**
   * With the definitions marked read (see `read`), every name the walk looked up, whoever defined it (a header
   * edit that changes no name of these cannot change what the walk decided; see carried-result.ts).
   */
  private reads = new Set<string>();
  /**
   * The definitions this environment marked read (see `read`), each once, in the order first read; null past
   * MAX_MARKED of them (a device header's walk: `readNames` then goes through the maps instead).
   */
  private marked: MacroDef[] | null = [];
  /** This environment's mark on the definitions read through it (MacroDef.readBy). */
  private readonly id = ++lastEnvId;

  constructor(
    private readonly base: ReadonlyMap<string, MacroDef>,
    layer?: EnvLayer,
  ) {
    this.shared = layer;
  }

  /** The shared layer the walk's macros are, when it defined or removed nothing else (else undefined). */
  get layer(): EnvLayer | undefined {
    return this.own.size === 0 ? this.shared : undefined;
  }

  /**
   * Puts the walk's macros on `next`, a layer made from `layer` by a replay (see EnvLayer.next): what setting
   * its #defines and #undefs one by one does, a replaced definition this walk read noting its name read.
   */
  replayLayer(next: EnvLayer): void {
    const replaced = next.replaced;
    const id = this.id;
    for (let k = 0; k < replaced.length; k += 2) if ((replaced[k + 1] as MacroDef).readBy === id) this.reads.add(replaced[k] as string);
    this.shared = next;
  }

  /**
   * `get` of each of `names` on the walk's layer (nothing of its own), given the definition each has on that layer
   * (`above`; undefined: none, null: removed) and in the starting environment (`base`): no lookups.
   */
  readKnown(names: readonly string[], above: readonly (MacroDef | null | undefined)[], base: readonly (MacroDef | undefined)[]): void {
    const id = this.id;
    for (let k = 0; k < names.length; k++) {
      const name = names[k];
      const own = above[k];
      if (own !== undefined) {
        this.read(name, own ?? undefined);
        continue;
      }
      const def = base[k];
      if (def !== undefined && def.readBy === id && def.name === name) continue;
      this.read(name, def);
      if (!this.consulted.has(name)) this.consulted.set(name, def);
    }
  }

  /** A name's definition above the starting environment: the walk's own, else its layer's (null: removed). */
  private above(name: string): MacroDef | null | undefined {
    const own = this.own.get(name);
    return own !== undefined || this.shared === undefined ? own : this.shared.defs.get(name);
  }

  get(name: string): MacroDef | undefined {
    const own = this.above(name);
    if (own !== undefined) {
      this.read(name, own ?? undefined);
      return own ?? undefined;
    }
    const def = this.base.get(name);
    // A starting definition already marked read by this environment under its name was consulted then (the walk
    // never gives a name back to the starting state once it defined or removed it).
    if (def !== undefined && def.readBy === this.id && def.name === name) return def;
    this.read(name, def);
    if (!this.consulted.has(name)) this.consulted.set(name, def);
    return def;
  }

  /**
   * Notes `name` read: a definition of that name is marked instead of the name being added to `reads` (a device
   * header's walk reads 300 000 names it defined: no set of them, nor the texts the names are slices of kept alive).
   */
  private read(name: string, def: MacroDef | undefined): void {
    if (def !== undefined && def.name === name) {
      if (def.readBy !== this.id) {
        def.readBy = this.id;
        const marked = this.marked;
        if (marked !== null) {
          if (marked.length < MAX_MARKED) marked.push(def);
          else this.marked = null;
        }
      }
    } else this.reads.add(name);
  }

  /**
   * Before `name` is given another definition or removed: a mark on the one it has now goes to `reads`. Answers
   * that definition (undefined: none).
   */
  private shadow(name: string): MacroDef | undefined {
    const own = this.above(name);
    // null: removed by the walk.
    const def = own !== undefined ? own : this.base.get(name);
    if (def == null) return undefined;
    if (def.readBy === this.id) this.reads.add(name);
    return def;
  }

  peek(name: string): MacroDef | undefined {
    const own = this.above(name);
    return own !== undefined ? (own ?? undefined) : this.base.get(name);
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /**
   * Whether each of `names` has the definition of `defs` here (undefined: none, as `peek` sees it); when all do, they
   * are read as `get` reads them, from the definitions found: one lookup a name, where peeking each and then getting
   * each made two (a replayed header's view and a memoized #define value check their names so, ~10 M a build set).
   */
  readIfSame(names: readonly string[], defs: readonly (MacroDef | undefined)[]): boolean {
    const n = names.length;
    if (fromBase.length < n) fromBase = new Uint8Array(Math.max(n, 2 * fromBase.length));
    const from = fromBase;
    for (let k = 0; k < n; k++) {
      const own = this.above(names[k]);
      const def = own !== undefined ? (own ?? undefined) : this.base.get(names[k]);
      if (def !== defs[k]) return false;
      from[k] = own === undefined ? 1 : 0;
    }
    const id = this.id;
    for (let k = 0; k < n; k++) {
      const name = names[k];
      const def = defs[k];
      if (from[k] === 0) {
        this.read(name, def);
        continue;
      }
      // As `get` of a name the starting environment answers.
      if (def !== undefined && def.readBy === id && def.name === name) continue;
      this.read(name, def);
      if (!this.consulted.has(name)) this.consulted.set(name, def);
    }
    return true;
  }

  set(name: string, def: MacroDef): this {
    this.shadow(name);
    this.own.set(name, def);
    return this;
  }

  delete(name: string): boolean {
    const had = this.shadow(name) !== undefined;
    this.own.set(name, null);
    return had;
  }

  /** Names a replayed header walk read after defining them (the replay does not read them again). */
  noteReads(names: readonly string[]): void {
    for (let k = 0; k < names.length; k++) this.reads.add(names[k]);
  }

  /**
   * Every name looked up so far: `reads`, and the names of the definitions marked read. A marked definition no
   * longer in place put its name in `reads` when it was replaced (see `shadow`): it is left out by that, without
   * looking the name up again (~1 000 names a unit). Units of a build mostly read the same names in the same
   * order: the previous answer (the same string) is handed out again when that holds, so that the results the
   * run keeps do not each hold a copy of it.
   */
  readNames(): ReadNames {
    return joinedReadNames(this.readNameList());
  }

  /**
   * The names `readNames` joins, in order: the previous answer (the same array, never changed) when they are the
   * same, so that a set made of it is recognised (see unit-reads.ts).
   */
  readNameList(): readonly string[] {
    const names = this.readNameArray();
    const last = lastReadList;
    if (last !== undefined && sameNames(names, last)) return last;
    // A large list (a device header's walk) is not kept: its names are slices of the header's text.
    lastReadList = names.length <= MAX_KEPT_READ_NAMES ? names : undefined;
    return names;
  }

  /** The names `readNames` joins, in order. */
  private readNameArray(): string[] {
    const reads = this.reads;
    const names = [...reads];
    const id = this.id;
    const marked = this.marked;
    if (marked !== null) {
      for (let k = 0; k < marked.length; k++) {
        const def = marked[k];
        if (def.readBy === id && !reads.has(def.name)) names.push(def.name);
      }
    } else {
      // forEach, not for-of: no iterator result nor [name, def] pair made per entry.
      const own = this.own;
      // The layer's names first, in the order a walk setting them one by one would have put them in its own map.
      const layer = this.shared?.defs;
      layer?.forEach((shared, name) => {
        const def = own.has(name) ? own.get(name)! : shared;
        if (def !== null && def.readBy === id && def.name === name && !reads.has(name)) names.push(name);
      });
      own.forEach((def, name) => {
        if (def !== null && def.readBy === id && def.name === name && layer?.has(name) !== true && !reads.has(name)) names.push(name);
      });
      this.base.forEach((def, name) => {
        if (def.readBy === id && def.name === name && !own.has(name) && layer?.has(name) !== true && !reads.has(name)) names.push(name);
      });
    }
    return names;
  }

  /** Forgets the walk's own and consulted names (after its result is read; see UnitWalker.release). */
  release(): void {
    this.own.clear();
    this.shared = undefined;
    this.consulted.clear();
    this.reads.clear();
    this.marked = [];
  }

  /**
   * [name, definitionKey] of every starting-state macro consulted, sorted by name. Units of a build mostly
   * consult the same names with the same definitions in the same order: the previous answer (the same array,
   * never changed) is handed out again when that holds.
   */
  tested(): TestedPair[] {
    const consulted = this.consulted;
    const last = lastTested;
    if (last !== undefined && last.names.length === consulted.size) {
      // forEach, not for-of: no iterator result nor [name, def] pair made per name.
      let k = 0;
      let same = true;
      const names = last.names;
      const defs = last.defs;
      consulted.forEach((def, name) => {
        if (same && (name !== names[k] || def !== defs[k])) same = false;
        k++;
      });
      if (same) return last.out;
    }
    const names = [...consulted.keys()];
    const defs = [...consulted.values()];
    const out = sortedTested(names, defs);
    lastTested = { names, defs, out };
    return out;
  }
}

/** Definitions a TrackedEnv lists as it marks them (see TrackedEnv.marked). */
const MAX_MARKED = 1 << 16;

/** Per name checked by TrackedEnv.readIfSame, whether the starting environment answered it (1) or the walk's macros (0). */
let fromBase = new Uint8Array(256);

/** The mark of the last TrackedEnv made (see TrackedEnv.read). */
let lastEnvId = 0;

/** The last answer of TrackedEnv.readNameList, unless its names were more than MAX_KEPT_READ_NAMES. */
let lastReadList: readonly string[] | undefined;
/** The last list joinedReadNames joined, with its answer (a kept list only). */
let lastReadNames: { names: readonly string[]; joined: ReadNames } | undefined;
const MAX_KEPT_READ_NAMES = 1 << 14;

/**
 * `names` as a string: a walk's list joined by '\n' (the previous answer again for the same list, so that the results
 * the run keeps do not each hold a copy of it).
 */
export function joinedReadNames(names: WalkReadNames): ReadNames {
  if (typeof names === 'string') return names;
  const last = lastReadNames;
  if (last !== undefined && last.names === names) return last.joined;
  const joined = names.join('\n');
  lastReadNames = names === lastReadList ? { names, joined } : undefined;
  return joined;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * The names of `joined` in order when it is the last answer of TrackedEnv.readNames on this thread (held with the
 * names it joined), else undefined: the run's table of walked names takes them without splitting the string.
 */
export function lastReadNameList(joined: ReadNames): readonly string[] | undefined {
  const last = lastReadNames;
  return last !== undefined && last.joined === joined ? last.names : undefined;
}

/**
 * The list of a walk's names that this thread's table of walked names may take as it is (unit-reads.ts): a walk's
 * own list of up to MAX_KEPT_READ_NAMES names, or the string joined last from one; else undefined (a device header's
 * walk of many names, or names from another thread or run, held as a string).
 */
export function listedReadNames(names: WalkReadNames): readonly string[] | undefined {
  if (typeof names === 'string') return lastReadNameList(names);
  return names.length <= MAX_KEPT_READ_NAMES ? names : undefined;
}

/** Lets the last names read go (they may be slices of a large header's text that is being dropped). */
export function forgetReadNames(): void {
  lastReadList = undefined;
  lastReadNames = undefined;
}

/** The last answer of TrackedEnv.tested, with the names and definitions (in reading order) it was made from. */
let lastTested: { names: string[]; defs: (MacroDef | undefined)[]; out: TestedPair[] } | undefined;

/**
 * Whether each of `names` has the definition of `defs` in `env` (checked without a read); when all do, each is read
 * (`get`) in order.
 */
export function readIfSame(env: MacroEnv, names: readonly string[], defs: readonly (MacroDef | undefined)[]): boolean {
  if (env instanceof TrackedEnv) return env.readIfSame(names, defs);
  let k = 0;
  while (k < names.length && env.get(names[k]) === defs[k]) k++;
  if (k < names.length) return false;
  for (k = 0; k < names.length; k++) env.get(names[k]);
  return true;
}

/** A macro's definition in `env` without recording the read as consulted. */
export function peekMacro(env: MacroEnv, name: string): MacroDef | undefined {
  return env instanceof TrackedEnv ? env.peek(name) : env.get(name);
}
