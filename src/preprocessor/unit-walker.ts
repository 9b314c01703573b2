// Walks one translation unit over cached directive skeletons: evaluates conditionals with the unit's macro
// environment, follows #include, records active line ranges per file and the #defines reached.
// Touches directive lines only, except headers' code lines once a macro using `__COUNTER__` is defined (their uses
// of it are counted, see counter-uses.ts) and the text of a header above an #include with code above it that first
// read a file defining something (the names it names there, see names-above-include.ts). Leaves out #line
// renumbering of output.
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import { hasAttribute, hasBuiltin, hasCAttribute, hasCppAttribute, hasFeature, type CompilerFeatures } from './compiler-features.js';
import { conditionValues, keepConditionValue, type ConditionValue } from './condition-values.js';
import { directiveTokens, type Directive, type FileSkeleton } from './file-skeleton.js';
import {
  definesCounter, groupedEffects, HeaderRecorder, usesCounter, OP_DEFINES, OP_DIAG, OP_GROUP, OP_ONCE, OP_RANGE, OP_READ, OP_SUB, OP_TAKEN, OP_UNDEF, OP_VISIT,
  replayedDiagnostic, type GroupedEffects, type HeaderEntry, type HeaderWalkCache,
} from './header-walk-cache.js';
import { evaluateExpression, PPExprError, type EvalOptions } from './if-expression.js';
import { INCLUDER_DIR, NO_SEARCH_PATH, type IncludeResolver, type SearchChain } from './include-resolver.js';
import type { EnvLayer } from './env-layer.js';
import { canonicalDefinition, type MacroDef, type MacroEnv } from './macro-definition.js';
import { collectArgs, expandTokens, type ExpandContext, type TokenStream } from './macro-expander.js';
import { lexLine, mkTok, spell, type Token } from './tokens.js';
import { peekMacro, TrackedEnv } from './tracked-env.js';
import { countInLines, fileCode, type CounterHost } from './counter-uses.js';
import { UndefMarks, type UndoneChangeList, type UndoneStateList } from './undef-marks.js';
import { namesAboveIncludes } from './names-above-include.js';

export interface WalkHost {
  /** Skeleton of a file, or undefined when it cannot be read. */
  skeleton(file: string): FileSkeleton | undefined;
  resolver: IncludeResolver;
  exists(file: string): boolean;
  /** Recorded header walks to replay (one per run; see header-walk-cache.ts). */
  headerCache?: HeaderWalkCache;
  /** A file's text (to count the `__COUNTER__` uses of headers' code lines, see counter-uses.ts). */
  text?(file: string): string | undefined;
}

export interface FileVisit {
  file: string;
  /** Active line ranges as [from, to] pairs (1-based, inclusive), possibly overlapping across inclusions. */
  ranges: number[];
  /** Directive indices of branches taken (if/elif/else heads), when decisions are recorded; repeats count once. */
  taken?: number[];
  /** Directive indices of groups (their #if) evaluated in live code, when decisions are recorded; repeats count once. */
  groups?: number[];
  /**
   * Set while `ranges`, `groups` and `taken` are the lists of the replayed walk that made the visit (shared with
   * every unit replaying it, so never changed: copied before anything is added; see UnitWalker.own).
   */
  shared?: boolean;
  /**
   * Set while everything the unit did to this file came from one replay of `entry` (numbered `origin`): the
   * file's view is then the entry's, whatever unit replays it (see unit-result.ts). 0 once touched otherwise.
   */
  origin?: number;
  entry?: HeaderEntry;
  /**
   * The outermost header walk being recorded when the visit was made, while every change to the visit came within
   * it: the file's view is then the one a replay of that walk's entry makes (unit-result.ts keeps it for the units
   * replaying the entry). Undefined once the visit changed outside it.
   */
  recordedIn?: HeaderRecorder;
  /**
   * The line of the unit's own file whose #include (or the unit's file itself, when it is this file) was being read
   * when this file's text was last read; 0 while forced files are read (see UnitResult.tops).
   */
  top: number;
  /** The line `top` had when the file was first visited (see UnitResult.firstTops). */
  firstTop: number;
  /** How many files the walk had visited before this one. */
  order: number;
  /**
   * The states of the names an #undef touched (see undef-marks.ts) over the file's compiled lines, in walk order:
   * [line, version] pairs, line 0 where a read of the text starts, else the first line of a range read after the
   * state changed. Undefined until the file's text is read.
   */
  marks: number[] | undefined;
  /** The version of the last of `marks` (-1: none). */
  marked: number;
}

export interface UnitWalkOptions {
  env: MacroEnv;
  chain: SearchChain;
  features: CompilerFeatures;
  evalOptions: EvalOptions;
  strictIso?: boolean;
  /** The unit is assembler-with-cpp (see ExpandContext.assembler). */
  assembler?: boolean;
  recordDecisions?: boolean;
  /** Called as each active line range is reached, with the environment of that moment (text preprocessing). */
  onActiveRange?: (file: string, from: number, to: number) => void;
  /** Replace a conditional's decision (tests of the differential check). */
  overrideDecision?: (file: string, line: number, computed: boolean) => boolean;
  /**
   * Count the uses of the unit's own code lines through names pasting makes however long their invocations'
   * expansions (see expandPastingOwn): needed only where a directive reads the counter after one (see countUnsure).
   */
  ownPastes?: boolean;
}

const MAX_DEPTH = 200;
/** Names an own code line's invocation reaching the counter only through pasting may look up (see expandPastingOwn). */
const PASTING_LOOKUPS = 64;
/** Thrown to give up such an expansion. */
const GIVEN_UP = new Error('expansion given up');
const NO_NUMBERS: number[] = [];
/** Values a directive keeps of its condition (one per definitions of the names it read). */
const MAX_DIRECTIVE_VALUES = 32;

/** Keeps a value of `d`'s condition on the directive, up to MAX_DIRECTIVE_VALUES. */
function keepOnDirective(d: Directive, value: ConditionValue): void {
  d.evalCache ??= [];
  if (d.evalCache.length < MAX_DIRECTIVE_VALUES) d.evalCache.push(value);
}
/** Walks made in this process, to number them. */
let walks = 0;

