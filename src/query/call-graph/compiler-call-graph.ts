// Differential check of the call graph against GCC's own (`-fcallgraph-info -fno-inline -fno-ipa-icf`): each C/C++
// unit of a compile database whose compiler writes a .ci file is compiled to a temp folder; every direct call edge
// (by call site: file and line) must be a find_callers row of the indexed build, every indirect call site a
// find_indirect_call_sites row. Compiler-generated edges (__builtin_*, __aeabi_*, memcpy/memset for struct
// copies where the line names none, puts/fwrite where printf/fprintf was written) are counted apart. A compile
// database named alone selects the build indexed from it. Leaves out units of other languages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCompileDatabase } from '../../../adapters/compile-commands/read-compile-database.js';
import type { CompileUnit } from '../../../adapters/contract.js';
import { CALL_KINDS } from '../../model/symbol.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from '../project-context.js';
import { QueryError } from '../query-error.js';
import type { BuildSelector } from '../resolve-build.js';
import type { BuildRow } from '../../index/index-reader.js';
import type { CallGraphReader, CallRow } from '../../index/call-graph-reader.js';
import { CallGraphWalk } from './call-graph-walk.js';
import { storedPath } from '../../indexer/vendor-paths.js';
import { isCFamilySource } from '../../model/source-suffixes.js';

export interface CompilerEdge {
  caller: string;
  callee: string;
  file: string;
  line: number;
  column: number;
}

export interface CallGraphCheckUnit {
  unit: string;
  status: 'checked' | 'skipped';
  reason?: string;
  edges: number;
  indirect: number;
}

export interface CallGraphCheckReport {
  compileCommands: string;
  units: CallGraphCheckUnit[];
  /** Direct edges / indirect sites the compiler reported and the index has. */
  edges: number;
  edgesFound: number;
  indirect: number;
  indirectFound: number;
  /** Compiler-generated edges the source does not write (runtime helpers, struct-copy memcpy). */
  implicit: number;
  missing: (CompilerEdge & { kind: 'call' | 'indirect' })[];
}

/**
 * Edges of a GCC .ci file (VCG): `edge: { sourcename: "a" targetname: "file.c:b" label: "file.c:7:3" }`. A function
 * is named as its node's label names it where that is a C identifier: a node's title is its assembler name, which
 * an asm label changes (glibc's `fscanf` is `*__isoc99_fscanf`); else by its title without the file a static's has.
 * A copy the optimizer made of a function (`merge_rfft_f32.isra.0`, `f.constprop.0`, `f.part.0`) is named as the
 * function the source calls.
 */
export function parseCallGraphInfo(text: string, directory: string): CompilerEdge[] {
  const labelled = new Map<string, string>();
  for (const m of text.matchAll(/node: \{ title: "([^"]*)" label: "([A-Za-z_$][\w$.]*)\\n/g)) {
    const label = withoutCloneSuffix(m[2]);
    if (!label.includes('.')) labelled.set(m[1], label);
  }
  const name = (title: string) => labelled.get(title) ?? withoutCloneSuffix(title.slice(title.lastIndexOf(':') + 1));
  const out: CompilerEdge[] = [];
  for (const m of text.matchAll(/edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)" label: "([^"]*):(\d+):(\d+)" \}/g)) {
    out.push({ caller: name(m[1]), callee: name(m[2]), file: path.resolve(directory, m[3]), line: Number(m[4]), column: Number(m[5]) });
  }
  return out;
}

/** GCC's suffixes of the copies its optimizer makes of a function (interprocedural SRA, constant propagation, split parts). */
const CLONE_SUFFIX = /^([A-Za-z_$][\w$]*)(?:\.(?:isra|constprop|part|cold|lto_priv|localalias)(?:\.\d+)?)+$/;

/** `f` of `f.isra.0`, `f.constprop.0.isra.0`; other names as they are. */
function withoutCloneSuffix(name: string): string {
  return CLONE_SUFFIX.exec(name)?.[1] ?? name;
}

/** Whether `line` writes `name` as a word (any name: regular-expression characters in it are literal). */
function writesName(line: string, name: string): boolean {
  return new RegExp(`(?<![\\w$])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w$])`).test(line);
}

