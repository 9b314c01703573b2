// The implicit macros a patch's macro tables fall back to (unitBuiltins of every unit of the build) kept beside the
// index: each distinct set once, in `.fw-context/builtin-sets/` named by the hash of its content, and per build a
// small file in `.fw-context/build-builtins/` naming the set its fingerprint (its units' command lines and the state of
// the compilers they run, which decide them) and the code that works them out (moduleStamps) answer with. A patch
// takes them from there instead of reading every unit's command line again (mbed CE's 255 units: ~40 ms in a short
// run); images of one board share a set (Pico's 36 images of a shared .c edit: 2-3 sets of ~68 KB read, none written).
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { MacroDef } from '../preprocessor/macro-definition.js';
import { moduleCodeStamp } from '../model/module-stamps.js';
import { sha1 } from '../model/sha1.js';
import { buildStatePath, pruneBuildStateFiles, pruneFolder, readChecksummed, writeChecksummed, type BuildName } from './build-state-files.js';
import { BUILTINS_FOLDER, BUILTINS_FORMAT, readBuildBuiltinsFile, readBuiltinSet, SET_EXT, setFolder, setPath, writeBuiltinSet, type BuildBuiltinsFile } from './builtin-set-files.js';

/**
 * The modules whose code decides a build's implicit macros, from this module's folder (what they import to run is
 * listed too, or is known to decide nothing of them: see the kept-code-modules test).
 */
export const DECIDING_MODULES = [
  'kept-builtins.js', 'builtin-set-files.js', 'builtin-macros.js', '../model/compile-args.js', '../model/source-suffixes.js', '../model/compiler-value-flags.js', '../model/plain-path.js', '../model/compiler-binary.js',
  '../preprocessor/unit-environment.js', '../preprocessor/implicit-macros.js', '../preprocessor/implicit-macro-tables-arm.js', '../preprocessor/implicit-macro-tables-arm-common.js', '../preprocessor/implicit-macro-cxx-standards.js', '../preprocessor/implicit-macro-table.js', '../preprocessor/implicit-macro-flag-effects.js', '../preprocessor/table-lines.js', '../preprocessor/implicit-macro-tables-cross.js', '../preprocessor/implicit-macro-tables-avr.js', '../preprocessor/implicit-macro-tables-armcc.js', '../preprocessor/clang-arm-families.js', '../preprocessor/implicit-macro-tables-iccarm.js',
  '../preprocessor/implicit-macro-tables-host.js', '../preprocessor/parsed-defines.js', '../preprocessor/macro-definition.js', '../preprocessor/tokens.js',
  '../preprocessor/tracked-env.js',
  '../preprocessor/tested-pairs.js',
];
function codeStamp(): string {
  return moduleCodeStamp(path.dirname(fileURLToPath(import.meta.url)), DECIDING_MODULES);
}
const builtinsKey = (fingerprint: string): string => sha1(`${fingerprint}\0${codeStamp()}`);

/**
 * The implicit macros of one run's builds: each build's file read once, each set read from its file once and written
 * once when it has none; builds of the run share the sets they hold in common.
 */
export class KeptBuiltins {
  /** Sets by hash, as read or kept in this run. */
  private readonly sets = new Map<string, Map<string, MacroDef>>();
  /** Hashes whose set file was there but not whole when read: written again when kept. */
  private readonly unreadable = new Set<string>();
  /** Hashes of the sets kept in this run without their definitions (see `patches`). */
  private readonly keptOnly = new Set<string>();
  /** Set files read, and files written (sets and builds' files), in this run. */
  readonly files = { read: 0, written: 0 };

  /** `patches`: whether a build of the run may be patched (see KeptMacroGroups); when not, a set kept is not held. */
  constructor(
    private readonly root: string,
    private readonly patches = true,
  ) {}

  /**
   * The build's implicit macros: kept ones when kept for this fingerprint and code, else `make()` (then kept; a
   * failure to keep them only costs the next patch making them again). `made`: they were made now.
   */
  of(build: BuildName, fingerprint: string, make: () => Map<string, MacroDef>): { builtins: Map<string, MacroDef>; made: boolean } {
    const named = this.buildFile(build);
    if (named && named.key === builtinsKey(fingerprint)) {
      const kept = this.set(named.set);
      if (kept) return { builtins: kept, made: false };
    }
    const builtins = make();
    this.keep(build, fingerprint, builtins, named);
    return { builtins, made: true };
  }

  /**
   * Keeps the build's implicit macros for its fingerprint (those a full index worked out from the same units: the
   * first patch after it does not make them again); writes nothing already kept so.
   */
  keep(build: BuildName, fingerprint: string, builtins: ReadonlyMap<string, MacroDef>, named = this.buildFile(build)): void {
    const defines = [...builtins.values()];
    const hash = sha1(v8.serialize(defines));
    if (!this.sets.has(hash) && !this.keptOnly.has(hash)) {
      const file = setPath(this.root, hash);
      // A file already there is taken as whole unless this run read it cut (then it is written again).
      if ((this.unreadable.has(hash) || !fs.existsSync(file)) && writeBuiltinSet(this.root, hash, defines)) this.files.written++;
      if (this.patches) this.sets.set(hash, new Map(builtins));
      else this.keptOnly.add(hash);
    }
    const key = builtinsKey(fingerprint);
    if (named?.key === key && named.set === hash) return;
    if (writeChecksummed(buildStatePath(this.root, BUILTINS_FOLDER, build), { format: BUILTINS_FORMAT, key, set: hash } satisfies BuildBuiltinsFile)) this.files.written++;
  }

  private buildFile(build: BuildName): BuildBuiltinsFile | undefined {
    return readBuildBuiltinsFile(this.root, build);
  }

  /** The set of `hash`: from this run's memory, else its file when whole; undefined when neither holds it. */
  private set(hash: string): Map<string, MacroDef> | undefined {
    const known = this.sets.get(hash);
    if (known) return known;
    if (!fs.existsSync(setPath(this.root, hash))) return undefined;
    const defines = readBuiltinSet(this.root, hash) as MacroDef[] | undefined;
    if (!defines) {
      this.unreadable.add(hash);
      return undefined;
    }
    this.files.read++;
    const set = new Map(defines.map((d) => [d.name, MacroDef.revive(d)]));
    this.sets.set(hash, set);
    return set;
  }
}

/**
 * Deletes the files of builds the index no longer holds (and those of the former layout, one set per build: see
 * pruneBuildStateFiles), then the sets no build's file names. Runs under the index lock.
 */
export function pruneKeptBuiltins(root: string, builds: BuildName[]): void {
  pruneBuildStateFiles(root, BUILTINS_FOLDER, builds);
  const named = new Set<string>();
  for (const b of builds) {
    const data = readChecksummed(buildStatePath(root, BUILTINS_FOLDER, b)) as BuildBuiltinsFile | undefined;
    if (data && typeof data.set === 'string') named.add(`${data.set}.${SET_EXT}`);
  }
  pruneFolder(setFolder(root), (name) => named.has(name));
}
