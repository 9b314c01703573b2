// Turns parsed script statements into values: --defsym first, then assignments in script order, and memory
// regions from the symbols' final values (ld evaluates MEMORY after the script's assignments, so a region may
// use a symbol assigned further down). The location counter is tracked only between SECTIONS-level `. = <known>`
// and the next output section; inside output sections it is unknown.
import type { Diagnostic } from '../src/model/diagnostic.js';
import { type EvalEnvironment, type EvalResult, evaluateExpression, toSafeNumber, U64 } from './expression-evaluator.js';
import { type Expr, ScriptSyntaxError, formatExpression, parseExpression } from './expression-parser.js';
import { ScriptLexer } from './lexer.js';
import type { ParsedScript } from './script-parser.js';
import type { LinkerSymbol, MemoryRegion } from './types.js';

export interface ScriptEvaluationOptions {
  defsyms?: Record<string, string>;
  constants?: { MAXPAGESIZE?: number; COMMONPAGESIZE?: number };
}

interface RegionValue { origin: bigint | null; length: bigint | null; originEval?: EvalResult; lengthEval?: EvalResult }

const COMMAND_LINE = '<command-line>';

/** Resolves a region name through REGION_ALIAS chains. */
function makeAliasResolver(parsed: ParsedScript): (name: string) => string {
  const aliases = new Map(parsed.aliases.map((a) => [a.alias, a.region]));
  return (name: string) => {
    let n = name;
    for (let i = 0; i < 16 && aliases.has(n); i++) n = aliases.get(n)!;
    return n;
  };
}

function applyCompound(op: string, prev: bigint | null | undefined, rhs: bigint | null): bigint | null {
  if (op === '=') return rhs;
  if (prev === null || prev === undefined || rhs === null) return null;
  switch (op) {
    case '+=': return (prev + rhs) & U64;
    case '-=': return (prev - rhs) & U64;
    case '*=': return (prev * rhs) & U64;
    case '/=': return rhs === 0n ? null : prev / rhs;
    case '<<=': return (prev << (rhs & 63n)) & U64;
    case '>>=': return prev >> (rhs & 63n);
    case '&=': return prev & rhs;
    case '|=': return prev | rhs;
    default: return null;
  }
}

/** What every stage of an evaluation reads: the parsed script, how region aliases resolve, the page constants. */
interface ScriptContext {
  parsed: ParsedScript;
  resolveAlias: (name: string) => string;
  constants: ScriptEvaluationOptions['constants'];
  defsyms: { name: string; expr: Expr }[];
}

/** Each assignment's value and evaluation, in script order, with the symbols' final values. */
interface AssignmentRun {
  symbols: Map<string, bigint | null>;
  perStatement: { value: bigint | null; eval: EvalResult }[];
}

export function evaluateScript(parsed: ParsedScript, options: ScriptEvaluationOptions, diagnostics: Diagnostic[]): {
  memory: MemoryRegion[]; symbols: LinkerSymbol[];
} {
  const ctx: ScriptContext = { parsed, resolveAlias: makeAliasResolver(parsed), constants: options.constants, defsyms: parseDefsyms(options.defsyms ?? {}, diagnostics) };
  const regions = settledRegions(ctx);
  const finalRun = runAssignments(ctx, regions);
  return { memory: memoryRecords(parsed, regions, diagnostics), symbols: symbolRecords(ctx, finalRun, diagnostics) };
}

/** --defsym values, parsed as the ld expressions they are; one that does not parse is left out with a warning. */
function parseDefsyms(given: Record<string, string>, diagnostics: Diagnostic[]): { name: string; expr: Expr }[] {
  const defsyms: { name: string; expr: Expr }[] = [];
  for (const [name, value] of Object.entries(given)) {
    const dl: Diagnostic[] = [];
    const lex = new ScriptLexer(value, COMMAND_LINE, dl);
    try {
      const expr = parseExpression(lex);
      if (lex.peek('expr').kind !== 'eof') throw new ScriptSyntaxError(`trailing text after the value`, 1);
      defsyms.push({ name, expr });
    } catch (err) {
      if (!(err instanceof ScriptSyntaxError)) throw err;
      diagnostics.push({ severity: 'warning', file: COMMAND_LINE, message: `--defsym ${name}=${value}: ${err.message}; ignored`, fix: 'give the value as an ld expression (e.g. 0x400)' });
    }
  }
  return defsyms;
}

