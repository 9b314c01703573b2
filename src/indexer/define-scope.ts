// Where a compile unit's own #defines reach: a #define written in a unit's source file applies to another file's
// text only where some unit read that text while it was in force: after it (a header included before `#define
// printf ...` keeps printf), and not after the unit #undef'd or defined the name again. An #undef in a header is not
// followed. Headers' #defines are followed by file (see header-define-scope.ts).
import { sha1 } from '../model/sha1.js';
import type { MacroDef } from '../preprocessor/macro-definition.js';
import { defineLine, type UnitResult } from '../preprocessor/unit-result.js';
import { headerVisibility, type HeaderVisibility } from './header-define-scope.js';

/** What a build's scope is made from: a unit result's files in order and where each was last read (see UnitResult.tops). */
export type ScopeInput = Pick<UnitResult, 'unit' | 'files' | 'tops' | 'firstTops' | 'through' | 'unseen'>;

/** Per file (stored path): the scoped #define sites some unit read before its text, as file → lines. */
export type VisibleSites = Map<string, Map<string, Set<number>>>;

/**
 * The #defines of the build's unit source files (stored paths) and, per other file, those of them it may see. A
 * #define of a unit file reaches that file's own text below it (see BuildMacroTable.lookup), another file's text
 * only when `visible` lists it there; other #defines reach a file's text where `headers` says (all when unset).
 */
export class DefineScope {
  private digests = new Map<string, string>();

  constructor(
    readonly scoped: ReadonlySet<string>,
    readonly visible: VisibleSites,
    readonly headers?: HeaderVisibility,
  ) {}

  /** Whether a definition may apply at `line` of `file` (stored path) when written in another file. */
  sees(file: string, line: number, def: Pick<MacroDef, 'file' | 'line'>): boolean {
    if (this.scoped.has(def.file)) return this.visible.get(file)?.get(def.file)?.has(def.line) === true;
    return this.headers === undefined || this.headers.sees(file, line, def.file, def.line);
  }

  /** Whether a definition of `file` itself, above `line`, applies there (see HeaderVisibility.ownSees). */
  ownSees(file: string, line: number, defLine: number): boolean {
    return this.headers === undefined || this.headers.ownSees(file, line, defLine);
  }

  /** The number of define classes of `file` when its views reached different #defines of its own, else 0 (see HeaderVisibility.classCount). */
  ownClassCount(file: string): number {
    return this.headers === undefined ? 0 : this.headers.classCount(file);
  }

  /** Of a file with several classes: whether its `k`th class compiles `line`. */
  classCompiles(file: string, k: number, line: number): boolean {
    return this.headers!.classCompiles(file, k, line);
  }

  /** Of a file with several classes: whether its `k`th class reached the file's #define at `defLine`. */
  classReached(file: string, k: number, defLine: number): boolean {
    return this.headers!.classReached(file, k, defLine);
  }

  /** A digest of the headers whose #defines `file` sees ('' when not followed): part of its stored parse's key. */
  headerDigest(file: string): string {
    return this.headers?.digest(file) ?? '';
  }

  /** True when the file is masked with the #defines of unit files as well (its own, or some it sees). */
  widened(file: string): boolean {
    return this.scoped.has(file) || this.visible.has(file);
  }

  /** The sha1 of the sites `file` sees ('' when none): part of its stored parse's key. */
  digest(file: string): string {
    const sites = this.visible.get(file);
    if (!sites) return '';
    let d = this.digests.get(file);
    if (d === undefined) this.digests.set(file, (d = sha1(JSON.stringify(sortedSites(sites)))));
    return d;
  }
}

