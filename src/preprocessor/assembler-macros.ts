// Macros of the GNU assembler (`.macro name params` ... `.endm`) as a build's assembler files define them, and their
// invocations in an assembler file, with its repeat blocks (`.rept`, `.irp`, `.irpc`), expanded as the assembler does
// (assembler-expander.ts), so that the labels and symbol directives they write (the Pico SDK's `regular_func x` →
// `.global x; .type x,%function; .thumb_func; x:`, `l\@_1:`) are the file's symbols. Leaves out `.purgem` (a purged
// macro stays known), and the macros files the assembler file includes execute (`\@` counts the file's own).
import { sha1 } from '../model/sha1.js';
import { AsmExpander } from './assembler-expander.js';
import { blockEnd, MACRO_HEAD, repeatIterations, repeatOp, splitList, STATEMENT_HEAD, substitute, withoutComment } from './assembler-syntax.js';
import type { MacroInvocation } from './macro-invocations.js';
import { splicedText } from './spliced-text.js';

export interface AsmMacroParam {
  name: string;
  /** The value when the invocation gives none (`x=0`). */
  fallback: string;
  /** `name:vararg`: takes the rest of the arguments. */
  vararg: boolean;
}

export interface AsmMacro {
  name: string;
  params: AsmMacroParam[];
  /** The body's lines as written (comments left to the extractor). */
  body: string[];
}

/** A line holding a repeat block's head. */
const ANY_REPEAT = /^\s*\.(rept|irpc?)(?=\s|$)/im;

function parseParam(spec: string): AsmMacroParam {
  const [head, fallback = ''] = spec.split('=').map((s) => s.trim());
  const [name, qualifier = ''] = head.split(':');
  return { name, fallback, vararg: qualifier === 'vararg' };
}

/**
 * The `.macro` definitions of a (masked, C-expanded) assembler text, in order, those a top-level repeat block writes
 * too (Zephyr's ARC `.irp cc,,.hi,.nz` around `.macro MOVR\cc`); a definition without `.endm` is left out.
 */
export function readAsmMacros(text: string): AsmMacro[] {
  return macrosOf(text.split('\n'), 0);
}

function macrosOf(lines: readonly string[], depth: number): AsmMacro[] {
  const out: AsmMacro[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = MACRO_HEAD.exec(lines[i]);
    const op = head ? undefined : repeatOp(lines[i]);
    if (!head && (!op || depth > 3)) continue;
    const end = blockEnd(lines, i);
    if (end < 0) break;
    const body = lines.slice(i + 1, end);
    if (head) out.push({ name: head[1], params: splitList(head[2]).filter(Boolean).map(parseParam), body });
    else {
      const { param, values } = repeatIterations(op!, lines[i].replace(/^\s*\.\w+/, ''));
      // A definition written twice is an error to the assembler: a `.rept` body is read once.
      const bodies = param === null ? values.slice(0, 1).map(() => body) : values.map((v) => body.map((l) => substitute(l, new Map([[param, v]]), 0)));
      for (const b of bodies) out.push(...macrosOf(b, depth + 1));
    }
    i = end;
  }
  return out;
}

/** The lines of `text` (0-based) inside `.macro` ... `.endm`: the definitions, not invocations. */
function definitionLines(lines: readonly string[]): Set<number> {
  const inside = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    if (!MACRO_HEAD.test(lines[i])) continue;
    const end = blockEnd(lines, i);
    const close = end < 0 ? lines.length - 1 : end;
    for (let j = i; j <= close; j++) inside.add(j);
    i = close;
  }
  return inside;
}

/** A build's assembler macros by name (the last definition of a name wins), and their expansion. */
export class AsmMacroTable {
  private readonly byName = new Map<string, AsmMacro>();
  /** What the expansions depend on: keys the parse of the assembler files masked with this table. */
  readonly digest: string;

  constructor(macros: readonly AsmMacro[]) {
    for (const m of macros) this.byName.set(m.name, m);
    const sorted = [...this.byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
    this.digest = sorted.length ? sha1(JSON.stringify(sorted)) : '';
  }

  get size(): number {
    return this.byName.size;
  }

  /**
   * Invocations at the head of a statement outside macro definitions, and repeat blocks (from their head to their
   * `.endr`), in order, each expanded to its statements joined by ` ; `. `cExpanded` gives the file's C macro
   * invocations (all of them, constants too): the assembler reads the text with them expanded (`.rept NUM_IRQS`).
   */
  findInvocations(text: string, cExpanded?: () => readonly MacroInvocation[]): MacroInvocation[] {
    if (this.byName.size === 0 && !ANY_REPEAT.test(text)) return [];
    const lines = text.split('\n');
    let expandedLines: string[] | undefined;
    const read = () => (expandedLines ??= cExpanded ? splicedText(text, cExpanded()).split('\n') : lines);
    const skip = definitionLines(lines);
    const expander = new AsmExpander(this.byName);
    const out: MacroInvocation[] = [];
    const starts: number[] = [];
    let at = 0;
    for (const line of lines) {
      starts.push(at);
      at += line.length + 1;
    }
    for (let i = 0; i < lines.length; i++) {
      const m = skip.has(i) ? null : STATEMENT_HEAD.exec(lines[i]);
      const block = m ? repeatOp(lines[i]) : undefined;
      if (!m || (!block && !this.byName.has(m[2]))) continue;
      // The statement as the assembler reads it: the same head, C macros expanded.
      const src = read();
      const h = STATEMENT_HEAD.exec(src[i]);
      if (!h || h[2] !== m[2]) continue;
      const last = block ? blockEnd(lines, i) : i;
      if (last < 0) continue;
      const statements = block ? expander.repeat(src[i], src.slice(i + 1, last))?.statements : expander.invoke(this.byName.get(m[2])!, withoutComment(src[i]).slice(h[0].length));
      if (!statements) continue;
      const column = m[1].length;
      const end = starts[last] + withoutComment(lines[last]).replace(/\s+$/, '').length;
      out.push({ name: m[2], start: starts[i] + column, end, line: i + 1, column, objectLike: false, expansion: statements.join(' ; ') });
      i = last;
    }
    return out;
  }
}