export class UnitWalker {
  readonly visits = new Map<string, FileVisit>();
  readonly diagnostics: Diagnostic[] = [];
  /** The walk's own list of #defines reached and its runs, once it reached one no shared layer lists (see definesReached). */
  private reachedList: MacroDef[] = [];
  private runList: number[] = [];
  /**
   * While the walk only replayed header walks onto its starting macros: the layer those replays made (see
   * env-layer.ts), whose #defines reached are the walk's.
   */
  private reachedLayer: EnvLayer | undefined;
  private lastReachedFile: string | undefined;
  /** This walk's mark on the definitions it reached (see MacroDef.reachedBy): no set of 400 000 of them. */
  private readonly walkId = ++walks;
  private onceSeen = new Set<string>();
  private counter = 0;
  /** While a header's code line is expanded to count its `__COUNTER__` uses (see countText). */
  private countingText = false;
  /** Of the unit's own file: [line, counter] pairs, the counter's value from that line on where it changed (see counterMarks). */
  private readonly counterAt: number[] = [];
  private counterMarked = 0;
  private counterHost: CounterHost | undefined;
  private ownHost: CounterHost | undefined;
  /** Uses of `__COUNTER__` by the unit's own code lines so far: in the value an #if reads, not in `counterAt`. */
  private ownCounted = 0;
  /** While an own code line is expanded to count its uses. */
  private countingOwn = false;
  /** Set once an #if (or another directive) expands `__COUNTER__`: its value depends on every use before it. */
  private ifUses = false;
  /** Set once the walk defined a macro whose replacement uses `__COUNTER__` (see counterMarks). */
  private counterDefined = false;
  /** Set once a code line of the unit's own file expands `__COUNTER__` (with the walk's macros of that moment). */
  private ownUses = false;
  /** Set once a code line of the unit's own file invokes a macro that may reach the counter through a pasted name, not expanded to the end. */
  private ownMayUse = false;
  /** Set once a directive read the counter after such an invocation (its value is not known). */
  private unsure = false;
  /** The headers whose code lines used `__COUNTER__` (replayed walks' included; see counterFiles). */
  private readonly countedFiles = new Set<string>();
  private pushed = new Map<string, (MacroDef | undefined)[]>();
  // Context of the directive being evaluated (for builtins).
  private curFile = '';
  private curLine = 0;
  private curDirIndex = NO_SEARCH_PATH;
  private depth = 0;
  private baseFile = '';
  /** While the unit's own file is walked (not a forced one): the line of its #include being read (see FileVisit.top). */
  private inMain = false;
  private top = 0;
  /** While the unit's own file is walked: its #defines in force, by name, with their lines. */
  private mainDefines = new Map<string, number>();
  /** The unit's own #defines #undef'd or defined again, each with the files whose text was read while it was in force. */
  private dropped: { line: number; saw: Set<string> }[] = [];
  /** The marks of the names the walk's #undefs touch (see undef-marks.ts). */
  private readonly marks: UndefMarks;
  private readonly ctx: ExpandContext;
  /** Evaluation options that change results, as a cache key. */
  private readonly evalKey: string;
  /** evalKey and the assembler flag (which decides whether a failed `##` is an error): the key of a condition's value. */
  private readonly condKey: string;
  /** Header cache in use (not with per-range callbacks or decision overrides), its key suffix, the recording under way. */
  private readonly cache?: HeaderWalkCache;
  private readonly cacheKey: string = '';
  private rec?: HeaderRecorder;
  /** The outermost recording under way (see FileVisit.recordedIn). */
  private topRec?: HeaderRecorder;
  /** The replay under way (numbered from 1; 0 when none) and its entry: visits it makes are marked with them. */
  private replaying = 0;
  private replays = 0;
  private replayEntry?: HeaderEntry;
  /** See scopedHeads and throughReads. */
  private headList: string[] | undefined;
  private throughList: (string | number)[] | undefined;

  constructor(private host: WalkHost, private opts: UnitWalkOptions) {
    this.ctx = {
      env: opts.env,
      mode: 'if',
      strictIso: opts.strictIso,
      assembler: opts.assembler,
      builtin: (def, tok, stream, ctx) => this.builtin(def, tok, stream, ctx),
      error: (m) => this.diag('error', this.curFile, this.curLine, m),
      // Present (undefined) so that the contexts spread from this one keep its shape.
      lookup: undefined,
    };
    if (opts.env instanceof TrackedEnv) this.reachedLayer = opts.env.layer;
    this.marks = new UndefMarks(opts.env, this.visits);
    const o = opts.evalOptions;
    this.evalKey = `${o.cplusplus ? 1 : 0}${o.c23 ? 1 : 0}${o.unsignedChar ? 1 : 0}${o.unsignedWchar ? 1 : 0}${opts.strictIso ? 1 : 0}`;
    this.condKey = `${this.evalKey}${opts.assembler ? 1 : 0}`;
    if (host.headerCache && !opts.onActiveRange && !opts.overrideDecision) {
      this.cache = host.headerCache;
      this.cacheKey = `${opts.chain.key}\0${this.evalKey}\0${opts.features.gccMajor}${opts.features.cplusplus ? 1 : 0}${opts.features.armFp ? 1 : 0}${opts.features.arch ?? ''}`;
      this.ctx.lookup = (name) => this.read(name);
    }
  }

  /**
   * Empties the walk's tables (visits, #defines reached, #pragma once files) once its result is read: what a
   * finished walk still points at is copied by the young generation's collections until the next full one.
   */
  release(): void {
    this.visits.clear();
    this.reachedList.length = 0;
    this.runList.length = 0;
    this.reachedLayer = undefined;
    this.lastReachedFile = undefined;
    this.onceSeen.clear();
    this.pushed.clear();
    this.mainDefines.clear();
    this.dropped.length = 0;
    this.marks.release();
  }

  /** A macro lookup of the walk (recorded as an input of the header walk under way). */
  private read(name: string): MacroDef | undefined {
    const def = this.opts.env.get(name);
    if (this.rec !== undefined) this.rec.read(name, def);
    return def;
  }

  private onceHas(file: string): boolean {
    const seen = this.onceSeen.has(file);
    if (this.rec !== undefined) this.rec.onceRead(file, seen);
    return seen;
  }

  /** Logs a group evaluated or a branch taken to the recording under way (no argument list made when none is). */
  private log(op: typeof OP_GROUP | typeof OP_TAKEN, file: string, index: number): void {
    if (this.rec !== undefined) this.rec.ops.push(op, file, index);
  }

  get env(): MacroEnv {
    return this.opts.env;
  }

  /** #define directives executed in live code, each once, in the order first reached. Never changed by the reader. */
  get definesReached(): readonly MacroDef[] {
    return this.reachedLayer !== undefined ? this.reachedLayer.reached : this.reachedList;
  }

  /** Where each run of one file's #defines starts in definesReached (most units reach ~700 in ~170 runs). */
  get reachedRuns(): readonly number[] {
    return this.reachedLayer !== undefined ? this.reachedLayer.runs : this.runList;
  }