/**
 * The regions' values with the symbols given. ld evaluates regions once, in declaration order: ORIGIN()/LENGTH()
 * of a region declared later (or of the region itself) reads a value not computed yet (origin 0, length ~0); we
 * report null instead of that number.
 */
function evaluateRegions(ctx: ScriptContext, symbols: Map<string, bigint | null>): Map<string, RegionValue> {
  const { parsed, resolveAlias, constants } = ctx;
  const values = new Map<string, RegionValue>();
  for (const decl of parsed.regions) {
    const env: EvalEnvironment = {
      symbol: (n) => symbols.get(n),
      region: (n) => {
        const target = resolveAlias(n);
        const done = values.get(target);
        if (done) return done;
        if (!parsed.regions.some((r) => r.name === target)) return undefined;
        return { origin: null, length: null, note: `region \`${n}\` is used before ld has evaluated it (declared later, or the region itself)` };
      },
      dot: null,
      constants,
    };
    const originEval = decl.origin ? evaluateExpression(decl.origin, env) : undefined;
    const lengthEval = decl.length ? evaluateExpression(decl.length, env) : undefined;
    values.set(decl.name, { origin: originEval?.value ?? null, length: lengthEval?.value ?? null, originEval, lengthEval });
  }
  return values;
}

/** The script's assignments run in order with the regions given: --defsym first, `.` tracked at SECTIONS level only. */
function runAssignments(ctx: ScriptContext, regions: Map<string, RegionValue>): AssignmentRun {
  const symbols = new Map<string, bigint | null>();
  const perStatement: AssignmentRun['perStatement'] = [];
  let dot: bigint | null = null;
  const env = (dotHere: bigint | null): EvalEnvironment => ({
    symbol: (n) => symbols.get(n),
    region: (n) => regions.get(ctx.resolveAlias(n)),
    dot: dotHere,
    constants: ctx.constants,
  });
  for (const d of ctx.defsyms) symbols.set(d.name, evaluateExpression(d.expr, env(null)).value);
  for (const st of ctx.parsed.statements) {
    if (st.kind !== 'assign') { dot = null; continue; }
    const dotHere = st.place === 'sections' ? dot : null;
    const r = evaluateExpression(st.expr, env(dotHere));
    if (st.name === '.') {
      const v = applyCompound(st.op, dotHere, r.value);
      if (st.place === 'sections') dot = v;
      perStatement.push({ value: v, eval: r });
      continue;
    }
    const v = applyCompound(st.op, symbols.get(st.name), r.value);
    // PROVIDE defines a symbol only when nothing else has
    if (!(st.provided && symbols.has(st.name))) symbols.set(st.name, v);
    perStatement.push({ value: st.provided && symbols.get(st.name) !== v ? symbols.get(st.name) ?? null : v, eval: r });
  }
  return { symbols, perStatement };
}

/**
 * Regions use the symbols' final values and symbols may use regions': both are evaluated in turn until the regions
 * no longer change (at most a few rounds; a value still changing after them is unknown).
 */
function settledRegions(ctx: ScriptContext): Map<string, RegionValue> {
  let regions = evaluateRegions(ctx, new Map(ctx.defsyms.map((d) => [d.name, null])));
  regions = evaluateRegions(ctx, runAssignments(ctx, regions).symbols);
  let stable = false;
  for (let i = 0; i < 4 && !stable; i++) {
    const next = evaluateRegions(ctx, runAssignments(ctx, regions).symbols);
    stable = [...next].every(([n, v]) => regions.get(n)?.origin === v.origin && regions.get(n)?.length === v.length);
    if (!stable && i === 3) {
      for (const [n, v] of next) {
        const old = regions.get(n);
        if (old?.origin !== v.origin) v.origin = null;
        if (old?.length !== v.length) v.length = null;
      }
    }
    regions = next;
  }
  return regions;
}