const COMPILER_HELPER = /^(__builtin_|__aeabi_|__gnu_|__sync_|__atomic_)/;
/** Calls GCC makes for struct copies and initialisers where the source names none. */
const MEMORY_HELPER = /^(memcpy|memset|memmove|memcmp)$/;
/** Library calls GCC substitutes for the one written, even at -O0 (`printf("x\n")` → puts, `fprintf(f, "x")` → fwrite). */
const REWRITTEN_FROM: Record<string, RegExp> = {
  puts: /\bprintf\b/,
  putchar: /\bprintf\b/,
  fputs: /\bfprintf\b/,
  fputc: /\bfprintf\b|\bfputs\b/,
  fwrite: /\bfprintf\b|\bfputs\b/,
  strcpy: /\bsprintf\b/,
};

/**
 * Last line of the call whose name starts at (line, column): its parentheses matched over the following lines, and
 * those of the calls a postfix chain makes of what it returns (`get_base(info)->cbc_func(\n ...)`, where GCC places a
 * call in the second argument list at the start of the chain).
 */
function lastLineOfCall(lineText: (file: string, line: number) => string, file: string, line: number, column: number): number {
  let depth = 0;
  let opened = false;
  // After a group closed at depth 0 (closedAt its line): what may continue the chain (`(`, `[`, `.name`, `->name`).
  let closedAt = -1;
  let chain: 'closed' | 'arrow' | 'member' | 'name' = 'closed';
  for (let l = line; l < line + 40; l++) {
    const text = l === line ? lineText(file, l).slice(Math.max(0, column - 1)) : lineText(file, l);
    for (const ch of text.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '')) {
      if (closedAt >= 0) {
        const word = /[\w$]/.test(ch);
        if (/\s/.test(ch) && chain !== 'arrow') continue;
        if ((ch === '(' || ch === '[') && (chain === 'closed' || chain === 'name')) closedAt = -1;
        else if (ch === '.' && chain !== 'arrow' && chain !== 'member') chain = 'member';
        else if (ch === '-' && chain !== 'arrow' && chain !== 'member') chain = 'arrow';
        else if (ch === '>' && chain === 'arrow') chain = 'member';
        else if (word && (chain === 'member' || chain === 'name')) chain = 'name';
        else return closedAt;
        if (closedAt >= 0) continue;
      }
      if (ch === '(' || ch === '[') {
        depth++;
        opened = true;
      } else if ((ch === ')' || ch === ']') && --depth === 0 && opened) {
        closedAt = l;
        chain = 'closed';
      }
    }
  }
  return closedAt >= 0 ? closedAt : line;
}

/**
 * Line where the argument list opens of the call whose callee expression starts at (line, column): the first `(` at
 * depth 0 that follows a name, `)` or `]` (a `(` at the start or after an operator opens a parenthesized callee).
 */
function lineOfArgumentList(lineText: (file: string, line: number) => string, file: string, line: number, column: number): number {
  let depth = 0;
  let last = '';
  for (let l = line; l < line + 40; l++) {
    const text = l === line ? lineText(file, l).slice(Math.max(0, column - 1)) : lineText(file, l);
    for (const ch of text.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '')) {
      if (ch === '(' && depth === 0 && /[\w$)\]]/.test(last)) return l;
      if (ch === '(' || ch === '[') depth++;
      // GCC may start inside the parentheses of a parenthesized callee (at the `.` of (p -> cb.\n fn)(x)).
      else if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
      if (!/\s/.test(ch)) last = ch;
    }
  }
  return line;
}