  diag(severity: Diagnostic['severity'], file: string, line: number | undefined, message: string, fix?: string): void {
    const d: Diagnostic = { severity, file, line, message, ...(fix ? { fix } : {}) };
    this.diagnostics.push(d);
    if (this.rec !== undefined) this.rec.ops.push(OP_DIAG, d);
  }

  /**
   * Walk a file as the main source (or a -include / -imacros file: `activeCode` false records no lines).
   * A forced file (`forced`) is walked like an included header: replayed where a recorded walk holds.
   */
  walkRoot(file: string, activeCode = true, forced = false): boolean {
    if (!this.baseFile) this.baseFile = file;
    const sk = this.host.skeleton(file);
    if (!sk) {
      this.diag('error', file, undefined, `cannot read ${file}`, 'check the path in the compile command');
      return false;
    }
    this.inMain = !forced;
    if (forced && this.cache) this.walkHeader(file, NO_SEARCH_PATH, activeCode, sk);
    else this.walkFile(file, NO_SEARCH_PATH, activeCode);
    return true;
  }

  private visit(file: string): FileVisit {
    if (this.rec !== undefined) this.rec.ops.push(OP_VISIT, file);
    return this.visitQuietly(file);
  }

  /** The file's visit, made (with its structure problems reported) on the first read. */
  private visitQuietly(file: string): FileVisit {
    const v = this.visits.get(file);
    if (v !== undefined) return v;
    const decisions = this.opts.recordDecisions;
    return this.newVisit(file, [], decisions ? [] : undefined, decisions ? [] : undefined, undefined);
  }

  /** A file's first visit, with the lists it starts with (`shared`: a replayed walk's, see FileVisit.shared). */
  private newVisit(file: string, ranges: number[], groups: number[] | undefined, taken: number[] | undefined, shared: true | undefined): FileVisit {
    // Every field made here, in one order (undefined when unset), so that all visits share one object shape.
    const v: FileVisit = {
      file,
      ranges,
      taken,
      groups,
      shared,
      origin: this.replaying ? this.replaying : undefined,
      entry: this.replaying ? this.replayEntry : undefined,
      recordedIn: this.topRec,
      top: this.top,
      firstTop: this.top,
      order: this.visits.size,
      marks: undefined,
      marked: -1,
    };
    this.visits.set(file, v);
    const problems = this.host.skeleton(file)?.problems;
    if (problems !== undefined) for (let k = 0; k < problems.length; k++) this.diagnostics.push({ severity: 'error', file, line: problems[k].line, message: problems[k].message });
    return v;
  }

  /** A visit about to be added to: its lists made its own first when a replay shared them. */
  private own(v: FileVisit): FileVisit {
    if (v.shared) {
      v.ranges = v.ranges.slice();
      if (v.groups) v.groups = v.groups.slice();
      if (v.taken) v.taken = v.taken.slice();
      v.shared = false;
    }
    return v;
  }

  private walkFile(file: string, dirIndex: number, activeCode: boolean): void {
    const sk = this.host.skeleton(file)!;
    const visit = this.enterFile(file, sk, activeCode);
    const dirs = sk.directives;
    const n = dirs.length;
    const saved = { f: this.curFile, d: this.curDirIndex };
    this.curFile = file;
    this.curDirIndex = dirIndex;
    let pos = 1;
    let i = 0;
    while (i < n) {
      const d = dirs[i];
      if (activeCode) this.addRange(visit, file, pos, d.line - 1);
      pos = d.endLine + 1;
      this.curLine = d.line;
      switch (d.kind) {
        case 'if':
        case 'ifdef':
        case 'ifndef': {
          visit.groups?.push(i);
          this.log(OP_GROUP, file, i);
          const { taken, last } = this.chooseBranch(dirs, i, file);
          if (taken >= 0) {
            visit.taken?.push(taken);
            this.log(OP_TAKEN, file, taken);
            pos = dirs[taken].endLine + 1;
            i = taken + 1;
          } else if (last !== undefined) {
            pos = dirs[last].endLine + 1;
            i = last + 1;
          } else {
            // Unterminated #if whose branches are all false: the rest of the file is skipped.
            pos = sk.lineCount + 1;
            i = n;
          }
          continue;
        }
        case 'elif':
        case 'elifdef':
        case 'elifndef':
        case 'else': {
          if (d.stray) break;
          // End of a taken branch: skip to the group's #endif.
          if (d.end === undefined) {
            pos = sk.lineCount + 1;
            i = n;
            continue;
          }
          pos = dirs[d.end].endLine + 1;
          i = d.end + 1;
          continue;
        }
        default:
          this.directive(d, sk, i, file, dirIndex, activeCode);
      }
      i++;
    }
    if (activeCode) this.addRange(visit, file, pos, sk.lineCount);
    this.curFile = saved.f;
    this.curDirIndex = saved.d;
  }

  /** The file's visit made the walk's own, its #pragma once noted and, when its code is compiled, its read marked. */
  private enterFile(file: string, sk: FileSkeleton, activeCode: boolean): FileVisit {
    const visit = this.own(this.visit(file));
    visit.origin = 0;
    if (visit.recordedIn !== this.topRec) visit.recordedIn = undefined;
    visit.top = this.top;
    if (sk.pragmaOnce) {
      this.onceSeen.add(file);
      if (this.rec !== undefined) {
        this.rec.onceAdded.add(file);
        this.rec.ops.push(OP_ONCE, file);
      }
    }
    if (activeCode) {
      this.marks.read(visit);
      if (this.rec !== undefined) this.rec.ops.push(OP_READ, file);
    }
    return visit;
  }

  /** Lines `from`..`to` of the file compiled (none when `from` > `to`). */
  private addRange(visit: FileVisit, file: string, from: number, to: number): void {
    if (from > to) return;
    if (visit.marked !== this.marks.version) this.marks.range(visit, from);
    visit.ranges.push(from, to);
    this.opts.onActiveRange?.(file, from, to);
    if (this.rec !== undefined) this.rec.ops.push(OP_RANGE, file, from, to);
    if (this.depth === 0 && this.inMain) {
      this.markCounter(from);
      // Its uses are counted too: an #if below reads the counter after them (their values are the mask stage's).
      this.ownHost ??= {
        peek: (name) => peekMacro(this.opts.env, name),
        expand: (code, line) => this.expandCounting(code, file, line, true),
        ...(this.opts.ownPastes ? {} : { expandPasting: (code: string, line: number) => this.expandPastingOwn(code, file, line) }),
      };
      if (this.counterDefined || this.mentionsCounter(file)) this.scanText(file, from, to, this.ownHost);
    } else if (this.counterDefined || this.mentionsCounter(file)) {
      this.counterHost ??= { peek: (name) => this.peekCounting(name), expand: (code, line) => this.expandCounting(code, this.curFile, line) };
      this.scanText(file, from, to, this.counterHost);
    }
  }

