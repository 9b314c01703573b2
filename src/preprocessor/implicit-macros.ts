// A compiler's implicit macros and system include dirs: asked once from the real compiler (`-dM -E -v`) when it
// exists and answers, else taken from a built-in table (implicit-macro-table.ts: arm-none-eabi-gcc, host x86_64 gcc,
// avr-gcc, other GCC cross compilers, generic) adjusted for the language and flags. Cached per compiler + target flags + language
// (memory, optional disk dir).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { ExecFileException } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ImplicitMacroSource } from './api.js';
import { tableFor, type QueryLanguage, type TableKind } from './implicit-macro-table.js';
import type { MacroDef } from './macro-definition.js';
import { keptParsedDefines } from './parsed-defines.js';
import { compilerIdentity } from '../model/compiler-binary.js';

export { tableFor, tableKind, type QueryLanguage } from './implicit-macro-table.js';

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
  forceTable?: TableKind;
  /** How long a compiler is given to answer (default 30 s; tests shorten it). */
  queryTimeoutMs?: number;
}

/** A compiler that gives no answer in this time is taken as not answering, for these flags only. */
const QUERY_TIMEOUT_MS = 30000;

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
      const asked = this.opts.useRealCompiler !== false && !this.opts.forceTable;
      const source: ImplicitMacroSource = { compiler, targetFlags, source: 'table', table: name, ...(asked ? { compilerFound: compilerIdentity(compiler, cwd) !== null } : {}) };
      result = { source, defines, systemDirs: [], quoteDirs: [], gccMajor: gccMajorOf(defines) };
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
        childProcess().execFile(compiler, plan.args, { cwd: runDir(cwd), encoding: 'utf8', timeout: this.timeoutMs, maxBuffer: MAX_OUTPUT }, (err, stdout, stderr) => {
          this.ran.set(key, execOutcome(err, stdout, stderr));
          resolve();
        });
      });
    }
    this.started.set(key, started);
    return started ?? undefined;
  }

  private get timeoutMs(): number {
    return this.opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS;
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
    const r = this.ran.get(key) ?? childProcess().spawnSync(compiler, args, { cwd: runDir(cwd), encoding: 'utf8', timeout: this.timeoutMs, maxBuffer: MAX_OUTPUT });
    this.ran.delete(key);
    // Only a compiler that could not be started is taken as missing for its other flags; one that was slow or
    // wrote too much fails these flags alone.
    if (r.error && notStarted(r.error)) this.present.set(present, false);
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
  return { error: err && (typeof err.code === 'string' || err.killed === true) ? err : undefined, status, stdout, stderr };
}

/** True for the error of a compiler that could not be started (missing, not executable), not of one that ran. */
function notStarted(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EACCES' || code === 'ENOTDIR' || code === 'ENOEXEC';
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
