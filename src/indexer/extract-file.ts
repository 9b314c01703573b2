// One file's extraction as the indexer stores it: symbols from the masked text, call rows and macro-made
// symbols from the macro-expanded text (a macro-made symbol replaces the one the parser read from the
// unexpanded invocation), assembler files read by the assembler extractor. Leaves out writing anything.
import { createHash } from 'node:crypto';
import type { ExtractedSymbol, FileExtraction } from '../model/symbol.js';
import { extractAsm, isAssemblerPath } from '../parser/extract-asm.js';
import { extractCalls } from '../parser/extract-calls.js';
import { extractSymbols, type ExtractOptions } from '../parser/extract-symbols.js';
import type { MacroInvocation } from '../preprocessor/macro-invocations.js';

export interface FileExtractOptions extends ExtractOptions {
  /** The file as read. */
  fileText: string;
  invocations?: readonly MacroInvocation[];
}

/** What the parse of a file depends on besides its parse text: the expansions substituted into it. */
export function invocationsDigest(invocations: readonly MacroInvocation[] | undefined): string {
  if (!invocations?.length) return '';
  const h = createHash('sha1');
  for (const i of invocations) h.update(`${i.start}\0${i.end}\0${i.expansion}\n`);
  return h.digest('hex');
}

export function extractFile(parseText: string, options: FileExtractOptions): FileExtraction {
  if (isAssemblerPath(options.relPath)) return extractAsm(parseText, options.relPath);
  const ex = extractSymbols(parseText, options);
  const calls = extractCalls(parseText, { relPath: options.relPath, language: options.language, fileText: options.fileText, invocations: options.invocations });
  return { ...ex, symbols: mergeMacroSymbols(ex.symbols, calls.symbols), references: calls.references };
}

/**
 * Add macro-made symbols. The parser's reading of the unexpanded invocation (`portTASK_FUNCTION(prvIdleTask, p)`
 * read as a function `portTASK_FUNCTION`, or as `prvIdleTask` after a storage class, `xPortPendSVHandler` for
 * `PendSV_Handler`, a declaration of the same name without its macro-written attributes) gives way to them.
 */
export function mergeMacroSymbols(symbols: ExtractedSymbol[], made: ExtractedSymbol[]): ExtractedSymbol[] {
  if (!made.length) return symbols;
  const replaced = (s: ExtractedSymbol) =>
    made.some(
      (m) =>
        (m.viaMacro === s.name || m.alias === s.name || (s.name === '' && m.line === s.line) || (m.name === s.name && m.kind === s.kind)) &&
        s.line <= m.line &&
        m.line <= s.endLine,
    );
  return [...symbols.filter((s) => !replaced(s)), ...made];
}