  /** Whether a file's text names `__COUNTER__`: its code lines may use it before any macro using it is defined. */
  private mentionsCounter(file: string): boolean {
    return this.host.skeleton(file)?.mentionsCounter === true;
  }

  /**
   * A name a header's code line names, looked up to tell whether it may use the counter: an input of the header walk
   * under way's count, defined or not (a unit defining it otherwise must not replay that count), not of the unit.
   */
  private peekCounting(name: string): MacroDef | undefined {
    const def = peekMacro(this.opts.env, name);
    if (this.rec !== undefined) this.rec.countRead(name, def);
    return def;
  }

  /** The unit's starting macros (-D) define one using `__COUNTER__`: headers' code lines are counted from the start. */
  countFromStart(): void {
    this.counterDefined = true;
  }

  /**
   * Whether a code line of the unit's own file expands `__COUNTER__` (then a header's uses decide its values), or may
   * through a pasted name (not expanded to tell).
   */
  get ownCounterUses(): boolean {
    return this.ownUses || this.ownMayUse;
  }

  /**
   * Whether a directive read the counter after an own code line that may use it through a pasted name: the value it
   * read may miss those uses (the unit is walked again with `ownPastes`).
   */
  get countUnsure(): boolean {
    return this.unsure;
  }

  /** The files whose code lines used `__COUNTER__` in the walk: an edit of another header's code cannot change that count alone. */
  get counterFiles(): ReadonlySet<string> {
    return this.countedFiles;
  }

  /**
   * The counter's value where the unit's own file goes on at `from` (after forced files and headers that used it):
   * its code lines' own uses are counted from there (see counterMarks).
   */
  private markCounter(from: number): void {
    if (this.counter === this.counterMarked) return;
    this.counterAt.push(from, this.counter);
    this.counterMarked = this.counter;
  }

  /**
   * Of the unit's own file: [line, value] pairs, sorted, the value `__COUNTER__` has at the first use from that line on
   * (what headers and directives read before used), where it is not 0; undefined when the walk defined no macro using
   * it (then no header's code line could, whatever its edits between directives).
   */
  get counterMarks(): readonly number[] | undefined {
    return this.counterDefined || this.counterAt.length !== 0 ? this.counterAt : undefined;
  }

  /** The invocations that can expand `__COUNTER__` in code lines `from`..`to` of a file, given to `host` in order. */
  private scanText(file: string, from: number, to: number, host: CounterHost): void {
    const text = this.host.text;
    const sk = this.host.skeleton(file);
    if (text === undefined || sk === undefined) return;
    const fc = fileCode(sk, () => text(file));
    if (fc === undefined) return;
    const saved = this.curFile;
    this.curFile = file;
    try {
      countInLines(fc, from, to, host);
    } finally {
      this.curFile = saved;
    }
  }

  /**
   * Expands an own code line's invocation that may reach the counter only through a pasted name, giving up past
   * PASTING_LOOKUPS names looked up (a logging macro's expansion takes ~100 ms): then it may use the counter or not.
   */
  private expandPastingOwn(code: string, file: string, line: number): void {
    const counted = this.ownCounted;
    const used = this.ownUses;
    try {
      this.expandCounting(code, file, line, true, PASTING_LOOKUPS);
    } catch (err) {
      if (err !== GIVEN_UP) throw err;
      this.ownCounted = counted;
      this.ownUses = used;
      this.ownMayUse = true;
    }
  }

  /**
   * Expands an invocation of a header's code line, its `__COUNTER__` uses counted (errors are the compiler's to
   * report). The macros it expands are inputs of the header walk under way, not names the unit's walk consulted.
   * Throws GIVEN_UP past `lookups` names looked up.
   */
  private expandCounting(code: string, file: string, line: number, own = false, lookups = Infinity): void {
    const env = this.opts.env;
    let left = lookups;
    const lookup = (name: string): MacroDef | undefined => {
      if (--left < 0) throw GIVEN_UP;
      const def = peekMacro(env, name);
      // An input of the count alone, defined or not (a replay reads it as the walk did: not for the unit).
      if (this.rec !== undefined) this.rec.countRead(name, def);
      return def;
    };
    this.countingText = true;
    this.countingOwn = own;
    try {
      this.expandText(lexLine(code, this.opts.assembler), file, line, () => undefined, lookup);
    } finally {
      this.countingText = false;
      this.countingOwn = false;
    }
  }

  /** Whether a directive expanded `__COUNTER__` in the walk (then any change in the uses before it may change what it decided). */
  get counterInDirective(): boolean {
    return this.ifUses;
  }

  /**
   * The branch of the conditional group opening at dirs[i] that is taken (its directive's index, or -1), and where
   * the search stopped: the group's #endif, or undefined when the group never ends.
   */
  private chooseBranch(dirs: readonly Directive[], i: number, file: string): { taken: number; last: number | undefined } {
    let j: number | undefined = i;
    while (j !== undefined) {
      const dj: Directive = dirs[j];
      this.curLine = dj.line;
      if (dj.kind === 'endif') break;
      const computed = dj.kind === 'else' || this.condition(dj, file);
      if (dj.kind === 'else' || (this.opts.overrideDecision ? this.opts.overrideDecision(file, dj.line, computed) : computed)) return { taken: j, last: j };
      j = dj.next;
    }
    return { taken: -1, last: j };
  }

  /** A directive that is not a conditional: #define, #undef, an include, #pragma, #error, #warning. */
  private directive(d: Directive, sk: FileSkeleton, i: number, file: string, dirIndex: number, activeCode: boolean): void {
    switch (d.kind) {
      case 'define':
        if (d.error) this.diag('error', file, d.line, d.error);
        else if (d.macro) {
          this.opts.env.set(d.macro.name, canonicalDefinition(d.macro));
          if (!this.counterDefined && usesCounter(d.macro)) this.counterDefined = true;
          this.reach(d.macro);
          this.marks.define(d.macro);
          if (this.depth === 0 && this.inMain) this.mainDefined(d.macro.name, d.line);
          if (this.rec !== undefined) this.rec.defined(sk, i, d.macro);
        }
        break;
      case 'undef':
        if (d.error) this.diag('error', file, d.line, d.error);
        else if (d.name) this.undefine(d.name);
        break;
      case 'include':
      case 'include_next':
      case 'import':
        this.include(d, file, dirIndex, activeCode, sk);
        this.curFile = file;
        this.curDirIndex = dirIndex;
        break;
      case 'pragma':
        this.pragma(d);
        break;
      case 'error':
        this.diag('error', file, d.line, `#error ${d.rest}`);
        break;
      case 'warning':
        this.diag('warning', file, d.line, `#warning ${d.rest}`);
        break;
      default:
        break;
    }
  }

