// Expands GNU assembler macro invocations and repeat blocks (`.rept`, `.irp`, `.irpc` ... `.endr`) of one file as the
// assembler reads them: nested invocations and blocks, `.exitm`, decided conditionals, and `\@`, which counts the
// macros executed so far in the file (an `.irp` body gets the count too, without adding to it).
import type { AsmMacro } from './assembler-macros.js';
import { AsmConditions } from './assembler-conditions.js';
import { blockEnd, MACRO_HEAD, repeatIterations, repeatOp, splitList, STATEMENT_HEAD, substitute, withoutComment } from './assembler-syntax.js';

/** Nested invocations and blocks expanded at most this deep, and at most this many statements per level. */
const MAX_DEPTH = 20;
const MAX_STATEMENTS = 4000;

/** The statements lines expand to, and whether an `.exitm` ended them. */
interface Read {
  statements: string[];
  exited: boolean;
}

/** One file's expansions, in the order the assembler meets them (which numbers `\@`). */
export class AsmExpander {
  /** Macros executed so far: the next invocation's `\@`. */
  private executed = 0;

  constructor(private readonly byName: ReadonlyMap<string, AsmMacro>) {}

  macro(name: string): AsmMacro | undefined {
    return this.byName.get(name);
  }

  /** The statements one invocation writes; undefined past the depth or size limits. */
  invoke(macro: AsmMacro, argText: string, depth = 0): string[] | undefined {
    const args = splitList(argText);
    const values = new Map<string, string>();
    macro.params.forEach((p, k) => {
      const given = p.vararg ? args.slice(k).join(', ') : args[k];
      values.set(p.name, given === undefined || given === '' ? p.fallback : given);
    });
    // The whole body is substituted before any of it is read: a nested invocation counts after this one.
    const lines = macro.body.map((line) => substitute(line, values, this.executed));
    this.executed++;
    return this.read(lines, depth + 1)?.statements;
  }

  /** The statements a repeat block writes (`head` its opening line, `body` the lines up to its `.endr`). */
  repeat(head: string, body: readonly string[], depth = 0): Read | undefined {
    const m = /^\s*\.(\w+)(.*)$/.exec(head);
    if (!m) return undefined;
    const { param, values } = repeatIterations(m[1].toLowerCase(), m[2]);
    const out: string[] = [];
    for (const value of values) {
      const lines = param === null ? body : body.map((line) => substitute(line, new Map([[param, value]]), this.executed));
      const r = this.read(lines, depth + 1);
      if (!r) return undefined;
      out.push(...r.statements);
      if (out.length > MAX_STATEMENTS) return undefined;
      // `.exitm` ends the block's whole expansion (the innermost thing being expanded), not just one iteration.
      if (r.exited) break;
    }
    return { statements: out, exited: false };
  }

  /** Expanded lines read as the assembler reads them: the statements they write. */
  private read(lines: readonly string[], depth: number): Read | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const out: string[] = [];
    const conditions = new AsmConditions();
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (conditions.directive(line) || !conditions.active) continue;
      const m = STATEMENT_HEAD.exec(line);
      const word = m?.[2].toLowerCase();
      if (word === '.exitm') return { statements: out, exited: true };
      const definition = MACRO_HEAD.test(line);
      if (definition || repeatOp(line)) {
        const end = blockEnd(lines, i);
        const close = end < 0 ? lines.length : end;
        // A definition inside an expansion writes nothing where it stands.
        if (!definition) {
          const r = this.repeat(line, lines.slice(i + 1, close), depth);
          if (!r) return undefined;
          out.push(...r.statements);
        }
        i = close;
      } else {
        const inner = m ? this.byName.get(m[2]) : undefined;
        if (m && inner) {
          const nested = this.invoke(inner, withoutComment(line).slice(m[0].length), depth);
          if (!nested) return undefined;
          out.push(...nested);
        } else if (line.trim()) out.push(line.trim());
      }
      if (out.length > MAX_STATEMENTS) return undefined;
    }
    return { statements: out, exited: false };
  }
}
