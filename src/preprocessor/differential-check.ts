// Differential check against the real compiler: for each unit whose compiler exists, runs `-E -dD -dI` (line
// markers kept), derives which lines of each file the compiler kept, and compares, for every conditional group
// of every file the unit reads, the branch the compiler took with the branch fw-context took.
// "Compiler took branch B" = some output line falls inside B's body (with -dD/-dI, #define/#undef/#include lines
// count too). A group where no branch shows output and no branch holds a #define/#undef/#include line is
// undecidable: it is excluded from the percentage and counted apart. A taken branch that holds such a line but
// shows no output is a disagreement. Files read only through -imacros are not compared (their output is discarded).
// Leaves out #line-renumbered files (their markers do not map to physical lines) and units the compiler stops in at
// a fatal error such as a missing header (skipped with the error: its output ends there).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readCompileDatabase } from '../../adapters/compile-commands/read-compile-database.js';
import type { CompileUnit } from '../../adapters/contract.js';
import { flagWithValue } from '../model/compiler-value-flags.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Directive, FileSkeleton } from './file-skeleton.js';
import { ImplicitMacroProvider } from './implicit-macros.js';
import { preprocessBuildDetailed } from './preprocess-build-detailed.js';
import type { PreprocessBuildOptions } from './preprocess-build.js';
import { stripWrapper } from './unit-environment.js';

export interface DifferentialCheckOptions {
  /** Options for fw-context's side (e.g. a forced implicit table or a decision override, to plant a disagreement). */
  preprocess?: PreprocessBuildOptions;
  /** Per-compiler-run timeout (default 60 s). */
  timeoutMs?: number;
}

export interface GroupDisagreement {
  file: string;
  line: number;
  /** The group's opening directive, e.g. `#ifdef BOARD_A`. */
  condition: string;
  compilerTook: string;
  fwTook: string;
  unit: string;
}

export interface FileAgreement {
  file: string;
  groups: number;
  agreeing: number;
  undecidable: number;
}

export interface UnitCheck {
  unit: string;
  status: 'checked' | 'skipped';
  reason?: string;
  groups: number;
  agreeing: number;
  undecidable: number;
  /** Files the compiler read that fw-context did not (absolute). */
  filesOnlyCompilerRead: string[];
}

export interface DifferentialReport {
  compileCommands: string;
  units: UnitCheck[];
  files: FileAgreement[];
  disagreements: GroupDisagreement[];
  totalGroups: number;
  agreeingGroups: number;
  undecidableGroups: number;
  /** agreeing / decided groups, in percent (100 when nothing was decidable). */
  agreementPercent: number;
  diagnostics: Diagnostic[];
}

/** Run the check over a compile database. */
export function runDifferentialCheck(compileCommandsPath: string, options: DifferentialCheckOptions = {}): DifferentialReport {
  const db = readCompileDatabase(path.resolve(compileCommandsPath));
  const report = runDifferentialCheckOnUnits(db.units, options);
  report.compileCommands = path.resolve(compileCommandsPath);
  report.diagnostics.unshift(...db.diagnostics);
  return report;
}

