// Public API of linker/: GNU ld script → memory regions, entry, symbols, output sections; IAR ILINK .icf → regions
// and symbols; armlink scatter file → execution regions; ld map → placement and region usage; link command line →
// scripts, -L, --defsym, -Map. Pure: text in, model out (files only via callbacks).
//
// Numbers: ld on a 64-bit host computes in unsigned 64-bit (`/` and `%` signed); so do we, with BigInt.
// Values are reported as JS numbers when they are safe integers, else null with a diagnostic. A value that
// depends on the link (section addresses/sizes, `.` inside output sections, names only object files define)
// is null, never a guess. Assumption: DEFINED(x) is false unless --defsym or the script defines x before.
import type { Diagnostic } from '../src/model/diagnostic.js';
import { parseScriptStatements } from './script-parser.js';
import { evaluateScript } from './script-evaluator.js';
import type { LinkerScriptOptions, LinkerScriptResult } from './types.js';

export type * from './types.js';
export { parseMapFile } from './map-reader.js';
export { readLoadedObjects, type LoadedObjects } from './map-loaded-objects.js';
export { flattenLinkArgs, linkArgsInfo } from './link-args.js';
export { createIncludeReader, includeSearchDirs } from './include-reader.js';
export { needsPreprocessing } from './preprocess-detect.js';
export { readIcf, type IcfResult } from './icf-reader.js';
export { readScatter, scatterValue, type ScatterResult } from './scatter-reader.js';

/** Parses a GNU ld script (preprocessing it through `options.preprocess` when it holds cpp directives). */
export function parseLinkerScript(text: string, options: LinkerScriptOptions): LinkerScriptResult {
  const diagnostics: Diagnostic[] = [];
  const parsed = parseScriptStatements(text, options.file, {
    libraryPaths: options.libraryPaths, readInclude: options.readInclude, preprocess: options.preprocess,
  }, diagnostics);
  const { memory, symbols } = evaluateScript(parsed, { defsyms: options.defsyms, constants: options.constants }, diagnostics);
  return {
    entry: parsed.entry?.name ?? null,
    entryLine: parsed.entry?.line ?? null,
    entryFile: parsed.entry?.file ?? null,
    memory,
    symbols,
    sections: parsed.sections,
    regionAliases: parsed.aliases,
    outputFormat: parsed.outputFormat,
    outputArch: parsed.outputArch,
    files: parsed.files,
    preprocessedFiles: parsed.preprocessedFiles,
    diagnostics,
  };
}
