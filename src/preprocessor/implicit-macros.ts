// A compiler's implicit macros and system include dirs: asked once from the real compiler (`-dM -E -v`) when it
// exists, else taken from a built-in table (arm-none-eabi-gcc Cortex-M, host x86_64 GCC 12, generic), adjusted
// for -std/-O/-f flags. Cached per compiler + target flags + language (memory, optional disk dir).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { ExecFileException } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ImplicitMacroSource } from './api.js';
import { armTable } from './implicit-macro-tables-arm.js';
import { GCC12_CXX_STANDARD_DELTAS, type CxxStandard } from './implicit-macro-cxx-standards.js';
import {
  GCC12_CXX17_FEATURES,
  HOST_X86_64_GCC12_C,
  HOST_X86_64_GCC12_CXX_EXTRA,
  HOST_X86_64_GCC12_CXX_REMOVED,
} from './implicit-macro-tables-host.js';
import type { MacroDef } from './macro-definition.js';
import { keptParsedDefines } from './parsed-defines.js';
import { compilerIdentity } from '../model/compiler-binary.js';

export type QueryLanguage = 'c' | 'cpp' | 'asm';

export interface ImplicitMacros {
  source: ImplicitMacroSource;
  /** Definitions in the order the compiler lists them. */
  defines: MacroDef[];
  /** `#include <...>` dirs the compiler searches by default (empty for tables). */
  systemDirs: string[];
  /** `#include "..."` dirs the compiler adds by default (rare). */
  quoteDirs: string[];
  /** __GNUC__, 0 when not GCC-compatible. */
  gccMajor: number;
}

export interface ImplicitMacroOptions {
  /** Ask the real compiler when it exists (default true). */
  useRealCompiler?: boolean;
  /** Folder for an on-disk cache of compiler answers (JSON per compiler + flags + language). */
  cacheDir?: string;
  /** Force a table (`arm-none-eabi-gcc`, `host-gcc`, `generic`), for tests and the differential check. */
  forceTable?: 'arm-none-eabi-gcc' | 'host-gcc' | 'generic';
}

interface RawAnswer {
  defines: string;
  systemDirs: string[];
  quoteDirs: string[];
}

export { COMPILER_WRAPPERS, compilerIdentity } from '../model/compiler-binary.js';

// child_process (with net, dgram and streams behind it) loads only when a compiler is run: answers kept in the
// cache folder, the usual case of a re-index, need none.
const require = createRequire(import.meta.url);
const childProcess = () => require('node:child_process') as typeof import('node:child_process');

export class ImplicitMacroProvider {
  private memo = new Map<string, ImplicitMacros>();
  private present = new Map<string, boolean>();
  /** Compiler runs `prefetch` started (null: none needed) / their outcomes not yet taken by `get`, by key. */
  private started = new Map<string, Promise<void> | null>();
  private ran = new Map<string, RunOutcome>();
  constructor(private opts: ImplicitMacroOptions = {}) {}

  get(compiler: string, targetFlags: string[], lang: QueryLanguage, cwd: string, sysroot?: string): ImplicitMacros {
    const key = this.keyOf(compiler, targetFlags, lang, sysroot);
    const hit = this.memo.get(key);
    if (hit) return hit;
    let result: ImplicitMacros | undefined;
    if (this.opts.useRealCompiler !== false && !this.opts.forceTable) {
      const raw = this.askCompiler(compiler, targetFlags, lang, cwd, sysroot, key);
      if (raw) {
        const defines = keptParsedDefines(raw.defines, this.opts.cacheDir);
        result = {
          source: { compiler, targetFlags, source: 'compiler' },
          defines,
          systemDirs: raw.systemDirs,
          quoteDirs: raw.quoteDirs,
          gccMajor: gccMajorOf(defines),
        };
      }
    }
    if (!result) {
      const { name, text } = tableFor(compiler, targetFlags, lang, this.opts.forceTable);
      const defines = keptParsedDefines(text, this.opts.cacheDir);
      result = { source: { compiler, targetFlags, source: 'table', table: name }, defines, systemDirs: [], quoteDirs: [], gccMajor: gccMajorOf(defines) };
    }
    this.memo.set(key, result);
    return result;
  }

  /** True when `compiler` runs on this machine (`--version` answers). */
  exists(compiler: string, cwd: string): boolean {
    const k = `${cwd}\0${compiler}`;
    let p = this.present.get(k);
    if (p === undefined) {
      const r = childProcess().spawnSync(compiler, ['--version'], { cwd: runDir(cwd), encoding: 'utf8', timeout: 20000 });
      p = !r.error && r.status === 0;
      this.present.set(k, p);
    }
    return p;
  }