  /** An executed #undef: marked, the name dropped from the environment, and recorded for replays. */
  private undefine(name: string): void {
    this.marks.undefine(name, this.depth === 0 && this.inMain);
    this.opts.env.delete(name);
    if (this.depth === 0 && this.inMain) this.mainUndefined(name);
    if (this.rec !== undefined) {
      this.rec.written.add(name);
      this.rec.ops.push(OP_UNDEF, name);
    }
  }

  /** A #define of the unit's own file: one of the name in force before stops being so. */
  private mainDefined(name: string, line: number): void {
    this.mainUndefined(name);
    this.mainDefines.set(name, line);
  }

  /** An #undef of the unit's own file (or a #define again): the files read so far since the name's #define saw it. */
  private mainUndefined(name: string): void {
    const line = this.mainDefines.get(name);
    if (line === undefined) return;
    this.mainDefines.delete(name);
    const saw = new Set<string>();
    for (const v of this.visits.values()) if (v.top > line) saw.add(v.file);
    this.dropped.push({ line, saw });
  }

  /** Whether an #undef of a defined name was executed (then marks say more than that every name kept its definition). */
  get undefsExecuted(): boolean {
    return this.marks.executed;
  }

  /** The state of the names an #undef touched at a version of marks (see UndoneStateList). */
  undoneState(version: number): UndoneStateList {
    return this.marks.state(version);
  }

  /** A hash of undoneState(version), the same for the same state in any walk. */
  undoneStateKey(version: number): number {
    return this.marks.stateKey(version);
  }

  /** The names whose state changed from version `base` to a later one (see UndefMarks.changes). */
  undoneChanges(base: number, version: number): UndoneChangeList | undefined {
    return this.marks.changes(base, version);
  }

  /**
   * The unit's own #defines that a file read below them never saw, as [file, line of the #define]: each was
   * #undef'd or defined again before every read of the file's text past it (see UnitResult.unseen).
   */
  unseenDefines(): [string, number][] {
    const out: [string, number][] = [];
    for (const { line, saw } of this.dropped) for (const v of this.visits.values()) if (v.top > line && !saw.has(v.file)) out.push([v.file, line]);
    return out;
  }

  /** Evaluate an #if/#elif/#ifdef... condition. Errors make it false (as GCC skips the group). */
  private condition(d: Directive, file: string): boolean {
    switch (d.kind) {
      case 'ifdef':
      case 'elifdef':
        if (d.error) this.diag('error', file, d.line, d.error);
        return d.name !== undefined && this.read(d.name) !== undefined;
      case 'ifndef':
      case 'elifndef':
        if (d.error) this.diag('error', file, d.line, d.error);
        return d.name !== undefined && this.read(d.name) === undefined;
      case 'if':
      case 'elif':
        return this.evaluate(directiveTokens(d), file, d.line, d) !== 0n;
      default:
        return false;
    }
  }

  /**
   * Expand and evaluate #if tokens; reports errors and returns 0n for them. Memoized per directive, and across
   * directives by their text (see condition-values.ts).
   */
  evaluate(toks: Token[], file: string, line: number, d?: Directive): bigint {
    const key = this.condKey;
    const memo = d?.evalCache;
    if (memo) {
      const e = this.recall(memo, key);
      if (e !== undefined) return e.value;
    }
    const shared = d === undefined ? undefined : conditionValues(d.rest);
    if (shared) {
      const e = this.recall(shared, key, memo);
      if (e !== undefined) {
        keepOnDirective(d!, e);
        return e.value;
      }
    }
    let failed = false;
    let cacheable = d !== undefined;
    const deps = new Map<string, MacroDef | undefined>();
    const ctx: ExpandContext = {
      ...this.ctx,
      error: (m) => {
        failed = true;
        this.diag('error', file, line, m);
      },
      lookup: (name, forDefined) => {
        const def = this.read(name);
        if (!deps.has(name)) deps.set(name, def);
        if (def?.builtin && !forDefined) cacheable = false;
        return def;
      },
    };
    let value: bigint;
    try {
      const expanded = expandTokens(toks, ctx);
      if (failed) return 0n;
      value = evaluateExpression(expanded, {
        ...this.opts.evalOptions,
        onError: (m) => {
          failed = true;
          this.diag('error', file, line, m);
        },
      }).v;
    } catch (e) {
      if (e instanceof PPExprError) {
        this.diag('error', file, line, `${e.message} (in #if)`);
        return 0n;
      }
      throw e;
    }
    if (cacheable && !failed && d) {
      const kept = { key, names: [...deps.keys()], defs: [...deps.values()], value };
      keepOnDirective(d, kept);
      keepConditionValue(d.rest, kept);
    }
    return value;
  }

  /**
   * The value of the first of `values` kept under `key` (but those of `tried`) whose names this walk reads as they
   * were (read in order up to the first that differs: what the expansion would read first, so the walk records the
   * reads it would); undefined when none.
   */
  private recall(values: readonly ConditionValue[], key: string, tried?: readonly ConditionValue[]): ConditionValue | undefined {
    for (let m = 0; m < values.length; m++) {
      const e = values[m];
      if (e.key !== key || (tried !== undefined && tried.includes(e))) continue;
      const names = e.names;
      const defs = e.defs;
      let k = 0;
      while (k < names.length && this.read(names[k]) === defs[k]) k++;
      if (k === names.length) return e;
    }
    return undefined;
  }

  /** Expand a code line's tokens in text mode with this unit's environment and builtins. */
  expandText(toks: Token[], file: string, line: number, onError: (m: string) => void, lookup?: ExpandContext['lookup']): Token[] {
    const saved = { f: this.curFile, l: this.curLine };
    this.curFile = file;
    this.curLine = line;
    try {
      return expandTokens(toks, { ...this.ctx, mode: 'text', error: onError, lookup });
    } finally {
      this.curFile = saved.f;
      this.curLine = saved.l;
    }
  }

