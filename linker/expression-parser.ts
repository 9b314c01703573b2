// Parses ld expressions (ldgram.y's `exp`: precedence, unary ops, `?:`, function calls) into a tree and
// prints a tree back as normalized text. Evaluation lives in expression-evaluator.ts.
import { BINARY_PRECEDENCE, EXPR_FUNCTIONS, NAME_ARG_FUNCTIONS } from './keywords.js';
import type { ScriptLexer, Token } from './lexer.js';

export type Expr =
  | { kind: 'number'; raw: string; value: bigint }
  | { kind: 'name'; name: string; quoted: boolean }
  | { kind: 'unary'; op: string; arg: Expr }
  | { kind: 'binary'; op: string; left: Expr; right: Expr }
  | { kind: 'ternary'; cond: Expr; then: Expr; else: Expr }
  | { kind: 'paren'; inner: Expr }
  | { kind: 'call'; fn: string; args: Expr[] }
  | { kind: 'sizeof_headers' };

export class ScriptSyntaxError extends Error {
  constructor(message: string, readonly line: number) { super(message); }
}

function describe(t: Token): string {
  return t.kind === 'eof' ? 'end of file' : `\`${t.text}\``;
}

/** Parses one expression from the lexer (expression mode); stops before the first token that cannot continue it. */
export function parseExpression(lex: ScriptLexer): Expr {
  return parseTernary(lex);
}

function parseTernary(lex: ScriptLexer): Expr {
  const cond = parseBinary(lex, 1);
  const t = lex.peek('expr');
  if (t.kind === 'punct' && t.text === '?') {
    lex.next('expr');
    const a = parseTernary(lex);
    expectPunct(lex, ':', 'expr');
    const b = parseTernary(lex);
    return { kind: 'ternary', cond, then: a, else: b };
  }
  return cond;
}

function parseBinary(lex: ScriptLexer, minPrec: number): Expr {
  let left = parseUnary(lex);
  for (;;) {
    const t = lex.peek('expr');
    const prec = t.kind === 'punct' ? BINARY_PRECEDENCE[t.text] : undefined;
    if (prec === undefined || prec < minPrec) return left;
    lex.next('expr');
    const right = parseBinary(lex, prec + 1);
    left = { kind: 'binary', op: t.text, left, right };
  }
}

function parseUnary(lex: ScriptLexer): Expr {
  const t = lex.peek('expr');
  if (t.kind === 'punct' && (t.text === '-' || t.text === '!' || t.text === '~' || t.text === '+')) {
    lex.next('expr');
    return { kind: 'unary', op: t.text, arg: parseUnary(lex) };
  }
  return parsePrimary(lex);
}

function parsePrimary(lex: ScriptLexer): Expr {
  const t = lex.next('expr');
  if (t.kind === 'number') return { kind: 'number', raw: t.text, value: t.value ?? 0n };
  if (t.kind === 'punct' && t.text === '(') {
    const inner = parseExpression(lex);
    expectPunct(lex, ')', 'expr');
    return { kind: 'paren', inner };
  }
  if (t.kind === 'name') {
    if (!t.quoted && t.text === 'SIZEOF_HEADERS') return { kind: 'sizeof_headers' };
    const fn = !t.quoted ? EXPR_FUNCTIONS[t.text] : undefined;
    if (fn) {
      const open = lex.peek('expr');
      if (open.kind === 'punct' && open.text === '(') {
        lex.next('expr');
        const args: Expr[] = [];
        for (;;) {
          if (NAME_ARG_FUNCTIONS.has(t.text) || (t.text === 'SEGMENT_START' && args.length === 0) || (t.text === 'ASSERT' && args.length === 1)) {
            const n = lex.next('expr');
            if (n.kind !== 'name' && n.kind !== 'number') throw new ScriptSyntaxError(`\`${t.text}\` expects a name, found ${describe(n)}`, n.line);
            args.push({ kind: 'name', name: n.text, quoted: !!n.quoted });
          } else {
            args.push(parseExpression(lex));
          }
          const sep = lex.next('expr');
          if (sep.kind === 'punct' && sep.text === ')') break;
          if (sep.kind === 'punct' && sep.text === ',') continue;
          throw new ScriptSyntaxError(`expected \`,\` or \`)\` in \`${t.text}(...)\`, found ${describe(sep)}`, sep.line);
        }
        if (args.length < fn.min || args.length > fn.max) {
          throw new ScriptSyntaxError(`\`${t.text}\` takes ${fn.min === fn.max ? fn.min : `${fn.min} or ${fn.max}`} argument(s), found ${args.length}`, t.line);
        }
        return { kind: 'call', fn: t.text, args };
      }
    }
    return { kind: 'name', name: t.text, quoted: !!t.quoted };
  }
  throw new ScriptSyntaxError(`expected an expression, found ${describe(t)}`, t.line);
}

export function expectPunct(lex: ScriptLexer, p: string, mode: 'expr' | 'script' | 'wild'): Token {
  const t = lex.next(mode);
  if (t.kind !== 'punct' || t.text !== p) throw new ScriptSyntaxError(`expected \`${p}\`, found ${describe(t)}`, t.line);
  return t;
}

/** Normalized source text: single spaces around binary operators, parentheses kept as written. */
export function formatExpression(e: Expr): string {
  switch (e.kind) {
    case 'number': return e.raw;
    case 'name': return e.quoted ? `"${e.name}"` : e.name;
    case 'unary': return `${e.op}${formatExpression(e.arg)}`;
    case 'binary': return `${formatExpression(e.left)} ${e.op} ${formatExpression(e.right)}`;
    case 'ternary': return `${formatExpression(e.cond)} ? ${formatExpression(e.then)} : ${formatExpression(e.else)}`;
    case 'paren': return `(${formatExpression(e.inner)})`;
    case 'call': return `${e.fn}(${e.args.map(formatExpression).join(', ')})`;
    case 'sizeof_headers': return 'SIZEOF_HEADERS';
  }
}

/** Names of symbols an expression reads (not region/section names, not `.`). */
export function symbolNamesIn(e: Expr, out: Set<string> = new Set()): Set<string> {
  switch (e.kind) {
    case 'name': if (e.name !== '.') out.add(e.name); break;
    case 'unary': symbolNamesIn(e.arg, out); break;
    case 'binary': symbolNamesIn(e.left, out); symbolNamesIn(e.right, out); break;
    case 'ternary': symbolNamesIn(e.cond, out); symbolNamesIn(e.then, out); symbolNamesIn(e.else, out); break;
    case 'paren': symbolNamesIn(e.inner, out); break;
    case 'call':
      if (!NAME_ARG_FUNCTIONS.has(e.fn)) e.args.forEach((a, i) => { if (!(e.fn === 'SEGMENT_START' && i === 0) && !(e.fn === 'ASSERT' && i === 1)) symbolNamesIn(a, out); });
      break;
    default: break;
  }
  return out;
}