  /**
   * Starts asking the compiler in the background what `get` with the same arguments would ask it (nothing when
   * that is known or cached on disk), so that the caller works meanwhile; `get` then takes that answer instead
   * of running the compiler again. The promise settles when the compiler has answered (never rejects); none
   * when no compiler is run.
   */
  prefetch(compiler: string, targetFlags: string[], lang: QueryLanguage, cwd: string, sysroot?: string): Promise<void> | undefined {
    const key = this.keyOf(compiler, targetFlags, lang, sysroot);
    if (this.memo.has(key) || this.opts.useRealCompiler === false || this.opts.forceTable) return undefined;
    let started = this.started.get(key);
    if (started !== undefined) return started ?? undefined;
    const plan = this.planOf(compiler, targetFlags, lang, cwd, sysroot, key);
    if ((plan.diskFile && fs.existsSync(plan.diskFile)) || this.present.get(`${cwd}\0${compiler}`) === false) started = null;
    else {
      started = new Promise<void>((resolve) => {
        childProcess().execFile(compiler, plan.args, { cwd: runDir(cwd), encoding: 'utf8', timeout: 30000, maxBuffer: MAX_OUTPUT }, (err, stdout, stderr) => {
          this.ran.set(key, execOutcome(err, stdout, stderr));
          resolve();
        });
      });
    }
    this.started.set(key, started);
    return started ?? undefined;
  }

  private keyOf(compiler: string, targetFlags: string[], lang: QueryLanguage, sysroot: string | undefined): string {
    return JSON.stringify([compiler, targetFlags, lang, sysroot ?? '', this.opts.forceTable ?? '', this.opts.useRealCompiler !== false]);
  }

  /** The arguments that ask the compiler, and the cache file of its answer. */
  private planOf(compiler: string, flags: string[], lang: QueryLanguage, cwd: string, sysroot: string | undefined, key: string): { args: string[]; diskFile?: string } {
    // On disk the answer is keyed by the compiler binary too (path, size, mtime): an upgraded compiler is asked again.
    const binary = this.opts.cacheDir ? compilerIdentity(compiler, cwd) : null;
    const diskFile = binary ? path.join(this.opts.cacheDir!, `implicit-${createHash('sha1').update(key).update(binary).digest('hex')}.json`) : undefined;
    const x = lang === 'cpp' ? 'c++' : lang === 'asm' ? 'assembler-with-cpp' : 'c';
    // -dD (not -dM): line markers tell the compiler's own macros (<built-in>) from those of a pre-included
    // header such as glibc's stdc-predef.h, which every unit then reads for itself.
    return { args: [...flags, ...(sysroot ? [`--sysroot=${sysroot}`] : []), '-dD', '-E', '-v', '-x', x, '/dev/null'], diskFile };
  }

  private askCompiler(compiler: string, flags: string[], lang: QueryLanguage, cwd: string, sysroot: string | undefined, key: string): RawAnswer | undefined {
    const { args, diskFile } = this.planOf(compiler, flags, lang, cwd, sysroot, key);
    if (diskFile) {
      try {
        return JSON.parse(fs.readFileSync(diskFile, 'utf8')) as RawAnswer;
      } catch {
        // not cached yet
      }
    }
    // The compiler is asked directly (no `--version` first: a compiler that answers runs); one that could not
    // be started is not tried again for other flags. An answer `prefetch` got is taken as it came.
    const present = `${cwd}\0${compiler}`;
    if (this.present.get(present) === false) return undefined;
    const r = this.ran.get(key) ?? childProcess().spawnSync(compiler, args, { cwd: runDir(cwd), encoding: 'utf8', timeout: 30000, maxBuffer: MAX_OUTPUT });
    this.ran.delete(key);
    if (r.error) this.present.set(present, false);
    if (r.error || r.status !== 0) return undefined;
    const answer: RawAnswer = { defines: builtInDefines(r.stdout), ...parseSearchDirs(r.stderr) };
    if (diskFile) {
      try {
        fs.mkdirSync(path.dirname(diskFile), { recursive: true });
        fs.writeFileSync(diskFile, JSON.stringify(answer));
      } catch {
        // cache is optional
      }
    }
    return answer;
  }
}

/** Output the compiler may write when asked (its `-dD` listing). */
const MAX_OUTPUT = 16 * 1024 * 1024;

/** A compiler run as spawnSync reports it: `error` when it could not start, timed out or wrote too much. */
interface RunOutcome {
  error?: unknown;
  status: number | null;
  stdout: string;
  stderr: string;
}