function sortedSites(sites: Map<string, Set<number>>): [string, number[]][] {
  return [...sites].map(([f, lines]) => [f, [...lines].sort((a, b) => a - b)] as [string, number[]]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The lines of the #defines a view reached, ascending. */
function definedLines(defines: UnitResult['files'][number]['view']['defines']): number[] {
  const out: number[] = [];
  for (let j = 0; j < defines.length / 2; j++) out.push(defineLine(defines, j));
  return out.sort((a, b) => a - b);
}

/** The sites one unit lets each file it read see: [file, site's file, line] (absolute paths). */
export function unitVisibleSites(r: ScopeInput, included: ReadonlySet<string>, add: (file: string, site: string, line: number) => void): void {
  const files = r.files;
  let main = 0;
  while (main < files.length && files[main].file !== r.unit) main++;
  if (main === files.length) main = -1;
  // Unit files this unit read as headers (a unit including another's source): their #defines reach all it read.
  const others: number[] = [];
  if (included.size) for (let k = 0; k < files.length; k++) if (k !== main && files[k].view.defines.length && included.has(files[k].file)) others.push(k);
  const mainLines = main >= 0 ? definedLines(files[main].view.defines) : [];
  if (mainLines.length === 0 && others.length === 0) return;
  const otherLines = others.map((o) => definedLines(files[o].view.defines));
  const tops = r.tops;
  const unseen = unseenByFile(r.unseen);
  for (let k = 0; k < files.length; k++) {
    // Without the lines files were read at (not a walk of this version), every #define is taken as seen.
    const top = k === main ? 0 : (tops?.[k] ?? Infinity);
    const skip = unseen?.get(k);
    if (top > mainLines[0]) for (let j = 0; j < mainLines.length && mainLines[j] < top; j++) if (!skip?.has(mainLines[j])) add(files[k].file, r.unit, mainLines[j]);
    for (let n = 0; n < others.length; n++) if (others[n] !== k) for (const line of otherLines[n]) add(files[k].file, files[others[n]].file, line);
  }
}

/** A result's unseen #defines (see UnitResult.unseen) as file index → lines; undefined when none. */
function unseenByFile(unseen: readonly number[] | undefined): Map<number, Set<number>> | undefined {
  if (!unseen?.length) return undefined;
  const out = new Map<number, Set<number>>();
  for (let p = 0; p < unseen.length; p += 2) {
    const lines = out.get(unseen[p]);
    if (lines) lines.add(unseen[p + 1]);
    else out.set(unseen[p], new Set([unseen[p + 1]]));
  }
  return out;
}

/** Of the unit files (absolute), those some unit reads besides their own (a unit including another's source). */
export function includedUnitFiles(results: readonly ScopeInput[], unitFiles: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const r of results) for (const f of r.files) if (f.file !== r.unit && unitFiles.has(f.file)) out.add(f.file);
  return out;
}

/**
 * The scope of a build's units (`unitFiles` absolute; the scope names stored paths, made with `stored`).
 * `included`: those of them some unit reads besides their own (see includedUnitFiles).
 */
export function defineScope(results: readonly ScopeInput[], unitFiles: Iterable<string>, stored: (file: string) => string, included?: ReadonlySet<string>): DefineScope {
  const scopedAbs = new Set(unitFiles);
  const inUnits = included ?? includedUnitFiles(results, scopedAbs);
  const visible: VisibleSites = new Map();
  for (const r of results) {
    unitVisibleSites(r, inUnits, (file, site, line) => {
      const f = stored(file);
      let byFile = visible.get(f);
      if (!byFile) visible.set(f, (byFile = new Map()));
      const s = stored(site);
      let set = byFile.get(s);
      if (!set) byFile.set(s, (set = new Set()));
      set.add(line);
    });
  }
  const scoped = new Set([...scopedAbs].map(stored));
  return new DefineScope(scoped, visible, headerVisibility(results, scoped, stored));
}

/** Per file, the sites one unit lets it see as text (a patch masks again the files whose text a redone unit changed). */
export function unitScopeLines(r: ScopeInput, scoped: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  unitVisibleSites(r, includedUnitFiles([r], scoped), (file, site, line) => {
    out.set(file, `${out.get(file) ?? ''}${site}\0${line}\n`);
  });
  return out;
}