export function runDifferentialCheckOnUnits(units: CompileUnit[], options: DifferentialCheckOptions = {}): DifferentialReport {
  const pp = options.preprocess ?? {};
  const provider = pp.implicitMacros instanceof ImplicitMacroProvider ? pp.implicitMacros : new ImplicitMacroProvider({ useRealCompiler: pp.useRealCompiler, ...(pp.implicitMacros ?? {}) });
  const detailed = preprocessBuildDetailed(units, { ...pp, implicitMacros: provider, recordDecisions: true });
  const report: DifferentialReport = {
    compileCommands: '',
    units: [],
    files: [],
    disagreements: [],
    totalGroups: 0,
    agreeingGroups: 0,
    undecidableGroups: 0,
    agreementPercent: 100,
    diagnostics: [],
  };
  const perFile = new Map<string, FileAgreement>();
  const realPaths = new Map<string, string>();
  for (const detail of detailed.units) {
    const unit = detail.unit;
    const check: UnitCheck = { unit: unit.file, status: 'skipped', groups: 0, agreeing: 0, undecidable: 0, filesOnlyCompilerRead: [] };
    report.units.push(check);
    const compiler = detail.environment.args.compiler;
    if (!detail.environment.preprocessed) {
      check.reason = 'plain assembler source (not preprocessed)';
      continue;
    }
    if (!provider.exists(compiler, unit.directory)) {
      check.reason = `compiler ${compiler} is not on this machine`;
      continue;
    }
    const run = runCompilerE(unit, options.timeoutMs ?? 60000);
    if (!run.output) {
      check.reason = `compiler -E failed: ${run.error}`;
      report.diagnostics.push({ severity: 'warning', file: unit.file, message: `differential check: ${check.reason}` });
      continue;
    }
    check.status = 'checked';
    const kept = namedAsRead(keptLines(run.output, unit.directory), detail.visits, realPaths);
    const imacrosOnly = new Set(detail.environment.args.imacros.map((f) => path.normalize(f)));
    for (const f of kept.keys()) if (!detail.visits.has(f) && !imacrosOnly.has(f)) check.filesOnlyCompilerRead.push(f);
    for (const [file, visit] of detail.visits) {
      if (imacrosOnly.has(file) && !kept.has(file)) continue;
      const sk = detailed.source.skeleton(file);
      if (!sk) continue;
      const fileKept = kept.get(file) ?? new Set<number>();
      const fa = perFile.get(file) ?? { file, groups: 0, agreeing: 0, undecidable: 0 };
      perFile.set(file, fa);
      compareFile(sk, fileKept, new Set(visit.taken), new Set(visit.groups), (res, g, compilerTook, fwTook) => {
        if (res === 'skip') return;
        if (res === 'undecidable') {
          check.undecidable++;
          fa.undecidable++;
          return;
        }
        check.groups++;
        fa.groups++;
        if (res === 'agree') {
          check.agreeing++;
          fa.agreeing++;
        } else {
          const d = sk.directives[g];
          report.disagreements.push({ file, line: d.line, condition: `#${d.kind} ${d.rest}`.trim(), compilerTook, fwTook, unit: unit.file });
        }
      });
    }
  }
  report.files = [...perFile.values()].filter((f) => f.groups + f.undecidable > 0).sort((a, b) => a.file.localeCompare(b.file));
  for (const u of report.units) {
    report.totalGroups += u.groups;
    report.agreeingGroups += u.agreeing;
    report.undecidableGroups += u.undecidable;
  }
  report.agreementPercent = report.totalGroups ? (100 * report.agreeingGroups) / report.totalGroups : 100;
  return report;
}

type GroupResult = 'agree' | 'disagree' | 'undecidable' | 'skip';

function describeBranch(d: Directive | undefined): string {
  if (!d) return 'no branch';
  return `${`#${d.kind} ${d.rest}`.trim()} (line ${d.line})`;
}

/** Compare every conditional group of one file. */
function compareFile(
  sk: FileSkeleton,
  kept: Set<number>,
  fwTaken: Set<number>,
  fwGroups: Set<number>,
  onGroup: (r: GroupResult, groupIndex: number, compilerTook: string, fwTook: string) => void,
): void {
  const dirs = sk.directives;
  dirs.forEach((d, g) => {
    if (d.kind !== 'if' && d.kind !== 'ifdef' && d.kind !== 'ifndef') return;
    if (d.end === undefined) return;
    const heads: number[] = [];
    for (let h: number | undefined = g; h !== undefined && h !== d.end; h = dirs[h].next) heads.push(h);
    let disagree = false;
    let informative = false;
    let compilerHead: number | undefined;
    let fwHead: number | undefined;
    for (const h of heads) {
      const next = dirs[h].next!;
      const from = dirs[h].endLine + 1;
      const to = dirs[next].line - 1;
      let evidence = false;
      for (let l = from; l <= to && !evidence; l++) if (kept.has(l)) evidence = true;
      const certain = hasCertainLine(dirs, h + 1, next);
      const taken = fwTaken.has(h);
      if (evidence && compilerHead === undefined) compilerHead = h;
      if (taken && fwHead === undefined) fwHead = h;
      if (evidence || certain) informative = true;
      if (evidence !== taken && (evidence || certain)) disagree = true;
    }
    if (!fwGroups.has(g) && compilerHead === undefined) return onGroup('skip', g, '', '');
    const compilerTook = describeBranch(compilerHead !== undefined ? dirs[compilerHead] : undefined);
    const fwTook = fwGroups.has(g) ? describeBranch(fwHead !== undefined ? dirs[fwHead] : undefined) : 'no branch (group not reached)';
    if (disagree) return onGroup('disagree', g, compilerTook, fwTook);
    onGroup(informative ? 'agree' : 'undecidable', g, compilerTook, fwTook);
  });
}

