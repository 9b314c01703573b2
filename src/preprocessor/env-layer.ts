// Frozen macro states above a starting environment, each made once per run by replaying header walks in order
// on the one before: units whose walk so far only replayed the same headers share one, instead of each setting
// the same ~700 #defines in a map of its own (see TrackedEnv.layer and UnitWalker.replayGrouped).
import { OP_DEFINES, OP_UNDEF, type GroupedEffects, type HeaderEntry, type HeaderWalkCache, type ReusableView } from './header-walk-cache.js';
import type { FileSkeleton } from './file-skeleton.js';
import type { MacroDef, StartingMacros } from './macro-definition.js';

/**
 * The names a sequence of replayed header walks defined (canonical definitions) or removed (null) above
 * `base`, and the #defines they reached in order (as UnitWalker.definesReached lists them). Never changed.
 */
export class EnvLayer {
  /**
   * Layers made from this one, by the replayed effects that made them; 1: asked for once (a walk replaying them
   * alone sets their #defines itself: a layer copies its parent's names, which pays when walks share it); null: not
   * made (too large, or past the names its root allows).
   */
  private readonly after = new WeakMap<GroupedEffects, EnvLayer | 1 | null>();
  /** Of a root layer: the names its layers hold together (see MAX_NAMES_PER_ROOT). */
  private names = 0;

  private constructor(
    private readonly root: EnvLayer | undefined,
    readonly base: StartingMacros,
    readonly defs: ReadonlyMap<string, MacroDef | null>,
    /** #defines reached, each once, in the order first reached; where each run of one file's starts. */
    readonly reached: readonly MacroDef[],
    readonly runs: readonly number[],
    readonly lastFile: string | undefined,
    private readonly reachedSet: ReadonlySet<MacroDef>,
    /**
     * Of the replay that made this layer from its parent: the definitions each #define or #undef replaced, as
     * [name, definition] pairs in order (a walk that had read one notes its name read, see TrackedEnv.shadow),
     * and the files of the #defines it reached first, each once (their visits stop being the replay's own).
     */
    readonly replaced: readonly (string | MacroDef)[],
    readonly reachedFiles: readonly string[],
  ) {}

  /** The empty layer of a starting environment, one per environment and run (its header walk cache). */
  static root(base: StartingMacros, run: HeaderWalkCache): EnvLayer {
    let ofRun = roots.get(run);
    if (ofRun === undefined) roots.set(run, (ofRun = new WeakMap()));
    let layer = ofRun.get(base);
    if (layer === undefined) ofRun.set(base, (layer = new EnvLayer(undefined, base, new Map(), [], [], undefined, new Set(), [], [])));
    return layer;
  }

  /** The layer a replay of `g` makes from this one, made on the second ask; undefined when there is none (yet). */
  next(g: GroupedEffects): EnvLayer | undefined {
    const known = this.after.get(g);
    if (known === undefined) {
      this.after.set(g, 1);
      return undefined;
    }
    if (known !== 1) return known ?? undefined;
    const layer = this.make(g);
    this.after.set(g, layer);
    return layer ?? undefined;
  }

  private make(g: GroupedEffects): EnvLayer | null {
    const ops = g.ops;
    let writes = 0;
    for (let k = 0; k < ops.length; k += ops[k] === OP_DEFINES ? 4 : 2) if (ops[k] === OP_DEFINES) writes += (ops[k + 3] as number) - (ops[k + 2] as number) + 1;
    const root = this.root ?? this;
    if (this.defs.size + writes > MAX_LAYER_NAMES || root.names + this.defs.size + writes > MAX_NAMES_PER_ROOT) return null;
    root.names += this.defs.size + writes;
    const defs = new Map(this.defs);
    const reached = this.reached.slice();
    const runs = this.runs.slice();
    const reachedSet = new Set(this.reachedSet);
    const replaced: (string | MacroDef)[] = [];
    const reachedFiles: string[] = [];
    let lastFile = this.lastFile;
    const write = (name: string, def: MacroDef | null) => {
      const prior = defs.has(name) ? defs.get(name) : this.base.get(name);
      if (prior != null) replaced.push(name, prior);
      defs.set(name, def);
    };
    for (let k = 0; k < ops.length; ) {
      if (ops[k] === OP_DEFINES) {
        const dirs = (ops[k + 1] as FileSkeleton).directives;
        for (let i = ops[k + 2] as number; i <= (ops[k + 3] as number); i++) {
          const def = dirs[i].macro!;
          write(def.name, def.canon!);
          if (reachedSet.has(def)) continue;
          reachedSet.add(def);
          if (def.file !== lastFile) {
            lastFile = def.file;
            runs.push(reached.length);
          }
          reached.push(def);
          if (!reachedFiles.includes(def.file)) reachedFiles.push(def.file);
        }
        k += 4;
      } else {
        if (ops[k] === OP_UNDEF) write(ops[k + 1] as string, null);
        k += 2;
      }
    }
    return new EnvLayer(root, this.base, defs, reached, runs, lastFile, reachedSet, replaced, reachedFiles);
  }

  /**
   * Answers that depend on a walk's macros alone, for the walks whose macros are this layer's: whether a recorded
   * header walk's macro inputs hold (see HeaderWalkCache.find), the first reusable view of a list that holds (see
   * unit-result.ts; a list only grows, so a view found stays the first).
   */
  readonly inputsHold = new WeakMap<HeaderEntry, boolean>();
  readonly firstView = new WeakMap<ReusableView[], ReusableView>();

  /** Per recorded header walk replayed from this layer: its inputs' definitions here (1: asked for once). */
  private readonly inputDefs = new WeakMap<HeaderEntry, KnownDefs | 1>();

  /**
   * The definitions the names a replay of `e` reads (its readNames) have on this layer and under it, for
   * TrackedEnv.readKnown: made on the second ask (a replay asked once reads them one by one), then kept.
   */
  knownInputs(e: HeaderEntry): KnownDefs | undefined {
    const known = this.inputDefs.get(e);
    if (known === undefined) {
      this.inputDefs.set(e, 1);
      return undefined;
    }
    if (known !== 1) return known;
    const names = e.readNames;
    const above: (MacroDef | null | undefined)[] = new Array(names.length);
    const base: (MacroDef | undefined)[] = new Array(names.length);
    for (let k = 0; k < names.length; k++) {
      const own = this.defs.get(names[k]);
      above[k] = own;
      base[k] = own === undefined ? this.base.get(names[k]) : undefined;
    }
    const made = { above, base };
    this.inputDefs.set(e, made);
    return made;
  }
}

/** Definitions of a list of names on a layer (undefined: none there, null: removed) and under it (see TrackedEnv.readKnown). */
export interface KnownDefs {
  above: (MacroDef | null | undefined)[];
  base: (MacroDef | undefined)[];
}

/** A layer holds at most this many names (a device header's 400 000 #defines are replayed into the walk's own map). */
const MAX_LAYER_NAMES = 1 << 14;
/** The layers of one starting environment hold at most this many names together (each copies its parent's). */
const MAX_NAMES_PER_ROOT = 1 << 18;

const roots = new WeakMap<HeaderWalkCache, WeakMap<StartingMacros, EnvLayer>>();
