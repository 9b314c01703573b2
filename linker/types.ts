// The model linker/ produces from GNU ld scripts and map files, and the options that steer it.
// Plain data only: no file handles, no database rows; every number is a JS number or null (never a guess).
import type { Diagnostic } from '../src/model/diagnostic.js';

export type { Diagnostic };

/** One MEMORY region as the script declares it. */
export interface MemoryRegion {
  name: string;
  /** Attribute letters as written between the parentheses (`rx`, `rw!x`), '' when none. */
  attributes: string;
  /** ORIGIN expression, normalized source text (`(0x0 + 0xc000)`, `ORIGIN(FLASH) + LENGTH(FLASH)`). */
  origin: string;
  /** LENGTH expression, normalized source text (`512K`). */
  length: string;
  /** Value of `origin`, or null when a name in it cannot be resolved (or it does not fit a safe integer). */
  origin_value: number | null;
  /** Value of `length`, or null when a name in it cannot be resolved. */
  length_value: number | null;
  /** Script file that declares the region (the INCLUDEd file when it comes from one). */
  file_path: string;
  /** 1-based line of the region's name. */
  line: number;
}

/** One symbol assignment (`x = e;`, `PROVIDE(x = e);`, `x += e;` ...). */
export interface LinkerSymbol {
  name: string;
  /** Right-hand side, normalized source text. */
  expression: string;
  /** Assignment operator as written: `=`, `+=`, `-=`, `*=`, `/=`, `<<=`, `>>=`, `&=`, `|=`. */
  operator: string;
  /** Value after this assignment, or null when it depends on `.`, a section address or an unknown name. */
  value: number | null;
  file: string;
  line: number;
  /** Defined through PROVIDE/PROVIDE_HIDDEN: an object file's definition wins over it. */
  provided: boolean;
  /** Defined through HIDDEN/PROVIDE_HIDDEN. */
  hidden: boolean;
  /** Output section the assignment sits in, or null for one outside output sections. */
  section: string | null;
}

/** One output section statement of SECTIONS (overlay members included). */
export interface OutputSection {
  name: string;
  /** Address expression before the colon, normalized, or null when absent. */
  address: string | null;
  /** Section type written in parentheses (`NOLOAD`, `COPY`, `INFO`, `DSECT`, `OVERLAY`, `READONLY`), or null. */
  type: string | null;
  /** `AT(expr)` load address expression, normalized, or null. */
  loadAddress: string | null;
  /** VMA region from `> REGION` (as written, alias names kept), or null. */
  region: string | null;
  /** LMA region from `AT> REGION`, or null. */
  loadRegion: string | null;
  /** Program headers from `:phdr`. */
  phdrs: string[];
  /** Fill expression from `=fill`, normalized, or null. */
  fill: string | null;
  file: string;
  line: number;
}

/** `REGION_ALIAS("alias", REGION)`. */
export interface RegionAlias {
  alias: string;
  region: string;
  file: string;
  line: number;
}

export interface IncludeResult {
  /** Path of the file that was read (used in diagnostics and `file` fields). */
  file: string;
  text: string;
}

/**
 * Reads the file an `INCLUDE name` names. `fromFile` is the script holding the INCLUDE;
 * `searchDirs` are the folders ld would search, in order: the including script's folder,
 * the `-L` paths of the options, then the script's `SEARCH_DIR`s. Return undefined when not found.
 * `createIncludeReader` builds one from a plain `readFile`.
 */
export type ReadInclude = (name: string, fromFile: string, searchDirs: string[]) => IncludeResult | undefined;

/** Runs the C preprocessor over a script (with the build's defines); line numbering must be kept. */
export type PreprocessScript = (text: string, file: string) => { text: string; diagnostics: Diagnostic[] };

export interface LinkerScriptOptions {
  /** Path of the script (used in diagnostics, `file` fields and to resolve INCLUDE). */
  file: string;
  /** `--defsym NAME=VALUE` pairs; values are ld expressions (`0x400`, `4K`, `OTHER + 4`). */
  defsyms?: Record<string, string>;
  /** `-L` folders, searched for INCLUDE after the script's own folder. */
  libraryPaths?: string[];
  readInclude?: ReadInclude;
  /** Called for scripts (and INCLUDEd files) that hold C preprocessor directives. */
  preprocess?: PreprocessScript;
  /**
   * Values of `CONSTANT(MAXPAGESIZE)` / `CONSTANT(COMMONPAGESIZE)`. They depend on how ld was
   * configured for the target, so without them these evaluate to null.
   */
  constants?: { MAXPAGESIZE?: number; COMMONPAGESIZE?: number };
}

export interface LinkerScriptResult {
  /** `ENTRY(sym)`; the last one wins, as in ld. */
  entry: string | null;
  entryLine: number | null;
  /** File of the ENTRY statement. */
  entryFile: string | null;
  memory: MemoryRegion[];
  symbols: LinkerSymbol[];
  sections: OutputSection[];
  regionAliases: RegionAlias[];
  outputFormat: string | null;
  outputArch: string | null;
  /** Every script file read, the main one first (INCLUDEs after). */
  files: string[];
  /** Files that were run through the preprocess callback. */
  preprocessedFiles: string[];
  diagnostics: Diagnostic[];
}

/** Map file: one row of the `Memory Configuration` table. */
export interface MapMemoryRegion {
  name: string;
  origin: number;
  length: number;
  attributes: string;
}

/** Map file: one output section placed by the link. */
export interface MapOutputSection {
  name: string;
  /** VMA. */
  address: number;
  size: number;
  /** LMA, when the map prints `load address` (it does when LMA differs from VMA). */
  loadAddress: number | null;
  /** Region holding the VMA, or null (non-allocated sections such as `.comment`, `.debug_*` are never placed). */
  region: string | null;
  /** Region holding the LMA when it differs from the VMA, else null. */
  loadRegion: string | null;
  /** False for sections the reader recognises as not allocated (debug info, comments, attributes). */
  allocated: boolean;
  line: number;
}

export interface MapFileOptions {
  /**
   * The parsed linker script of the same link. With it, usage follows the script's `> REGION` / `AT> REGION`
   * exactly as ld's --print-memory-usage does; without it, sections count by address (see map-reader.ts).
   */
  script?: Pick<LinkerScriptResult, 'sections' | 'regionAliases'>;
}

export interface MapFileResult {
  memory: MapMemoryRegion[];
  sections: MapOutputSection[];
  /** Bytes used per region, computed as ld's `--print-memory-usage` does (see map-reader.ts). */
  usage: Record<string, number>;
  diagnostics: Diagnostic[];
}

/** What a link command line says about the link. */
export interface LinkArgsInfo {
  /** Linker scripts in command-line order (`-T`, `--script`, `-Wl,-T,...`). */
  scripts: string[];
  /** `-L` folders in order. */
  libraryPaths: string[];
  /** `--defsym` pairs (last one wins per name). */
  defsyms: Record<string, string>;
  /** Map file requested with `-Map`, or null. */
  mapFile: string | null;
  /** Output of `-o`, or null. */
  output: string | null;
}
