// Expands one macro invocation where it is written (`__LINE__` and `__COUNTER__` answered there) and writes the
// expansion as C text when it is worth recording. Bounded: past MAX_EXPANSION_TOKENS, or failing, it is left out
// with a diagnostic.
import type { Diagnostic } from '../model/diagnostic.js';
import { ownString } from '../model/own-strings.js';
import type { Follows } from './code-scan.js';
import { builtinMacro } from './macro-definition.js';
import { expandTokens } from './macro-expander.js';
import type { MacroInvocation } from './macro-invocations.js';
import type { LookupAt } from './macro-lookup.js';
import { namesCalledInArguments, worthRecording, worthRecordingInAssembler } from './recorded-expansions.js';
import { lexLine, mkTok, type Token } from './tokens.js';

export const MAX_EXPANSION_TOKENS = 20000;

/** `()` and `[]` stay together: tree-sitter-cpp reads `operator()` and `operator[]` only so. */
const closes = (prev: Token, t: Token) => (prev.v === '(' && t.v === ')') || (prev.v === '[' && t.v === ']');

/** Tokens as C text: a space wherever two tokens would otherwise run together. */
export function joinTokens(toks: readonly Token[]): string {
  // Joined, not appended: an appended string is a chain of two pieces per token, which a file's recorded
  // invocations keep until its parse (LVGL: 211 000 pieces, 6.5 MB when parsing starts).
  const parts: string[] = [];
  let prev: Token | undefined;
  for (const t of toks) {
    if (t.k === 'placemarker') continue;
    if (prev && (t.sp || (/[\w$]$/.test(prev.v) && /^[\w$]/.test(t.v)) || (prev.k === 'punct' && t.k === 'punct' && !closes(prev, t)))) parts.push(' ');
    parts.push(t.v);
    prev = t;
  }
  // A lone part may be a slice of a larger text: join would answer it as it is.
  return parts.length === 1 ? ownString(parts[0]) : parts.join('');
}

/**
 * `toks` without its `_Pragma ( ... )` operators: the compiler carries them out and they leave no token (Zephyr's
 * LOG_* expansions hold `_Pragma("GCC diagnostic push")`, which the parser would read as a call without `;`).
 */
function withoutPragmaOperators(toks: readonly Token[]): readonly Token[] {
  if (!toks.some((t) => t.k === 'ident' && t.v === '_Pragma')) return toks;
  const out: Token[] = [];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k];
    if (t.k === 'ident' && t.v === '_Pragma' && toks[k + 1]?.v === '(') {
      let depth = 0;
      let end = k + 1;
      for (; end < toks.length; end++) {
        if (toks[end].v === '(') depth++;
        else if (toks[end].v === ')' && --depth === 0) break;
      }
      if (end < toks.length) {
        k = end;
        continue;
      }
    }
    out.push(t);
  }
  return out;
}

const USE_SITE_BUILTINS = new Map([
  ['__LINE__', builtinMacro('__LINE__', 'line')],
  ['__COUNTER__', builtinMacro('__COUNTER__', 'counter')],
]);

/**
 * The values `__COUNTER__` takes in a file's invocations: the value at the line (`counterAt`; Zephyr's SYS_INIT names
 * its entry `__init_sys_init_f3` after three uses) and the uses on the line so far; without `counterAt`, the uses so far.
 */
export class CounterUses {
  private uses = 0;
  private line = 0;
  constructor(private readonly counterAt: ((line: number) => number) | undefined) {}

  next(line: number): number {
    if (this.counterAt === undefined) return this.uses++;
    if (line !== this.line) {
      this.line = line;
      this.uses = 0;
    }
    return this.counterAt(line) + this.uses++;
  }
}

/**
 * Expands one invocation; `follows`: what the code after it starts with (see Follows). `__LINE__` answers the line of the macro's name (as GCC's does for a use spanning lines),
 * `__COUNTER__` its value there (see CounterUses).
 */
export function expandAt(inv: MacroInvocation, source: string, follows: Follows, file: string, lookup: LookupAt, diagnostics: Diagnostic[], assembler: boolean, counter: CounterUses, all = false): string | undefined {
  let error: string | undefined;
  const toks = expandTokens(lexLine(source, assembler), {
    env: new Map(),
    mode: 'text',
    strictIso: undefined,
    assembler,
    builtin: (def, tok) => [mkTok('number', String(def.builtin === 'counter' ? counter.next(inv.line) : inv.line), tok.sp)],
    error: (m) => (error ??= m),
    lookup: (name) => lookup(name, inv.line) ?? USE_SITE_BUILTINS.get(name),
  });
  const note = (message: string) => {
    if (diagnostics.length < 20) diagnostics.push({ severity: 'info', file, line: inv.line, message });
  };
  if (error) {
    note(`macro ${inv.name}: ${error}; calls its expansion writes here are not indexed`);
    return undefined;
  }
  if (toks.length > MAX_EXPANSION_TOKENS) {
    note(`expansion of macro ${inv.name} is ${toks.length} tokens, over the limit of ${MAX_EXPANSION_TOKENS}; calls it writes here are not indexed`);
    return undefined;
  }
  const recorded = all || (assembler ? worthRecordingInAssembler(toks) : worthRecording(toks, inv.objectLike, follows) || dropsCalls(inv, source, lookup));
  return recorded ? joinTokens(withoutPragmaOperators(toks)) : undefined;
}

/**
 * A function-like macro's use whose expansion calls nothing (see worthRecording) while its written arguments call a
 * name that is no macro there: the expansion dropped a function call (`assert_param(f(x))` → `((void)0U)`), and is
 * recorded so that the parse reads no call. Calls of macros in the arguments are left to the call graph (a
 * function-like macro's use is no call there).
 */
function dropsCalls(inv: MacroInvocation, source: string, lookup: LookupAt): boolean {
  return !inv.objectLike && namesCalledInArguments(source).some((name) => !lookup(name, inv.line));
}
