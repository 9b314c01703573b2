// The preprocessor's contract with the indexer: given a build's compile units, say which lines of which
// files the build compiles, and which macros it defines. The implementation lives beside this file.
import type { CompileUnit } from '../../adapters/contract.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Language } from '../model/compile-args.js';

export interface FileActivity {
  /** Absolute path. */
  file: string;
  /** Language of the units that read it (a header read by any C++ unit is C++). */
  language: Language;
  /**
   * activeLines[i] is true when line i+1 is compiled by at least one unit of the build.
   * Directive lines (#if, #define, ...) are never active code. Length = number of lines in the file.
   */
  activeLines: Uint8Array;
  /** Units (absolute source paths) that read this file. */
  readBy: string[];
  /**
   * Conditional decisions, merged over the units (present when decisions are recorded): lines of the
   * #if/#ifdef/#ifndef heads of groups evaluated in live code, and of the #if/#elif/#else heads whose branch
   * was taken. With activeLines they say which directive kept a line out of the build.
   */
  decisions?: { evaluated: Set<number>; taken: Set<number> };
}

export interface MacroRecord {
  name: string;
  /** Parameter list as written (`(x, y)`, `(fmt, ...)`), or null for an object-like macro. */
  params: string | null;
  /** Replacement text (continuations joined, comments removed). */
  value: string;
  functionLike: boolean;
  /** Absolute path, or `<command-line>` / `<built-in>`. */
  file: string;
  line: number;
  /**
   * Object-like: the integer the macro expands to when it expands to a constant expression. Function-like: the
   * replacement fully expanded (parameters kept as written) when it is a call of a function — an API wrapper
   * such as `xSemaphoreTake(x, t)` → `xQueueSemaphoreTake ( ( x ) , ( t ) )`. Else null.
   */
  expandedValue: string | null;
  /** The comment block right above the #define (kept for API wrappers only). */
  docstring?: string;
}

export interface ImplicitMacroSource {
  /** Compiler as named in the compile command. */
  compiler: string;
  targetFlags: string[];
  /** `compiler`: asked the real compiler (-dM -E). `table`: the built-in table for a known target. */
  source: 'compiler' | 'table';
  /** Name of the table entry used, when source is `table`. */
  table?: string;
  /** With a table: whether the compiler was on this machine (it then gave no answer for these flags). */
  compilerFound?: boolean;
}

export interface BuildPreprocessResult {
  files: Map<string, FileActivity>;
  /** Every #define reached in active code (last definition wins per name+file+line), plus -D macros. */
  macros: MacroRecord[];
  /** Per unit (absolute source path): every file it read, itself included. */
  unitFiles: Map<string, string[]>;
  implicitMacros: ImplicitMacroSource[];
  diagnostics: Diagnostic[];
  /** Time spent, in ms. */
  elapsedMs: number;
}

export interface PreprocessOptions {
  /** Read a file's text; defaults to fs.readFileSync(utf8). Returns undefined when it does not exist. */
  readFile?: (file: string) => string | undefined;
  /** Extra defines the build system states for every unit (mbed/PlatformIO derived builds). */
  extraDefines?: Record<string, string>;
  /** Ask real compilers for implicit macros when present (default true). */
  useRealCompiler?: boolean;
  /** Folder where compilers' answers (implicit macros, system include dirs) are cached between runs (optional). */
  compilerCacheDir?: string;
}

export type PreprocessBuild = (units: CompileUnit[], options?: PreprocessOptions) => BuildPreprocessResult;
