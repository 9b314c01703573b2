// Merges a build's unit results into what the build compiles: per file the union of the lines active in
// any unit (and the units that read it), per unit the files it read, the #define sites reached with the
// value the first unit reaching them computed, and the diagnostics (deduplicated, in unit order). A file that
// assembler units read also gets the lines its C/C++ units compile (what is parsed of a header as C/C++).
import type { Language } from '../model/compile-args.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { defineLine, defineValue, mergeRanges, type FileView, type UnitResult } from './unit-result.js';
import { undoneByFile, UndoneSharing, type FileMarks, type FileUndone } from './undone-names.js';

export interface MergedFile {
  file: string;
  /** C++ when any unit reading it is C++. */
  language: Language;
  lineCount: number;
  /** Union of the units' active ranges: sorted, merged [from, to] pairs. */
  ranges: number[];
  /**
   * Of a file that assembler units read, the lines its C/C++ units compile (empty when only assembler units read
   * it): of a header, what is parsed as C/C++ (its `#ifdef _ASMLANGUAGE` part, Zephyr's `GTEXT(z_arm_exc_exit)`, is
   * assembler). Absent when that is `ranges`.
   */
  parseRanges?: number[];
  readBy: string[];
  /** Union of the units' evaluated / taken conditional heads (directive lines), when recorded. */
  decisions?: { evaluated: Set<number>; taken: Set<number> };
  /**
   * What every unit reading the file says of the names an #undef touched there (see undone-names.ts): where they
   * all had one undefined, or defined again by one #define, the build's macro table does not decide what it is.
   * Absent when a unit read the file with every name as the table has it.
   */
  undone?: FileUndone;
  /** Of a unit's own file: where `__COUNTER__` does not start from 0 (UnitResult.counter of the first unit compiling it). */
  counter?: number[];
  /**
   * Of a file only GNU as `.include` reads (no unit's walk reads it): assembler text whatever its name, read whole and
   * as written, its C macros not expanded (see assembler-macro-table.ts).
   */
  asIncluded?: boolean;
}

export interface MergedBuild {
  files: Map<string, MergedFile>;
  unitFiles: Map<string, string[]>;
  /** file → line → integer value (or null) of each #define reached. */
  defineSites: Map<string, Map<number, string | null>>;
  diagnostics: Diagnostic[];
}

/** What merging reads of a unit's result (a build's stage keeps no more of each result than this). */
export type MergeInput = Pick<UnitResult, 'unit' | 'lang' | 'files' | 'diagnostics' | 'tops' | 'firstTops' | 'through' | 'unseen' | 'undone' | 'counter' | 'counterUsed'> & {
  /** The result's undoneByFile, made before its `files` were narrowed (a patch merges only some files of each unit). */
  undoneFiles?: Map<string, FileMarks>;
};

