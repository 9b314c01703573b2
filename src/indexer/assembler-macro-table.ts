// The GNU assembler macros of a build (see assembler-macros.ts): the `.macro` definitions of its assembler files, read
// from their compiled lines as the compiler hands them to the assembler (C macros in them expanded with the build's
// table: the Pico SDK's `wrapper_func x` writes `regular_func WRAPPER_FUNC_NAME(\x)`), and an assembler file's
// invocations of them beside its C macro invocations.
import fs from 'node:fs';
import type { MergedFile } from '../preprocessor/merge-unit-results.js';
import { AsmMacroTable, readAsmMacros, type AsmMacro } from '../preprocessor/assembler-macros.js';
import { findInvocations, type BuildMacroTable, type MacroInvocation } from '../preprocessor/macro-invocations.js';
import { splicedText } from '../preprocessor/spliced-text.js';
import { isAssemblerPath } from '../parser/extract-asm.js';
import type { FileStates } from './file-states.js';

export interface AsmMacroSource {
  states: FileStates;
  /** The file's stored path (macro records name files so). */
  rel: (file: string) => string;
  /** The C macros a file is masked with. */
  tableFor: (rel: string, language: string) => BuildMacroTable | undefined;
  /** A file's compiled lines, the rest blanked. */
  mask: (buf: Buffer, ranges: number[]) => string;
}

/** The assembler macros the build's assembler files among `files` define (empty when none defines any). */
export function assemblerMacroTable(files: readonly MergedFile[], src: AsmMacroSource): AsmMacroTable {
  const macros: AsmMacro[] = [];
  for (const fa of files) {
    if (!isAssemblerPath(fa.file)) continue;
    let buf: Buffer;
    try {
      buf = src.states.keptBytes(fa.file)?.bytes ?? fs.readFileSync(fa.file);
    } catch {
      continue;
    }
    if (!buf.includes('.macro')) continue;
    const rel = src.rel(fa.file);
    const text = src.mask(buf, fa.ranges);
    const table = src.tableFor(rel, fa.language);
    macros.push(...readAsmMacros(table ? splicedText(text, findInvocations(text, rel, table, undefined, true, true).invocations) : text));
  }
  return new AsmMacroTable(macros);
}

/**
 * The C invocations of an assembler file with its invocations of the assembler's macros, in text order: a C
 * invocation inside an assembler one's span gives way (its arguments are taken as written).
 */
export function withAssemblerInvocations(c: readonly MacroInvocation[] | undefined, asm: readonly MacroInvocation[]): MacroInvocation[] | undefined {
  if (asm.length === 0) return c ? [...c] : undefined;
  const kept = (c ?? []).filter((i) => !asm.some((a) => i.start < a.end && a.start < i.end));
  return [...kept, ...asm].sort((x, y) => x.start - y.start);
}