/** execFile's result as spawnSync would report it (its error carries the exit code, or why the run failed). */
function execOutcome(err: ExecFileException | null, stdout: string, stderr: string): RunOutcome {
  const status = !err ? 0 : typeof err.code === 'number' ? err.code : null;
  return { error: !!err && (typeof err.code === 'string' || err.killed === true), status, stdout, stderr };
}

/**
 * Where to run the compiler: the unit's folder, or (when a compile database names a folder that is gone) the
 * current one; a missing cwd would make spawn fail as if the compiler were not installed.
 */
function runDir(cwd: string): string | undefined {
  return fs.existsSync(cwd) ? cwd : undefined;
}

/** `#define` lines of `-dD -E` output that belong to `<built-in>` / `<command-line>`. */
export function builtInDefines(output: string): string {
  const keep: string[] = [];
  let inBuiltin = true;
  for (const line of output.split(/\r?\n/)) {
    const m = /^# \d+ "(.*)"/.exec(line);
    if (m) inBuiltin = m[1] === '<built-in>' || m[1] === '<command-line>';
    else if (inBuiltin && line.startsWith('#define ')) keep.push(line);
  }
  return keep.join('\n');
}

/** Dirs listed by `-v` between "search starts here:" and "End of search list." */
export function parseSearchDirs(stderr: string): { systemDirs: string[]; quoteDirs: string[] } {
  const systemDirs: string[] = [];
  const quoteDirs: string[] = [];
  let target: string[] | undefined;
  for (const line of stderr.split(/\r?\n/)) {
    if (line.startsWith('#include "..." search starts here:')) target = quoteDirs;
    else if (line.startsWith('#include <...> search starts here:')) target = systemDirs;
    else if (line.startsWith('End of search list.')) target = undefined;
    else if (target && line.startsWith(' ')) target.push(path.normalize(line.trim().replace(/ \(framework directory\)$/, '')));
  }
  return { systemDirs, quoteDirs };
}

function gccMajorOf(defs: MacroDef[]): number {
  const g = defs.find((d) => d.name === '__GNUC__');
  return g ? Number.parseInt(g.valueText, 10) || 0 : 0;
}

export function tableKind(compiler: string): 'arm-none-eabi-gcc' | 'host-gcc' | 'generic' {
  const base = path.basename(compiler).replace(/\.exe$/i, '');
  if (/^arm-[\w-]*eabi[\w]*-(gcc|g\+\+|c\+\+|cc|cpp)(-[\d.]+)?$/.test(base)) return 'arm-none-eabi-gcc';
  if (/^((x86_64-(pc-)?linux-gnu-)?(gcc|g\+\+|cc|c\+\+))(-[\d.]+)?$/.test(base)) return 'host-gcc';
  return 'generic';
}

const GENERIC = `
#define __STDC__ 1
#define __STDC_HOSTED__ 1
#define __STDC_VERSION__ 201710L
#define __CHAR_BIT__ 8
#define __SIZEOF_INT__ 4
#define __SIZEOF_SHORT__ 2
#define __SIZEOF_LONG_LONG__ 8
#define __INT_MAX__ 0x7fffffff
#define __ORDER_LITTLE_ENDIAN__ 1234
#define __ORDER_BIG_ENDIAN__ 4321
#define __ORDER_PDP_ENDIAN__ 3412
#define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__
`;

/** The built-in table for a compiler, adjusted for the language and flags. */
export function tableFor(compiler: string, flags: string[], lang: QueryLanguage, force?: ImplicitMacroOptions['forceTable']): { name: string; text: string } {
  const kind = force ?? tableKind(compiler);
  const { name, text } = baseTable(kind, flags);
  const table = new TableLines(text);
  if (lang === 'cpp') adjustForCxx(table, kind);
  if (lang === 'asm') adjustForAssembler(table);
  // Only the last -std (or -ansi) counts, as for the compiler: build systems often add one after the user's.
  const lastStd = flags.reduce((last, f, i) => (isStandardFlag(f) ? i : last), -1);
  flags.forEach((f, i) => (!isStandardFlag(f) || i === lastStd) && adjustForFlag(table, f, lang));
  if (!flags.some((f) => f.startsWith('-O')) && table.gnu) table.set('__NO_INLINE__', '1');
  const body = [...table.map.values()].map((v) => `#define ${v}`).join('\n');
  return { name, text: body };
}