  private include(d: Directive, file: string, dirIndex: number, activeCode: boolean, includer: FileSkeleton): void {
    let header = d.header;
    if (!header) {
      // Computed include: macro-expand the operand.
      const ctx: ExpandContext = { ...this.ctx, mode: 'text' };
      const toks = expandTokens(directiveTokens(d), ctx);
      header = headerFromTokens(toks);
      if (!header) {
        this.diag('error', file, d.line, `#${d.kind} expects "FILENAME" or <FILENAME>`);
        return;
      }
    }
    if (this.depth >= MAX_DEPTH) {
      this.diag('error', file, d.line, `#include nested depth ${MAX_DEPTH} exceeds maximum`);
      if (this.rec !== undefined) this.rec.uncacheable = true;
      return;
    }
    const next = d.kind === 'include_next';
    const r = this.host.resolver.resolve(this.opts.chain, header.name, header.angled, path.dirname(file), next, dirIndex);
    if (!r) {
      // Read as a macro is: the result holds while no searched folder holds the header (see absent-lookups.ts).
      this.read(this.host.resolver.absentName(this.opts.chain, header.name, header.angled, path.dirname(file), next, dirIndex));
      const shown = header.angled ? `<${header.name}>` : `"${header.name}"`;
      this.diag(
        header.angled ? 'warning' : 'error',
        file,
        d.line,
        `${shown}: no such file in the include path of this unit`,
        'add its folder to the include path (-I) of the compile command, or install the toolchain so its system headers are found',
      );
      return;
    }
    if (d.kind === 'import' && this.rec !== undefined) this.rec.uncacheable = true;
    if (this.onceHas(r.file) || (d.kind === 'import' && this.visits.has(r.file))) {
      this.visit(r.file);
      return;
    }
    const sk = this.host.skeleton(r.file);
    if (!sk) return;
    if (this.rec !== undefined) this.rec.files.set(r.file, sk);
    if (sk.guard && this.read(sk.guard) !== undefined) {
      this.visit(r.file);
      return;
    }
    if (this.depth === 0 && this.inMain) this.top = d.line;
    // A header with code above this #include: the files it reads first may define names that code names.
    const scoped = this.depth > 0 && activeCode && includer.firstCode !== undefined && includer.firstCode < d.line;
    const visited = this.visits.size;
    const reached = scoped ? this.definesReached.length : 0;
    this.depth++;
    if (this.cache) this.walkHeader(r.file, r.dirIndex, activeCode, sk);
    else this.walkFile(r.file, r.dirIndex, activeCode);
    this.depth--;
    if (scoped && this.visits.size !== visited) this.scopeInclude(file, includer, d.line, visited, reached);
  }

  /**
   * A header's #include at `line` with code above it that first visited files (those from the `visited`th on): the
   * header noted (see scopedHeads), and each of those files whose #defines reached from the `reached`th on set a name
   * the header names above the #include (see throughReads).
   */
  private scopeInclude(header: string, sk: FileSkeleton, line: number, visited: number, reached: number): void {
    this.noteHead(header);
    this.rec?.addHead(header);
    const defs = this.definesReached;
    let names: ReadonlyMap<string, number> | undefined;
    let last: string | undefined;
    for (let k = reached; k < defs.length; k++) {
      const def = defs[k];
      if (def.file === last || def.file === header) continue;
      const v = this.visits.get(def.file);
      if (v === undefined || v.order < visited) continue;
      names ??= namesAboveIncludes(sk, () => this.host.text?.(header));
      if (names === undefined) return;
      const at = names.get(def.name);
      if (at === undefined || at >= line) continue;
      last = def.file;
      (this.throughList ??= []).push(header, def.file, line);
      this.rec?.addThrough(header, def.file, line);
    }
  }

  private noteHead(header: string): void {
    const heads = (this.headList ??= []);
    if (!heads.includes(header)) heads.push(header);
  }

  /** Of a replayed walk's heads and files read through them (see scopeInclude): the heads, and those files both first visited in the replay (from the `visited`th on). */
  private replayedScopes(e: HeaderEntry, visited: number): void {
    if (e.heads !== undefined) for (const head of e.heads) this.noteHead(head);
    const through = e.through;
    if (through === undefined) return;
    for (let k = 0; k < through.length; k += 3) {
      const header = this.visits.get(through[k] as string);
      const file = this.visits.get(through[k + 1] as string);
      if (header === undefined || file === undefined || header.order < visited || file.order < visited) continue;
      (this.throughList ??= []).push(through[k], through[k + 1], through[k + 2]);
    }
  }

  /** The headers whose #includes with code above them first visited files (see UnitResult.heads); undefined when none. */
  get scopedHeads(): readonly string[] | undefined {
    return this.headList;
  }

  /**
   * [header, file, line] of each file first visited through the header's #include at that line whose #defines set a
   * name the header's text names above it (see UnitResult.through); undefined when none.
   */
  get throughReads(): readonly (string | number)[] | undefined {
    return this.throughList;
  }

  /** Walk an included header, or replay a recorded walk of it whose inputs hold. */
  private walkHeader(file: string, dirIndex: number, activeCode: boolean, sk: FileSkeleton): void {
    const cache = this.cache!;
    // A walk recorded before any macro using the counter was defined did not count its code's uses: kept apart.
    const slot = cache.slot(`${file}\0${dirIndex}\0${activeCode ? 1 : 0}${this.counterDefined ? 1 : 0}\0${this.cacheKey}`);
    const state = { env: this.opts.env, onceSeen: this.onceSeen, skeleton: (f: string) => this.host.skeleton(f) };
    const hit = cache.find(slot, state, MAX_DEPTH - this.depth);
    if (hit) {
      cache.replayed++;
      // The entry's inputs become inputs of the unit and of the enclosing recording, as a walk would read them
      // (indexed loops: no iterator result per name from code V8 has not optimized yet).
      const readNames = hit.readNames;
      // On a shared layer with no recording under way, the definitions they have there are known after one replay.
      const env = this.opts.env;
      const known = this.rec === undefined && env instanceof TrackedEnv ? env.layer?.knownInputs(hit) : undefined;
      if (known !== undefined) (env as TrackedEnv).readKnown(readNames, known.above, known.base);
      else for (let k = 0; k < readNames.length; k++) this.read(readNames[k]);
      // Names the walk read after defining them: part of what the unit read (see TrackedEnv.readNames).
      if (this.opts.env instanceof TrackedEnv) this.opts.env.noteReads(hit.readAll);
      const onceFiles = hit.onceFiles;
      for (let k = 0; k < onceFiles.length; k++) this.onceHas(onceFiles[k]);
      this.rec?.absorbEffects(hit);
      this.counter += hit.counted;
      const countedIn = hit.countedIn;
      if (countedIn !== undefined) for (let k = 0; k < countedIn.length; k++) this.countedFiles.add(countedIn[k]);
      if (!this.counterDefined && definesCounter(hit)) this.counterDefined = true;
      // Also of a file whose code is not compiled (-imacros): its #undefs change what later code lines expand.
      const before = this.marks.beforeReplay(hit);
      const visited = this.visits.size;
      this.replaying = ++this.replays;
      this.replayEntry = hit;
      try {
        this.replay(hit);
      } finally {
        this.replaying = 0;
        this.replayEntry = undefined;
      }
      if (hit.heads !== undefined) this.replayedScopes(hit, visited);
      this.marks.replayed(hit, before);
      return;
    }
    cache.walked++;
    const rec = new HeaderRecorder(this.rec, file, sk);
    this.rec = rec;
    const outermost = this.topRec === undefined;
    if (outermost) this.topRec = rec;
    try {
      this.walkFile(file, dirIndex, activeCode);
    } finally {
      this.rec = rec.parent;
      if (outermost) this.topRec = undefined;
    }
    const entry = rec.finish();
    rec.entry = entry;
    if (entry) cache.add(slot, entry);
    this.rec?.absorbChild(rec, entry);
  }

