// Why a line is or is not compiled by one build: from the file's directive skeleton (scanned now from the
// file on disk) and the build's stored decisions (lines compiled, #if heads evaluated, branch heads taken),
// the conditional whose branch kept the line out, with its condition and the macro values the build has.
// Leaves out re-running the preprocessor: the stored decisions are the build's own, merged over its units.
import fs from 'node:fs';
import type { BuildRow, FileLinesRow, IndexReader, MacroRow } from '../index/index-reader.js';
import { absolutePath } from '../indexer/vendor-paths.js';
import type { CompilerBuiltins } from './compiler-builtins.js';
import { LineSet } from '../model/line-ranges.js';
import { buildSkeleton, type Directive, type FileSkeleton } from '../preprocessor/file-skeleton.js';

const OPEN = new Set(['if', 'ifdef', 'ifndef']);
const MID = new Set(['elif', 'elifdef', 'elifndef', 'else']);

/** A conditional branch that holds a line: the group's opening directive and the head of the branch. */
interface EnclosingBranch {
  group: Directive;
  head: Directive;
  /** Every head of the group in order (#if, #elif..., #else). */
  heads: Directive[];
  /** Line of the group's #endif (past the end of the file when unterminated). */
  endifLine: number;
}

/** The macro values a build had for a name a condition tests (every definition the build reached). */
export interface MacroValue {
  name: string;
  defined: boolean;
  /** For an undefined CONFIG_ name of a Kconfig build: where the build's configuration lives. */
  note?: string;
  definitions?: { _macro_value: string; _macro_expanded_value: string | null; params: string | null; file: string; line: number }[];
}

export interface DirectiveRef {
  file: string;
  line: number;
  /** The directive as written, e.g. `#ifdef CONFIG_X` or `#elif BOARD_REV >= 2`. */
  text: string;
  /** The condition alone (`CONFIG_X`, `BOARD_REV >= 2`), or "" for #else. */
  condition: string;
}

export interface DecidingDirective extends DirectiveRef {
  /** The branch holding the line was not taken because this earlier branch of the same group was. */
  taken_instead?: DirectiveRef;
  /** The names the deciding condition(s) test, with their values in this build. */
  macros: MacroValue[];
}

/**
 * Whether one build compiles a line. For a directive line, compiled means the preprocessor processed it
 * (every branch around it was taken); `directive` then describes it and, for an #if/#elif/#else head,
 * whether its branch was taken.
 */
export interface LineVerdict {
  compiled: boolean;
  /** Why not: a conditional kept it out (`deciding` names it), or nothing explains it (`note`), or no such line. */
  reason?: 'inactive_branch' | 'not_reached' | 'beyond_end';
  deciding?: DecidingDirective;
  note?: string;
  directive?: { text: string; branch_taken?: boolean };
}

/** A file's text and skeleton as they are on disk now, or null when it cannot be read. Scanned once per query. */
export function readSkeleton(root: string, storedPath: string): { skeleton: FileSkeleton; text: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(absolutePath(root, storedPath), 'utf8');
  } catch {
    return null;
  }
  return { skeleton: buildSkeleton(storedPath, text, { asm: /\.(s|S|asm)$/.test(storedPath) }), text };
}

/** The directive whose physical lines hold `line`, if any. */
export function directiveAt(sk: FileSkeleton, line: number): Directive | undefined {
  return sk.directives.find((d) => d.line <= line && line <= d.endLine);
}

/** The conditional branches holding `line`, outermost first. */
export function enclosingBranches(sk: FileSkeleton, line: number): EnclosingBranch[] {
  const stack: EnclosingBranch[] = [];
  for (const d of sk.directives) {
    if (d.line >= line) break;
    if (d.stray) continue;
    if (OPEN.has(d.kind)) stack.push({ group: d, head: d, heads: groupHeads(sk, d), endifLine: d.end === undefined ? sk.lineCount + 1 : sk.directives[d.end].line });
    else if (MID.has(d.kind) && stack.length) stack[stack.length - 1].head = d;
    else if (d.kind === 'endif') stack.pop();
  }
  return stack;
}

function groupHeads(sk: FileSkeleton, open: Directive): Directive[] {
  const heads: Directive[] = [];
  let d: Directive | undefined = open;
  while (d && d.kind !== 'endif') {
    heads.push(d);
    d = d.next === undefined ? undefined : sk.directives[d.next];
  }
  return heads;
}

export function directiveRef(file: string, d: Directive): DirectiveRef {
  return { file, line: d.line, text: `#${d.kind}${d.rest ? ' ' + d.rest : ''}`, condition: d.kind === 'else' ? '' : d.rest };
}