function baseTable(kind: ReturnType<typeof tableKind>, flags: string[]): { name: string; text: string } {
  if (kind === 'arm-none-eabi-gcc') return armTable(flags);
  if (kind === 'host-gcc') return { name: 'x86_64-linux-gnu-gcc-12', text: HOST_X86_64_GCC12_C };
  return { name: 'generic', text: GENERIC };
}

/** A table's `#define` lines by name (`NAME value`, or `NAME ` for an empty one), changed name by name. */
class TableLines {
  readonly map = new Map<string, string>();
  /** Whether the compiler is GCC-compatible (defines __GNUC__). */
  readonly gnu: boolean;

  constructor(text: string) {
    for (const line of text.split('\n')) {
      const m = /^#define\s+([A-Za-z_]\w*)(.*)$/.exec(line);
      if (m) this.map.set(m[1], m[2].trim() ? m[1] + m[2] : m[1] + ' ');
    }
    this.gnu = this.map.has('__GNUC__');
  }

  set(n: string, v: string): void {
    this.map.set(n, `${n} ${v}`);
  }

  del(...names: string[]): void {
    for (const n of names) this.map.delete(n);
  }

  /** Sets each `#define NAME value` line of `lines`. */
  setLines(lines: string): void {
    for (const line of lines.split('\n')) {
      const m = /^#define\s+(\S+)\s+(.*)$/.exec(line);
      if (m) this.set(m[1], m[2]);
    }
  }
}

/** The macros a C++ compile adds to (or takes from) the C table. */
function adjustForCxx(table: TableLines, kind: ReturnType<typeof tableKind>): void {
  table.del('__STDC_VERSION__');
  table.set('__cplusplus', '201703L');
  if (table.gnu) {
    const major = (table.map.get('__GNUC__') ?? '__GNUC__ 12').split(' ')[1];
    table.set('__GNUG__', major);
    table.set('__GXX_WEAK__', '1');
    table.set('__DEPRECATED', '1');
    table.set('__GXX_RTTI', '1');
    table.set('__EXCEPTIONS', '1');
    table.set('__GXX_EXPERIMENTAL_CXX0X__', '1');
    table.set('__STDCPP_DEFAULT_NEW_ALIGNMENT__', kind === 'host-gcc' ? '16' : '8');
    table.setLines(GCC12_CXX17_FEATURES);
  }
  if (kind === 'host-gcc') {
    for (const n of HOST_X86_64_GCC12_CXX_REMOVED) if (n !== '__STDC_VERSION__') table.del(n);
    table.setLines(HOST_X86_64_GCC12_CXX_EXTRA);
  }
  if (kind === 'arm-none-eabi-gcc') adjustArmForCxx(table);
}

/**
 * What arm-none-eabi-gcc's C++ adds to its C table: wchar_t is a distinct unsigned type, `double` limits are written
 * as functional casts, and `_Float16` arithmetic leaves C++'s evaluation method at 0.
 */
function adjustArmForCxx(table: TableLines): void {
  table.set('__WCHAR_UNSIGNED__', '1');
  table.set('__FLT_EVAL_METHOD__', '0');
  for (const [name, line] of table.map) {
    const m = /^\S+ \(\(double\)(.*)\)$/.exec(line);
    if (m && name.startsWith('__DBL_')) table.set(name, `double(${m[1]})`);
  }
}

/** `-x assembler-with-cpp`: GCC names the assembler and leaves out what only C's preprocessing defines. */
function adjustForAssembler(table: TableLines): void {
  table.set('__ASSEMBLER__', '1');
  if (table.gnu) table.del('__STDC_VERSION__', '__STDC_UTF_16__', '__STDC_UTF_32__');
}

const isStandardFlag = (f: string): boolean => f.startsWith('-std=') || f === '-ansi';