/** Compile one unit with -fcallgraph-info into `dir`; the edges, or why not. */
function compilerEdges(unit: CompileUnit, dir: string, n: number): CompilerEdge[] | string {
  const args = unit.arguments.slice(1);
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-o') i++;
    else if (args[i].startsWith('-o') && args[i].length > 2) continue;
    else if (/^-flto/.test(args[i])) continue;
    else out.push(args[i]);
  }
  const obj = path.join(dir, `u${n}.o`);
  // Identical code folding would name the function a call was folded into (`wc_Sha224Copy` → `wc_Sha256Copy`).
  const r = spawnSync(unit.arguments[0], [...out, '-fcallgraph-info', '-fno-inline', '-fno-ipa-icf', '-o', obj], { cwd: unit.directory, encoding: 'utf8', timeout: 60000 });
  if (r.error) return `${unit.arguments[0]} could not run (${(r.error as NodeJS.ErrnoException).code ?? r.error.message})`;
  const ci = path.join(dir, `u${n}.ci`);
  if (!fs.existsSync(ci)) return r.status === 0 ? `${unit.arguments[0]} wrote no call graph (not GCC?)` : `the compiler failed: ${r.stderr.split('\n')[0]}`;
  return parseCallGraphInfo(fs.readFileSync(ci, 'utf8'), unit.directory);
}

/**
 * The builds the units of a compile database are checked against: the one named, else those indexed from that
 * database (of the named variant, when one is). A database read as several images (a CMake folder linking several
 * programs) checks each unit against the first image that links it.
 */
function buildsToCheck(ctx: ProjectContext, req: BuildSelector & { compileCommands?: string }): BuildRow[] {
  if (req.image || !req.compileCommands) return [resolveProjectBuild(ctx, req)];
  const real = (p: string) => {
    try {
      return fs.realpathSync.native(p);
    } catch {
      return path.resolve(p);
    }
  };
  const wanted = real(req.compileCommands);
  const owners = requireReader(ctx)
    .builds()
    .filter((b) => b.compileCommands && real(path.resolve(ctx.root, b.compileCommands)) === wanted && (!req.variant || b.variant === req.variant));
  return owners.length ? owners : [resolveProjectBuild(ctx, req)];
}

/** The build a unit is checked against (see buildsToCheck), or why none. */
function buildOfUnit(builds: BuildRow[], unit: CompileUnit): BuildRow | string {
  if (builds.length === 1) return builds[0];
  const linking = builds.find((b) => b.linkedUnits === null || b.linkedUnits.includes(unit.file));
  return linking ?? `no image of ${builds[0].variant} links it`;
}