/** A #define/#undef/#include directly in the branch body (directives h..end-1 at depth 0): -dD/-dI always print it. */
function hasCertainLine(dirs: Directive[], start: number, end: number): boolean {
  let depth = 0;
  for (let i = start; i < end; i++) {
    const k = dirs[i].kind;
    if (k === 'if' || k === 'ifdef' || k === 'ifndef') depth++;
    else if (k === 'endif') depth--;
    else if (depth === 0 && (k === 'define' || k === 'undef' || ((k === 'include' || k === 'include_next') && !dirs[i].error))) return true;
  }
  return false;
}

/** argv for `-E`: output, compile-only and dependency flags dropped (output flags in every spelling the table knows). */
export function preprocessOnlyArgv(argv: string[]): string[] {
  const a = stripWrapper(argv);
  const out: string[] = [a[0]];
  for (let i = 1; i < a.length; i++) {
    const x = a[i];
    const taken = flagWithValue(a, i);
    if (taken?.use === 'output' || (taken === undefined && /^-(?:o|M[FTQJ])./.test(x))) {
      i = taken?.last ?? i;
      continue;
    }
    if (taken) {
      out.push(...a.slice(i, taken.last + 1));
      i = taken.last;
      continue;
    }
    if (COMPILE_ONLY_FLAGS.has(x) || /^-Wp,-M/.test(x) || /^-save-temps=/.test(x)) continue;
    out.push(x);
  }
  out.push('-E', '-dD', '-dI');
  return out;
}

/** Flags of a compile that choose what it writes (object, assembly, dependency lists), not what it reads. */
const COMPILE_ONLY_FLAGS = new Set(['-c', '-S', '-E', '-M', '-MM', '-MD', '-MMD', '-MP', '-MG', '-P', '-save-temps', '-pipe']);

function runCompilerE(unit: CompileUnit, timeout: number): { output?: string; error?: string } {
  const argv = preprocessOnlyArgv(unit.arguments);
  // Relative paths of the command resolve against its folder: without it the compiler cannot be asked.
  if (!fs.existsSync(unit.directory)) return { error: `the unit's folder ${unit.directory} does not exist (the build was moved or cleaned)` };
  const r = spawnSync(argv[0], argv.slice(1), { cwd: unit.directory, encoding: 'utf8', timeout, maxBuffer: 512 * 1024 * 1024 });
  if (r.error) return { error: r.error.message };
  if (!r.stdout) return { error: (r.stderr ?? '').split('\n').slice(0, 3).join(' ') || `exit status ${r.status}` };
  // A fatal error (a missing header) ends the output where the compiler stopped: every group after it would show
  // "no branch". Errors that are not fatal (#error) leave the output whole.
  const fatal = r.status !== 0 ? /^.*\bfatal error: .*$/m.exec(r.stderr ?? '') : null;
  if (fatal) return { error: `the compiler stopped at ${fatal[0].trim()} (its output ends there)` };
  return { output: r.stdout };
}