/** The MEMORY regions as records, with a warning for each value that cannot be evaluated or does not fit 2^53. */
function memoryRecords(parsed: ParsedScript, regions: Map<string, RegionValue>, diagnostics: Diagnostic[]): MemoryRegion[] {
  return parsed.regions.map((d) => {
    const v = regions.get(d.name)!;
    const region: MemoryRegion = {
      name: d.name, attributes: d.attributes,
      origin: d.origin ? formatExpression(d.origin) : '', length: d.length ? formatExpression(d.length) : '',
      origin_value: toSafeNumber(v.origin), length_value: toSafeNumber(v.length),
      file_path: d.file, line: d.line,
    };
    for (const [what, ev, raw, text] of [['ORIGIN', v.originEval, v.origin, region.origin], ['LENGTH', v.lengthEval, v.length, region.length]] as const) {
      if (raw !== null && toSafeNumber(raw) === null) {
        diagnostics.push({ severity: 'warning', file: d.file, line: d.line, message: `${what} of memory region \`${d.name}\` (\`${text}\`) is 0x${raw.toString(16)}, beyond 2^53; recorded as unknown`, fix: 'check the expression; firmware regions fit in 32 bits' });
      } else if (raw === null) {
        diagnostics.push({ severity: 'warning', file: d.file, line: d.line, message: `${what} of memory region \`${d.name}\` (\`${text}\`) cannot be evaluated: ${explain(ev)}`, fix: explainFix(ev) });
      }
    }
    return region;
  });
}

/** The script's symbol assignments as records, with a note for a top-level value that names unknown symbols. */
function symbolRecords(ctx: ScriptContext, finalRun: AssignmentRun, diagnostics: Diagnostic[]): LinkerSymbol[] {
  const { parsed } = ctx;
  const definedInScript = new Set([...ctx.defsyms.map((d) => d.name), ...parsed.statements.flatMap((s) => (s.kind === 'assign' ? [s.name] : []))]);
  const symbols: LinkerSymbol[] = [];
  let k = 0;
  for (const st of parsed.statements) {
    if (st.kind !== 'assign') continue;
    const res = finalRun.perStatement[k++]!;
    if (st.name === '.') continue;
    symbols.push({
      name: st.name, expression: formatExpression(st.expr), operator: st.op, value: toSafeNumber(res.value),
      file: st.file, line: st.line, provided: st.provided, hidden: st.hidden, section: st.section,
    });
    const missing = res.eval.undefinedSymbols.filter((n) => !definedInScript.has(n));
    if (st.place === 'top' && missing.length > 0) {
      diagnostics.push({ severity: 'info', file: st.file, line: st.line, message: `value of \`${st.name}\` is unknown: ${missing.map((n) => `\`${n}\``).join(', ')} not defined in the script or by --defsym`, fix: 'define it with --defsym or in the script if the link needs it' });
    }
    if (res.eval.undefinedRegions.length > 0) {
      diagnostics.push({ severity: 'error', file: st.file, line: st.line, message: `\`${st.name}\` names undefined memory region(s) ${res.eval.undefinedRegions.map((n) => `\`${n}\``).join(', ')}`, fix: 'declare the region in MEMORY or fix the name' });
    }
  }
  return symbols;
}

function explain(ev: EvalResult | undefined): string {
  if (!ev) return 'the expression could not be parsed';
  const parts: string[] = [];
  if (ev.undefinedSymbols.length) parts.push(`${ev.undefinedSymbols.map((n) => `\`${n}\``).join(', ')} not defined in the script or by --defsym`);
  if (ev.undefinedRegions.length) parts.push(`no memory region ${ev.undefinedRegions.map((n) => `\`${n}\``).join(', ')}`);
  parts.push(...ev.problems);
  return parts.length ? parts.join('; ') : 'it depends on the link (section addresses or sizes)';
}

function explainFix(ev: EvalResult | undefined): string {
  if (ev?.undefinedSymbols.length) return 'pass the symbol with --defsym (the build\'s link flags) or define it in the script';
  if (ev?.undefinedRegions.length) return 'declare the region in MEMORY before it is used, or fix the name';
  return 'write the region with constant expressions';
}