export function checkCallGraph(ctx: ProjectContext, req: BuildSelector & { compileCommands?: string }): CallGraphCheckReport {
  const reader = requireReader(ctx);
  const builds = buildsToCheck(ctx, req);
  const db = req.compileCommands ?? builds[0].compileCommands;
  if (!db) throw new QueryError(`build ${builds[0].variant}/${builds[0].image} has no compile_commands.json`, 'give its path: fw-context check-callgraph path/to/compile_commands.json');
  const units = readCompileDatabase(db).units.filter((u) => isCFamilySource(u.file));
  const report: CallGraphCheckReport = { compileCommands: db, units: [], edges: 0, edgesFound: 0, indirect: 0, indirectFound: 0, implicit: 0, missing: [] };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fwc-callgraph-'));
  const site = new SiteLookup(reader.callGraph());
  const lines = new Map<string, string[]>();
  const lineText = (file: string, line: number) => {
    if (!lines.has(file)) lines.set(file, fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : []);
    return lines.get(file)![line - 1] ?? '';
  };
  try {
    units.forEach((unit, n) => {
      const build = buildOfUnit(builds, unit);
      const edges = typeof build === 'string' ? build : compilerEdges(unit, dir, n);
      if (typeof edges === 'string' || typeof build === 'string') {
        report.units.push({ unit: unit.file, status: 'skipped', reason: edges as string, edges: 0, indirect: 0 });
        return;
      }
      const u: CallGraphCheckUnit = { unit: unit.file, status: 'checked', edges: 0, indirect: 0 };
      for (const e of edges) {
        const rel = storedPath(ctx.root, e.file);
        const indirect = e.callee === '__indirect_call';
        const text = lineText(e.file, e.line);
        const written = writesName(text, e.callee);
        const substituted = !written && (MEMORY_HELPER.test(e.callee) || (REWRITTEN_FROM[e.callee]?.test(text) ?? false));
        if (!indirect && (COMPILER_HELPER.test(e.callee) || substituted)) {
          if (!site.calls(e.callee, build.id).some((r) => r.file === rel && r.line === e.line)) {
            report.implicit++;
            continue;
          }
        }
        const rows = indirect ? site.indirect(build.id) : site.calls(e.callee, build.id);
        // GCC may place a call written in the arguments of another call at that outer call (lfs_min(\n lfs_alignup(...)));
        // a row of the same caller inside the outer call's parentheses is that call site.
        // GCC places an indirect call at the start of its callee expression, the index at the member or variable
        // named last, which a long member chain puts on a later line (p -> handles ->\n abort(...)).
        const span = () => (indirect ? lineOfArgumentList : lastLineOfCall)(lineText, e.file, e.line, e.column);
        const found =
          rows.some((r) => r.file === rel && r.line === e.line) ||
          rows.some((r) => r.file === rel && r.caller === e.caller && r.line > e.line && r.line <= span()) ||
          (!indirect && !written && site.resolvedPointerCall(build.id, rel, e));
        if (indirect) {
          u.indirect++;
          report.indirect++;
          if (found) report.indirectFound++;
        } else {
          u.edges++;
          report.edges++;
          if (found) report.edgesFound++;
        }
        if (!found) report.missing.push({ ...e, file: rel, kind: indirect ? 'indirect' : 'call' });
      }
      report.units.push(u);
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return report;
}

/** The call rows of one build the check reads, each asked of the index once. */
class SiteLookup {
  private readonly byCallee = new Map<string, CallRow[]>();
  private readonly indirectOf = new Map<number, CallRow[]>();
  constructor(private readonly cg: CallGraphReader) {}

  calls(callee: string, buildId: number): CallRow[] {
    const key = `${buildId}\0${callee}`;
    let rows = this.byCallee.get(key);
    if (!rows) this.byCallee.set(key, (rows = this.cg.callsTo([callee], buildId, { kinds: CALL_KINDS }, { limit: 5000, offset: 0 }).rows));
    return rows;
  }

  indirect(buildId: number): CallRow[] {
    let rows = this.indirectOf.get(buildId);
    if (!rows) this.indirectOf.set(buildId, (rows = this.cg.rowsOfKinds(['indirect'], buildId, false, { limit: 100000, offset: 0 }).rows));
    return rows;
  }

  /**
   * Whether GCC's direct call `e`, at a line that does not name the callee, is an indirect call the index has there
   * whose pointer holds that function, as find_indirect_targets answers (GCC made it direct: Mbed TLS's `tls_prf =
   * tls_prf_sha256; ... return tls_prf(...)` where only one case stores into the pointer).
   */
  resolvedPointerCall(buildId: number, rel: string, e: CompilerEdge): boolean {
    const sites = this.indirect(buildId).filter((r) => r.file === rel && r.line === e.line && r.caller === e.caller && r.slot);
    if (!sites.length) return false;
    const walk = new CallGraphWalk(this.cg, buildId);
    return sites.some((s) => walk.targets(s.slot!).some((t) => t.callee === e.callee));
  }
}

export function formatCallGraphCheck(r: CallGraphCheckReport): string {
  const checked = r.units.filter((u) => u.status === 'checked').length;
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
  const out = [
    `${r.compileCommands}: ${checked} of ${r.units.length} unit(s) compiled with -fcallgraph-info`,
    `direct call edges found: ${r.edgesFound}/${r.edges} (${pct(r.edgesFound, r.edges)}); indirect call sites found: ${r.indirectFound}/${r.indirect} (${pct(r.indirectFound, r.indirect)}); compiler-generated edges not compared: ${r.implicit}`,
  ];
  for (const u of r.units) if (u.status === 'skipped') out.push(`  skipped ${u.unit}: ${u.reason}`);
  for (const m of r.missing.slice(0, 50)) out.push(`  missing ${m.kind} ${m.caller} → ${m.callee} at ${m.file}:${m.line}:${m.column}`);
  if (r.missing.length > 50) out.push(`  … ${r.missing.length - 50} more`);
  return out.join('\n');
}