/** From `-E` output with line markers: file (absolute) → lines that produced output. */
export function keptLines(output: string, cwd: string): Map<string, Set<number>> {
  const kept = new Map<string, Set<number>>();
  let file: string | undefined;
  let set: Set<number> | undefined;
  let line = 1;
  const marker = /^# (\d+) "((?:[^"\\]|\\.)*)"/;
  for (const text of output.split('\n')) {
    const m = marker.exec(text);
    if (m) {
      line = Number(m[1]);
      const name = m[2].replace(/\\(.)/g, '$1');
      if (name.startsWith('<')) {
        file = undefined;
        set = undefined;
      } else {
        file = path.resolve(cwd, name);
        set = kept.get(file);
        if (!set) kept.set(file, (set = new Set()));
      }
      continue;
    }
    if (set && /\S/.test(text)) set.add(line);
    line++;
  }
  return kept;
}

/**
 * The compiler's kept lines with each file named as fw-context read it (`visits`' paths) where the two name one file
 * apart: GCC names system headers by their real path (`-fcanonical-system-headers`; Debian's arm-none-eabi include
 * folder is a link to /usr/include/newlib), fw-context by the search folder's. `realPaths` caches real paths.
 */
export function namedAsRead(kept: Map<string, Set<number>>, visits: ReadonlyMap<string, unknown>, realPaths: Map<string, string>): Map<string, Set<number>> {
  const real = (f: string) => {
    let r = realPaths.get(f);
    if (r === undefined) {
      try {
        r = fs.realpathSync(f);
      } catch {
        r = f;
      }
      realPaths.set(f, r);
    }
    return r;
  };
  if ([...kept.keys()].every((f) => visits.has(f))) return kept;
  const byReal = new Map<string, string>();
  for (const v of visits.keys()) if (!kept.has(v)) byReal.set(real(v), v);
  const out = new Map<string, Set<number>>();
  for (const [f, lines] of kept) out.set(visits.has(f) ? f : (byReal.get(real(f)) ?? f), lines);
  return out;
}

/** Text report: per-file and total agreement, then each disagreement as `file:line: condition — compiler took X, fw-context took Y`. */
export function formatDifferentialReport(report: DifferentialReport, opts: { relativeTo?: string } = {}): string {
  const rel = (f: string) => (opts.relativeTo ? path.relative(opts.relativeTo, f) || f : f);
  const pct = (a: number, n: number) => (n ? `${((100 * a) / n).toFixed(1)}%` : '100.0%');
  const lines: string[] = [];
  lines.push(`Differential preprocessor check: ${report.compileCommands || '(units)'}`);
  const checked = report.units.filter((u) => u.status === 'checked');
  const skipped = report.units.filter((u) => u.status === 'skipped');
  lines.push(`Units: ${checked.length} checked, ${skipped.length} skipped`);
  for (const u of skipped) lines.push(`  skipped ${rel(u.unit)}: ${u.reason}`);
  lines.push('Files:');
  for (const f of report.files) {
    lines.push(`  ${rel(f.file)}: ${f.agreeing}/${f.groups} groups agree (${pct(f.agreeing, f.groups)})${f.undecidable ? `, ${f.undecidable} undecidable` : ''}`);
  }
  lines.push(
    `Total: ${report.agreeingGroups}/${report.totalGroups} conditional groups agree (${report.agreementPercent.toFixed(1)}%)` +
      `, ${report.undecidableGroups} undecidable (no branch produced output or holds a #define/#undef/#include; excluded)`,
  );
  const onlyCompiler = checked.flatMap((u) => u.filesOnlyCompilerRead.map((f) => `${rel(f)} (unit ${rel(u.unit)})`));
  if (onlyCompiler.length) {
    lines.push('Files the compiler read that fw-context did not:');
    for (const f of onlyCompiler) lines.push(`  ${f}`);
  }
  if (report.disagreements.length) {
    lines.push('Disagreements:');
    for (const d of report.disagreements) lines.push(`${rel(d.file)}:${d.line}: ${d.condition} — compiler took ${d.compilerTook}, fw-context took ${d.fwTook}`);
  } else lines.push('No disagreements.');
  return lines.join('\n');
}
