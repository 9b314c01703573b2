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

/** The `.macro` definitions of one assembler file: [stored path, definitions in order]. */
export type AsmFileMacros = [string, AsmMacro[]];

/** The definitions of the assembler files among `files` that define any, in the order of `files`. */
export function assemblerFileMacros(files: readonly MergedFile[], src: AsmMacroSource): AsmFileMacros[] {
  const out: AsmFileMacros[] = [];
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
    const macros = readAsmMacros(table ? splicedText(text, findInvocations(text, rel, table, undefined, true, true).invocations) : text);
    if (macros.length) out.push([rel, macros]);
  }
  return out;
}

/**
 * The build's definitions after some of its assembler files were read again (`read`: their stored paths; `fresh`
 * what they define now): theirs replaced where they stood, dropped when they define none now, appended when new.
 */
export function withFileMacros(kept: readonly AsmFileMacros[], read: ReadonlySet<string>, fresh: readonly AsmFileMacros[]): AsmFileMacros[] {
  const now = new Map(fresh);
  const out: AsmFileMacros[] = [];
  for (const [rel, macros] of kept) {
    if (!read.has(rel)) out.push([rel, macros]);
    else if (now.has(rel)) {
      out.push([rel, now.get(rel)!]);
      now.delete(rel);
    }
  }
  out.push(...now);
  return out;
}

/** The build's assembler macros from its files' definitions (the last definition of a name wins). */
export function assemblerMacroTable(files: readonly AsmFileMacros[]): AsmMacroTable {
  return new AsmMacroTable(files);
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
