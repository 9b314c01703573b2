// Reads a compiler argv the way GCC/Clang do: include paths by kind, -D/-U in order, forced includes,
// language and target flags. Splits `command` strings shell-style. Knows nothing of files on disk.
import path from 'node:path';
import { flagWithValue, separateValue, type ReadFlag } from './compiler-value-flags.js';
import { normalizePath, resolvePath } from './plain-path.js';
import { isCompiledSource, isCxxFile, suffixOf } from './source-suffixes.js';

export type Language = 'c' | 'cpp';

export interface MacroOp {
  op: 'define' | 'undef';
  name: string;
  /** Replacement text for `define` (`1` when `-DNAME` has no `=`); may hold a parameter list in name (`-DF(x)=x`). */
  value?: string;
}

export interface ParsedCompileArgs {
  compiler: string;
  language: Language;
  /** `-x` language as written, when given. */
  explicitLanguage?: string;
  quoteDirs: string[];
  includeDirs: string[];
  systemDirs: string[];
  afterDirs: string[];
  sysroot?: string;
  /** -D/-U in command-line order. */
  macroOps: MacroOp[];
  /** -imacros files, in order (absolute). */
  imacros: string[];
  /** -include files, in order (absolute). */
  includes: string[];
  /** Flags that change the compiler's implicit macros or include folders (-m*, -std, -f(no-)short-enums, -ffreestanding, --specs=...), in order. */
  targetFlags: string[];
  /** Source file named on the command line, when one is found. */
  source?: string;
  /** -nostdinc given. */
  noStdInc: boolean;
}

/**
 * Split a shell command line the way compile_commands.json `command` fields are written (POSIX quoting). A
 * word with no quote or backslash (nearly all of them) is found by a regex and sliced from the line; any other
 * word is read character by character. (A loop over every character costs far more in a short run, whose
 * code V8 is still interpreting.)
 */
export function splitCommand(command: string): string[] {
  const out: string[] = [];
  const n = command.length;
  let i = 0;
  for (;;) {
    BLANKS.lastIndex = i;
    BLANKS.test(command);
    i = BLANKS.lastIndex;
    if (i >= n) return out;
    PLAIN.lastIndex = i;
    const end = PLAIN.test(command) ? PLAIN.lastIndex : i;
    if (end >= n || BLANK.test(command[end])) {
      out.push(command.slice(i, end));
      i = end;
    } else {
      const word = quotedWord(command, i);
      out.push(word.text);
      i = word.end;
    }
  }
}

const BLANKS = /\s*/y;
const PLAIN = /[^\s'"\\]+/y;
const BLANK = /\s/;

/** The word starting at `start` that holds quotes or backslashes: its unquoted text and where it ends. */
function quotedWord(command: string, start: number): { text: string; end: number } {
  let cur = '';
  let quote: '"' | "'" | null = null;
  let i = start;
  for (; i < command.length; i++) {
    const ch = command[i];
    if (quote === "'") {
      if (ch === "'") quote = null;
      else cur += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && i + 1 < command.length && '"\\$`\n'.includes(command[i + 1])) cur += command[++i];
      else cur += ch;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '\\' && i + 1 < command.length) cur += command[++i];
    else if (BLANK.test(ch)) break;
    else cur += ch;
  }
  return { text: cur, end: i };
}

export function isCxxCompiler(compiler: string): boolean {
  const base = path.basename(compiler).toLowerCase();
  return /(^|-)(g\+\+|c\+\+|clang\+\+|armclang\+\+)(-[\d.]+)?(\.exe)?$/.test(base);
}

export function languageOfPath(file: string): Language | undefined {
  if (isCxxFile(file)) return 'cpp';
  if (suffixOf(file) === '.c') return 'c';
  return undefined;
}

export function isSourceFile(file: string): boolean {
  return isCompiledSource(file);
}

function parseMacroArg(text: string): MacroOp {
  const eq = text.indexOf('=');
  if (eq < 0) return { op: 'define', name: text, value: '1' };
  return { op: 'define', name: text.slice(0, eq), value: text.slice(eq + 1) };
}

/** Flags that change the compiler's predefined macros or default include folders (asked of the compiler or looked up in a table); Clang's --target, armcc's and iccarm's --cpu, --fpu and language options among them. */
const TARGET_FLAG =
  /^-(m|std=|f(no-)?(short-enums|short-wchar|signed-char|unsigned-char|exceptions|rtti|pic|PIC|pie|PIE|freestanding|hosted|fast-math|finite-math-only|math-errno|stack-protector|openmp|sanitize=|cf-protection|exec-charset=|wide-exec-charset=|gnu89-inline|char8_t|single-precision-constant|rounding-math|signaling-nans|trapping-math|asynchronous-unwind-tables|unsafe-math-optimizations|signed-zeros|reciprocal-math|associative-math|cx-limited-range|cx-fortran-rules|threadsafe-statics|sized-deallocation|fp-contract=|excess-precision=|inline$)|O|g(gdb|dwarf|\d|$)|ansi|pthread|undef$|trigraphs$|-?specs=|-target=|-endian=|-(c89|c90|c99|cpp|cpp11|cpp14|c\+\+|ec\+\+|eec\+\+|gnu|strict|signed_chars|unsigned_chars|char_is_signed|char_is_unsigned|enum_is_int|bigend|littleend|exceptions|no_exceptions|rtti|no_rtti)$)/;