  /** A file's visit about to change in a replay: no longer the replay's own when another made it. */
  private touched(file: string): FileVisit {
    const v = this.own(this.visits.get(file)!);
    if (v.origin !== this.replaying) v.origin = 0;
    if (v.recordedIn !== this.topRec) v.recordedIn = undefined;
    return v;
  }

  /** Apply a recorded walk's effects to this unit: grouped by file where they can be, else in the order the walk had them. */
  private replay(e: HeaderEntry): void {
    const grouped = groupedEffects(e);
    if (grouped) this.replayGrouped(grouped);
    else this.replayInOrder(e);
  }

  private replayGrouped(g: GroupedEffects): void {
    this.replayVisits(g);
    if (this.replayOnLayer(g)) return;
    const ops = g.ops;
    let k = 0;
    while (k < ops.length) {
      if (ops[k] === OP_DEFINES) {
        this.replayDefines(ops[k + 1] as FileSkeleton, ops[k + 2] as number, ops[k + 3] as number);
        k += 4;
      } else {
        if (ops[k] === OP_UNDEF) this.replayUndef(ops[k + 1] as string);
        else this.replayOnce(ops[k + 1] as string);
        k += 2;
      }
    }
  }

  /**
   * The #defines and #undefs of a replay applied by moving the walk onto the layer they make from its current one,
   * while its macros and #defines reached are that layer's alone (no recording under way): what replayDefines and
   * replayUndef would do one by one. False when the walk is not on a layer or the next one is too large.
   */
  private replayOnLayer(g: GroupedEffects): boolean {
    const env = this.opts.env;
    const layer = this.reachedLayer;
    if (layer === undefined || this.rec !== undefined || !(env instanceof TrackedEnv) || env.layer !== layer) return false;
    const next = layer.next(g);
    if (next === undefined) return false;
    env.replayLayer(next);
    this.reachedLayer = next;
    const files = next.reachedFiles;
    for (let k = 0; k < files.length; k++) {
      const visit = this.visits.get(files[k]);
      if (visit === undefined) continue;
      if (visit.origin !== this.replaying) visit.origin = 0;
      if (visit.recordedIn !== this.topRec) visit.recordedIn = undefined;
    }
    const ops = g.ops;
    for (let k = 0; k < ops.length; k += ops[k] === OP_DEFINES ? 4 : 2) if (ops[k] === OP_ONCE) this.replayOnce(ops[k + 1] as string);
    return true;
  }

  /** A replay's line ranges and decisions, per file. */
  private replayVisits(g: GroupedEffects): void {
    const decisions = this.opts.recordDecisions;
    const visits = this.visits;
    const files = g.files;
    for (let i = 0; i < files.length; i++) {
      const file = files[i];
      const ranges = g.ranges[i];
      const groups = g.groups[i];
      const taken = g.taken[i];
      const v = visits.get(file);
      if (v === undefined) {
        // A visit this replay makes takes the walk's lists as they are (most units only read them).
        this.newVisit(file, ranges ?? NO_NUMBERS, decisions ? (groups ?? NO_NUMBERS) : undefined, decisions ? (taken ?? NO_NUMBERS) : undefined, true);
        continue;
      }
      if (ranges === null && groups === null && taken === null) continue;
      v.top = this.top;
      this.own(v);
      if (v.origin !== this.replaying) v.origin = 0;
      if (v.recordedIn !== this.topRec) v.recordedIn = undefined;
      if (ranges !== null) for (let k = 0; k < ranges.length; k++) v.ranges.push(ranges[k]);
      if (groups !== null && v.groups) for (let k = 0; k < groups.length; k++) v.groups.push(groups[k]);
      if (taken !== null && v.taken) for (let k = 0; k < taken.length; k++) v.taken.push(taken[k]);
    }
  }

  /**
   * A recorded run of #defines (directives `from` to `to` of `sk`), each setting its canonical definition and
   * reached (see `reach`). Units replay ~700 #defines each: the walk's fields the loop reads are read once, before it.
   */
  private replayDefines(sk: FileSkeleton, from: number, to: number): void {
    const dirs = sk.directives;
    const env = this.opts.env;
    const replaying = this.replaying;
    const written = this.rec?.written;
    // A #define first reached here makes its file's visit no longer the replay's own (see FileVisit.origin).
    let file: string | undefined;
    let visit: FileVisit | undefined;
    for (let i = from; i <= to; i++) {
      const def = dirs[i].macro!;
      env.set(def.name, def.canon!);
      if (this.reach(def)) {
        if (def.file !== file) visit = this.visits.get((file = def.file));
        if (visit !== undefined && visit.origin !== replaying) visit.origin = 0;
        if (visit !== undefined && visit.recordedIn !== this.topRec) visit.recordedIn = undefined;
      }
      if (written !== undefined) written.add(def.name);
    }
  }

  /** Adds a definition to definesReached; true when it was not there. */
  private reach(def: MacroDef): boolean {
    if (this.reachedLayer !== undefined) this.leaveLayer();
    if (def.reachedBy === this.walkId) return false;
    def.reachedBy = this.walkId;
    if (def.file !== this.lastReachedFile) {
      this.lastReachedFile = def.file;
      this.runList.push(this.reachedList.length);
    }
    this.reachedList.push(def);
    return true;
  }