/** What one compiler flag changes in the table (-std, -O, char signedness, enums, exceptions, RTTI, PIC/PIE). */
function adjustForFlag(table: TableLines, f: string, lang: QueryLanguage): void {
  let m: RegExpExecArray | null;
  if ((m = /^-std=(.*)$/.exec(f)) || f === '-ansi') adjustForStandard(table, m ? m[1] : lang === 'cpp' ? 'c++98' : 'c90', lang);
  else if ((m = /^-O(.*)$/.exec(f))) {
    const level = m[1];
    table.del('__OPTIMIZE__', '__OPTIMIZE_SIZE__', '__NO_INLINE__');
    if (level === '0') table.set('__NO_INLINE__', '1');
    else {
      table.set('__OPTIMIZE__', '1');
      if (level === 's' || level === 'z') table.set('__OPTIMIZE_SIZE__', '1');
      if (level === 'g') table.set('__NO_INLINE__', '1');
    }
  } else if (f === '-ffreestanding') table.set('__STDC_HOSTED__', '0');
  else if (f === '-funsigned-char') table.set('__CHAR_UNSIGNED__', '1');
  else if (f === '-fsigned-char') table.del('__CHAR_UNSIGNED__');
  else if (f === '-fshort-enums' && table.map.has('__ARM_SIZEOF_MINIMAL_ENUM')) table.set('__ARM_SIZEOF_MINIMAL_ENUM', '1');
  else if (f === '-fno-short-enums' && table.map.has('__ARM_SIZEOF_MINIMAL_ENUM')) table.set('__ARM_SIZEOF_MINIMAL_ENUM', '4');
  else if (f === '-fno-exceptions') table.del('__EXCEPTIONS', '__cpp_exceptions');
  else if (f === '-fno-rtti') table.del('__GXX_RTTI', '__cpp_rtti');
  else if (f === '-fno-pie' || f === '-fno-PIE') table.del('__pie__', '__PIE__');
  else if (f === '-fno-pic' || f === '-fno-PIC') table.del('__pie__', '__PIE__', '__pic__', '__PIC__');
  else if ((f === '-fpic' || f === '-fPIC') && table.gnu) {
    table.set('__pic__', f === '-fpic' ? '1' : '2');
    table.set('__PIC__', f === '-fpic' ? '1' : '2');
  }
}

const CXX_STANDARDS: Record<string, [cplusplus: string, delta: CxxStandard | null]> = {
  '98': ['199711L', '98'], '03': ['199711L', '98'], '11': ['201103L', '11'], '0x': ['201103L', '11'], '14': ['201402L', '14'], '1y': ['201402L', '14'],
  '17': ['201703L', null], '1z': ['201703L', null], '20': ['202002L', '20'], '2a': ['202002L', '20'], '23': ['202100L', '23'], '2b': ['202100L', '23'],
};
const C_STANDARDS: Record<string, string | null> = { '89': null, '90': null, '99': '199901L', '9x': '199901L', '11': '201112L', '1x': '201112L', '17': '201710L', '18': '201710L', '2x': '202000L', '23': '202000L', 'iso9899:199409': '199409L' };
/** Names outside the implementation's namespace that GCC leaves undefined in a strict (non-GNU) mode. */
const GNU_ONLY_NAMES = ['linux', 'unix', 'i386', '__GLIBCXX_TYPE_INT_N_0', '__GLIBCXX_BITSIZE_INT_N_0'];

/** `-std=` (or `-ansi`): strictness, the language version macro and what GCC ties to that version. */
function adjustForStandard(table: TableLines, std: string, lang: QueryLanguage): void {
  const strict = !/^gnu/.test(std);
  if (strict) table.set('__STRICT_ANSI__', '1');
  else table.del('__STRICT_ANSI__');
  if (strict && table.gnu) table.del(...GNU_ONLY_NAMES);
  if (lang === 'cpp') adjustForCxxStandard(table, std);
  else adjustForCStandard(table, std, strict);
}

/** A C++ standard's `__cplusplus` and, for GCC, its feature-test macros and inline semantics. */
function adjustForCxxStandard(table: TableLines, std: string): void {
  const k = /\+\+(\w+)$/.exec(std)?.[1];
  const known = k ? CXX_STANDARDS[k] : undefined;
  if (!known) return;
  table.set('__cplusplus', known[0]);
  const delta = known[1] && table.gnu ? GCC12_CXX_STANDARD_DELTAS[known[1]] : undefined;
  if (!delta) return;
  table.del(...delta.del);
  table.setLines(delta.set);
}

/** A C standard's `__STDC_VERSION__`; before C99 GCC's inline is GNU's, and char16_t/char32_t literals come with C11 or gnu99. */
function adjustForCStandard(table: TableLines, std: string, strict: boolean): void {
  const k = std === 'iso9899:199409' ? std : /(\w\w)$/.exec(std)?.[1];
  if (!k || !(k in C_STANDARDS)) return;
  const v = C_STANDARDS[k];
  if (v) table.set('__STDC_VERSION__', v);
  else table.del('__STDC_VERSION__');
  if (!table.gnu) return;
  const beforeC99 = v === null || v === '199409L';
  if (beforeC99) {
    table.del('__GNUC_STDC_INLINE__');
    table.set('__GNUC_GNU_INLINE__', '1');
  }
  if (beforeC99 || (strict && v === '199901L')) table.del('__STDC_UTF_16__', '__STDC_UTF_32__');
}