/** armcc's and iccarm's switches compiling any source as C++. */
const CXX_MODE = new Set(['--cpp', '--cpp11', '--cpp14', '--c++', '--ec++', '--eec++']);

/** What each flag whose value the index reads does with it (`abs` resolves a path against the command's directory). */
const READ_VALUE: Record<ReadFlag, (r: ParsedCompileArgs, v: string, abs: (p: string) => string) => void> = {
  '-I': (r, v, abs) => r.includeDirs.push(abs(v)),
  '-D': (r, v) => r.macroOps.push(parseMacroArg(v)),
  '-U': (r, v) => r.macroOps.push({ op: 'undef', name: v }),
  '-include': (r, v, abs) => r.includes.push(abs(v)),
  '-imacros': (r, v, abs) => r.imacros.push(abs(v)),
  '-iquote': (r, v, abs) => r.quoteDirs.push(abs(v)),
  '-isystem': (r, v, abs) => r.systemDirs.push(abs(v)),
  '-idirafter': (r, v, abs) => r.afterDirs.push(abs(v)),
  '-isysroot': (r, v, abs) => (r.sysroot = abs(v)),
  '--sysroot': (r, v, abs) => (r.sysroot = abs(v)),
  '-x': (r, v) => (r.explicitLanguage = v),
  // armcc's target, written `--cpu X` or `--cpu=X`: a target flag in the one spelling its table reads.
  '--cpu': (r, v) => r.targetFlags.push(`--cpu=${v}`),
  '--fpu': (r, v) => r.targetFlags.push(`--fpu=${v}`),
};

/**
 * Parse argv (compiler first). Relative paths resolve against `directory`.
 */
export function parseCompileArgs(argv: string[], directory: string, file?: string): ParsedCompileArgs {
  const abs = (p: string) => (path.isAbsolute(p) ? normalizePath(p) : resolvePath(directory, p));
  const r: ParsedCompileArgs = {
    compiler: argv[0] ?? 'cc',
    language: 'c',
    quoteDirs: [],
    includeDirs: [],
    systemDirs: [],
    afterDirs: [],
    macroOps: [],
    imacros: [],
    includes: [],
    targetFlags: [],
    noStdInc: false,
  };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    const taken = flagWithValue(argv, i);
    if (taken) {
      if (taken.use === 'read' && taken.value) READ_VALUE[taken.flag as ReadFlag](r, taken.value, abs);
      i = taken.last;
    } else if (a === '-nostdinc' || a === '-nostdinc++') {
      r.noStdInc = true;
    } else if (a === '-c' || a === '-E' || a === '-S') {
      continue;
    } else if (TARGET_FLAG.test(a) && !a.startsWith('-MD') && !a.startsWith('-MM') && a !== '-M' && !a.startsWith('-MF')) {
      r.targetFlags.push(a);
    } else if (!a.startsWith('-') && isSourceFile(a)) {
      r.source = abs(a);
    }
  }
  if (file && !r.source) r.source = abs(file);
  const explicit = r.explicitLanguage;
  if (explicit) r.language = /c\+\+/.test(explicit) ? 'cpp' : 'c';
  else if (languageOfPath(file ?? r.source ?? '') === 'cpp' || isCxxCompiler(r.compiler) || r.targetFlags.some((f) => CXX_MODE.has(f))) r.language = 'cpp';
  else r.language = 'c';
  return r;
}

/**
 * argv (compiler first) with what names the unit's own files left out: the source (an argument parseCompileArgs
 * takes for one) and the separate values of the flags naming its outputs (-o, -MF, -MT, -MQ, -MJ: see
 * compiler-value-flags.ts, whose table both read), as one string. Two command lines with the same form, run in the
 * same directory on sources of the same extension, parse alike but for `source`.
 */
export function commandWithoutOwnFiles(argv: string[]): string {
  const out: (string | null)[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const apart = i > 0 ? separateValue(argv, i) : undefined;
    if (apart && apart.at < argv.length) {
      for (; i < apart.at; i++) out.push(argv[i]);
      out.push(apart.use === 'output' ? null : argv[i]);
    } else out.push(i > 0 && !a.startsWith('-') && isSourceFile(a) ? null : a);
  }
  return JSON.stringify(out);
}