/** Why `line` is (not) compiled in the build whose view of the file is `lines`. Macro values are left empty. */
export function explainLine(sk: FileSkeleton, lines: FileLinesRow, line: number): LineVerdict {
  if (line > sk.lineCount || line < 1) return { compiled: false, reason: 'beyond_end', note: `the file has ${sk.lineCount} lines` };
  const taken = new LineSet(lines.taken);
  const active = new LineSet(lines.active);
  const dir = directiveAt(sk, line);
  let chain = enclosingBranches(sk, dir ? dir.line : line);
  // #elif/#else/#endif belong to the group around them: they are processed when that group is reached.
  if (dir && (MID.has(dir.kind) || dir.kind === 'endif') && !dir.stray) chain = chain.slice(0, -1);
  const directive = dir ? { text: directiveRef(lines.path, dir).text, ...(isHead(dir) && lines.decisionsRecorded ? { branch_taken: taken.has(dir.line) } : {}) } : undefined;
  const compiled = dir ? processed(chain, taken, active, lines.decisionsRecorded) : active.has(line);
  if (compiled) return { compiled: true, ...(directive ? { directive } : {}) };
  const deciding = lines.decisionsRecorded ? decidingByRecord(chain, new LineSet(lines.evaluated), taken) : decidingByActiveLines(chain, active);
  if (deciding) {
    const takenInstead = deciding.heads.find((h) => h !== deciding.head && taken.has(h.line));
    return {
      compiled: false,
      reason: 'inactive_branch',
      deciding: {
        ...directiveRef(lines.path, deciding.head),
        ...(takenInstead ? { taken_instead: directiveRef(lines.path, takenInstead) } : {}),
        macros: [],
      },
      ...(directive ? { directive } : {}),
    };
  }
  return {
    compiled: false,
    reason: 'not_reached',
    note: chain.length
      ? 'every conditional around the line took its branch, yet no unit of the build compiled it: it follows an unterminated group, or the file was read only for its macros (-imacros)'
      : 'no unit of the build compiled this line: the file was read only for its macros (-imacros), or the line follows an unterminated conditional',
    ...(directive ? { directive } : {}),
  };
}

function isHead(d: Directive): boolean {
  return OPEN.has(d.kind) || MID.has(d.kind);
}

/** A directive is processed when every branch around it was taken (without decisions: when code around it is compiled). */
function processed(chain: EnclosingBranch[], taken: LineSet, active: LineSet, recorded: boolean): boolean {
  if (recorded) return chain.every((b) => taken.has(b.head.line));
  return decidingByActiveLines(chain, active) === undefined && active.size > 0;
}

/** The outermost branch around the line whose group was evaluated but which was not taken. */
function decidingByRecord(chain: EnclosingBranch[], evaluated: LineSet, taken: LineSet): EnclosingBranch | undefined {
  for (const b of chain) {
    if (taken.has(b.head.line)) continue;
    return evaluated.has(b.group.line) ? b : undefined;
  }
  return undefined;
}

/** Without recorded decisions: the outermost branch around the line holding no compiled line at all. */
function decidingByActiveLines(chain: EnclosingBranch[], active: LineSet): EnclosingBranch | undefined {
  for (const b of chain) {
    const next = b.heads[b.heads.indexOf(b.head) + 1];
    const to = (next ? next.line : b.endifLine) - 1;
    const holdsActive = active.pairs.some(([a, z]) => z > b.head.endLine && a <= to);
    if (!holdsActive) return b;
  }
  return undefined;
}

/** Identifiers a condition tests (`defined`, `__has_include` and friends are operators, not macros). */
export function conditionNames(condition: string): string[] {
  const skip = new Set(['defined', '__has_include', '__has_include_next', '__has_attribute', '__has_builtin', '__has_feature', '__has_extension', '__has_cpp_attribute', '__has_c_attribute', 'true', 'false']);
  const names: string[] = [];
  for (const m of condition.replace(/"[^"]*"|<[^>]*>|'[^']*'/g, ' ').matchAll(/[A-Za-z_]\w*/g)) {
    if (!skip.has(m[0]) && !names.includes(m[0])) names.push(m[0]);
  }
  return names;
}

/** The build's definitions of each name (at most `perName`; else the compiler's built-in one), or defined: false. */
export function macroValues(reader: IndexReader, build: BuildRow, names: string[], builtins?: CompilerBuiltins, perName = 4): MacroValue[] {
  const autoconf = build.kconfig?.autoconf_h;
  return names.map((name) => {
    const stored: MacroRow[] = reader.lookupMacros(name, false, build.id, { limit: perName, offset: 0 }).rows;
    const builtin = stored.length === 0 ? builtins?.lookup(build, name) : undefined;
    const rows = builtin ? [builtin] : stored;
    if (rows.length === 0) {
      return { name, defined: false, ...(autoconf && name.startsWith('CONFIG_') ? { note: `not set by this build's Kconfig (${autoconf})` } : {}) };
    }
    return {
      name,
      defined: true,
      definitions: rows.map((r) => ({ _macro_value: r._macro_value, _macro_expanded_value: r._macro_expanded_value, params: r.params, file: r.file, line: r.line })),
    };
  });
}

/** Fills in the macro values a deciding directive (and the branch taken instead) tested in this build. */
export function withMacroValues(reader: IndexReader, build: BuildRow, d: DecidingDirective, builtins?: CompilerBuiltins, maxNames = 8): DecidingDirective {
  const names = conditionNames(`${d.condition} ${d.taken_instead?.condition ?? ''}`).slice(0, maxNames);
  return { ...d, macros: macroValues(reader, build, names, builtins) };
}