/** `leading[i]` are diagnostics of unit i's set-up (argv problems), reported before its walk's. */
export function mergeUnitResults(results: readonly MergeInput[], leading: Diagnostic[][] = []): MergedBuild {
  // `undone` null once a unit read the file with every name as the table has it.
  const files = new Map<string, Omit<MergedFile, 'undone'> & { parts: number[]; views: Set<FileView | string>; readers: Set<string>; code?: CodeLines; undone?: FileUndone | null; marksSeen?: Set<string>; compiled?: boolean }>();
  // Only a build with assembler units tells its C/C++ units' lines apart.
  const withAssembler = results.some((r) => r.lang === 'asm');
  const unitFiles = new Map<string, string[]>();
  const defineSites = new Map<string, Map<number, string | null>>();
  const diagnostics: Diagnostic[] = [];
  const diagSeen = new Set<string>();
  const addDiag = (d: Diagnostic) => {
    const k = `${d.severity}\0${d.file}\0${d.line ?? ''}\0${d.message}`;
    if (diagSeen.has(k)) return;
    diagSeen.add(k);
    diagnostics.push(d);
  };
  const sharing = new UndoneSharing();
  results.forEach((r, i) => {
    (leading[i] ?? []).forEach(addDiag);
    const undone = r.undoneFiles ?? (r.undone ? undoneByFile(r, undefined, sharing) : undefined);
    for (const f of r.files) {
      let m = files.get(f.file);
      if (!m) files.set(f.file, (m = { file: f.file, language: 'c', lineCount: f.view.lines, ranges: [], readBy: [], parts: [], views: new Set(), readers: new Set() }));
      if (r.lang === 'cpp') m.language = 'cpp';
      if (f.file === r.unit && !m.compiled) {
        m.compiled = true;
        // Only a unit whose own code uses the counter reads its values: another's file is masked the same whatever they are.
        if (r.counter && r.counterUsed) m.counter = r.counter;
      }
      if (m.undone !== null) {
        const marks = undone?.get(f.file);
        if (marks === undefined) m.undone = null;
        else if (!(m.marksSeen ??= new Set()).has(marks.text)) {
          // Another unit's same marks add nothing (states agree with themselves).
          m.marksSeen.add(marks.text);
          (m.undone ??= { reads: [], lineCount: f.view.lines }).reads.push(marks);
        }
      }
      if (!m.readers.has(r.unit)) {
        m.readers.add(r.unit);
        m.readBy.push(r.unit);
      }
      // A view already applied to this file (the same object, or the same ranges) adds nothing: its
      // defines' values are those of the first unit that had it, as for any define site.
      const v = f.view;
      if (withAssembler) noteCodeLines((m.code ??= { parts: [], views: new Set(), assembler: false }), v, r.lang === 'asm');
      if (m.views.has(v)) continue;
      m.views.add(v);
      const sig = v.ranges.length === 2 ? `${v.ranges[0]},${v.ranges[1]}` : v.ranges.join(',');
      if (!m.views.has(sig)) {
        m.views.add(sig);
        for (const x of v.ranges) m.parts.push(x);
      }
      if (v.evaluated && v.taken) {
        const d = (m.decisions ??= { evaluated: new Set(), taken: new Set() });
        for (const l of v.evaluated) d.evaluated.add(l);
        for (const l of v.taken) d.taken.add(l);
      }
      if (v.defines.length) {
        let sites = defineSites.get(f.file);
        if (!sites) defineSites.set(f.file, (sites = new Map()));
        for (let k = 0; k < v.defines.length / 2; k++) {
          const line = defineLine(v.defines, k);
          if (!sites.has(line)) sites.set(line, defineValue(v.defines, k));
        }
      }
    }
    unitFiles.set(r.unit, r.files.map((f) => f.file));
    r.diagnostics.forEach(addDiag);
  });
  const out = new Map<string, MergedFile>();
  for (const [file, m] of files) {
    const ranges = mergeRanges(m.parts);
    const parseRanges = m.code?.assembler ? mergeRanges(m.code.parts) : undefined;
    const differs = parseRanges !== undefined && parseRanges.join(',') !== ranges.join(',');
    out.set(file, { file, language: m.language, lineCount: m.lineCount, ranges, ...(differs ? { parseRanges } : {}), readBy: m.readBy, ...(m.decisions ? { decisions: m.decisions } : {}), ...(m.undone ? { undone: m.undone } : {}), ...(m.counter ? { counter: m.counter } : {}) });
  }
  return { files: out, unitFiles, defineSites, diagnostics };
}

/** The lines a file's C/C++ units compile (their views' ranges, each view once), and whether an assembler unit read it. */
interface CodeLines {
  parts: number[];
  views: Set<FileView | string>;
  assembler: boolean;
}

function noteCodeLines(code: CodeLines, v: FileView, byAssembler: boolean): void {
  if (byAssembler) {
    code.assembler = true;
    return;
  }
  if (code.views.has(v)) return;
  code.views.add(v);
  const sig = v.ranges.join(',');
  if (code.views.has(sig)) return;
  code.views.add(sig);
  for (const x of v.ranges) code.parts.push(x);
}

/** activeLines[i] = 1 when line i+1 lies in one of the ranges. */
export function activeLinesOf(ranges: number[], lineCount: number): Uint8Array {
  const a = new Uint8Array(lineCount);
  for (let k = 0; k < ranges.length; k += 2) a.fill(1, ranges[k] - 1, Math.min(ranges[k + 1], lineCount));
  return a;
}