  /** The #defines reached on the walk's layer made its own list (the walk now reaches others). */
  private leaveLayer(): void {
    const layer = this.reachedLayer!;
    this.reachedLayer = undefined;
    const reached = layer.reached;
    const list = this.reachedList;
    for (let k = 0; k < reached.length; k++) {
      reached[k].reachedBy = this.walkId;
      list.push(reached[k]);
    }
    const runs = layer.runs;
    for (let k = 0; k < runs.length; k++) this.runList.push(runs[k]);
    this.lastReachedFile = layer.lastFile;
  }

  private replayUndef(name: string): void {
    this.opts.env.delete(name);
    this.rec?.written.add(name);
  }

  private replayOnce(file: string): void {
    this.onceSeen.add(file);
    this.rec?.onceAdded.add(file);
  }

  private replayInOrder(e: HeaderEntry): void {
    const ops = e.ops;
    let k = 0;
    while (k < ops.length) {
      switch (ops[k] as number) {
        case OP_VISIT:
          this.visitQuietly(ops[k + 1] as string);
          k += 2;
          break;
        case OP_RANGE:
          this.touched(ops[k + 1] as string).ranges.push(ops[k + 2] as number, ops[k + 3] as number);
          k += 4;
          break;
        case OP_GROUP:
          this.touched(ops[k + 1] as string).groups?.push(ops[k + 2] as number);
          k += 3;
          break;
        case OP_TAKEN:
          this.touched(ops[k + 1] as string).taken?.push(ops[k + 2] as number);
          k += 3;
          break;
        case OP_DEFINES:
          this.replayDefines(ops[k + 1] as FileSkeleton, ops[k + 2] as number, ops[k + 3] as number);
          k += 4;
          break;
        case OP_UNDEF:
          this.replayUndef(ops[k + 1] as string);
          k += 2;
          break;
        case OP_DIAG:
          this.diagnostics.push(replayedDiagnostic(ops[k + 1] as Diagnostic));
          k += 2;
          break;
        case OP_ONCE:
          this.replayOnce(ops[k + 1] as string);
          k += 2;
          break;
        case OP_SUB:
          this.replay(ops[k + 1] as HeaderEntry);
          k += 2;
          break;
        case OP_READ:
          k += 2;
          break;
        default:
          throw new Error(`header cache: unknown operation ${String(ops[k])}`);
      }
    }
  }

  private pragma(d: Directive): void {
    const m = /^(push_macro|pop_macro)\s*\(\s*"([^"]+)"\s*\)/.exec(d.rest);
    if (!m) return;
    if (this.rec !== undefined) this.rec.uncacheable = true;
    const name = m[2];
    const stack = this.pushed.get(name) ?? [];
    if (m[1] === 'push_macro') {
      stack.push(this.opts.env.get(name));
      this.pushed.set(name, stack);
    } else if (stack.length) {
      const def = stack.pop();
      if (def) {
        this.opts.env.set(name, def);
        this.marks.define(def);
      } else {
        this.marks.undefine(name);
        this.opts.env.delete(name);
      }
    }
  }

  private builtin(def: MacroDef, tok: Token, stream: TokenStream, ctx: ExpandContext): Token[] {
    const num = (v: number | bigint) => [mkTok('number', String(v), tok.sp)];
    if (this.rec !== undefined && ((def.builtin === 'counter' && !this.countingText) || def.builtin === 'include_level' || def.builtin === 'base_file')) this.rec.uncacheable = true;
    // A header's code line uses the counter: the walk's entry adds as many to the counter when replayed.
    if (def.builtin === 'counter' && this.countingOwn) {
      this.ownUses = true;
      return num(this.counter + this.ownCounted++);
    }
    if (def.builtin === 'counter' && !this.countingText) {
      this.ifUses = true;
      if (this.ownMayUse) this.unsure = true;
    }
    if (def.builtin === 'counter' && this.countingText) {
      this.countedFiles.add(this.curFile);
      if (this.rec !== undefined) {
        this.rec.counted++;
        this.rec.countedIn.add(this.curFile);
      }
    }
    switch (def.builtin) {
      case 'line':
        return num(this.curLine);
      case 'file':
        return [mkTok('string', JSON.stringify(this.curFile), tok.sp)];
      case 'base_file':
        return [mkTok('string', JSON.stringify(this.baseFile), tok.sp)];
      case 'counter':
        return num(this.counter++ + this.ownCounted);
      case 'include_level':
        return num(this.depth);
      default:
        break;
    }
    // Operators with a parenthesized operand.
    const open = stream.next();
    if (!open || open.v !== '(') {
      ctx.error(`missing '(' after "${def.name}"`);
      return num(0);
    }
    const collected = collectArgs(stream, null);
    if (!collected) {
      ctx.error(`missing ')' after "${def.name}" operand`);
      return num(0);
    }
    const arg = collected.args.flat();
    const f = this.opts.features;
    switch (def.builtin) {
      case 'has_include':
      case 'has_include_next': {
        let h = headerFromTokens(arg);
        if (!h) h = headerFromTokens(expandTokens(arg, { ...ctx, mode: 'text' }));
        if (!h) {
          ctx.error(`operator "${def.name}" requires a header-name`);
          return num(0);
        }
        const next = def.builtin === 'has_include_next';
        const r = this.host.resolver.resolve(this.opts.chain, h.name, h.angled, path.dirname(this.curFile), next, this.curDirIndex);
        if (!r) this.read(this.host.resolver.absentName(this.opts.chain, h.name, h.angled, path.dirname(this.curFile), next, this.curDirIndex));
        return num(r ? 1 : 0);
      }
      case 'has_attribute':
        return num(hasAttribute(spell(arg), f));
      case 'has_cpp_attribute':
        return num(hasCppAttribute(spell(arg), f));
      case 'has_c_attribute':
        return num(hasCAttribute(spell(arg), f));
      case 'has_builtin':
        return num(hasBuiltin(spell(arg), f));
      case 'has_feature':
      case 'has_extension':
        return num(hasFeature(spell(arg), f));
      default:
        return num(0);
    }
  }
}

/** `"name"` or `< tokens >` → header name. */
export function headerFromTokens(toks: Token[]): { name: string; angled: boolean } | undefined {
  const t = toks.filter((x) => x.k !== 'placemarker');
  if (t.length === 0) return undefined;
  if (t[0].k === 'string' && t[0].v.startsWith('"')) return { name: t[0].v.slice(1, -1), angled: false };
  if (t[0].v === '<') {
    const close = t.findIndex((x, k) => k > 0 && x.v === '>');
    if (close < 0) return undefined;
    return { name: spell(t.slice(1, close)), angled: true };
  }
  if (t[0].v.startsWith('<') && t[0].v.endsWith('>')) return { name: t[0].v.slice(1, -1), angled: true };
  return undefined;
}

export { INCLUDER_DIR };
