// The GNU assembler's conditionals (`.if` ... `.elseif` ... `.else` ... `.endif`) in the lines a file or a macro or
// repeat block expands to, decided when their operands are numbers, symbols set to numbers, or text (`.ifc`,
// `.ifeqs`), `.ifdef` where the reader knows the symbol's state; any other keeps all its branches.
import { evaluateExpression } from './if-expression.js';
import { lexLine } from './tokens.js';

const CONDITIONAL = /^\s*\.(if|ifeq|ifne|ifgt|ifge|iflt|ifle|ifb|ifnb|ifc|ifnc|ifeqs|ifnes|ifdef|ifndef|elseif|else|endif)\b\s*(.*)$/;
/** The operands of `.ifeqs`: two quoted strings. */
const TWO_STRINGS = /^"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"$/;

/** Whether a symbol is defined where a conditional tests it: undefined when not known. */
export type SymbolState = (name: string) => boolean | undefined;

/** The value of an assembler expression made of numbers, or undefined when it names a symbol or does not parse. */
export function asmValue(text: string): bigint | undefined {
  try {
    return evaluateExpression(lexLine(text, true), { valueMode: true }).v;
  } catch {
    return undefined;
  }
}

/** Whether a conditional's test holds: true, false, or undefined when it names a symbol (both branches are kept). */
function holds(op: string, operand: string, value: (text: string) => bigint | undefined, defined?: SymbolState): boolean | undefined {
  const text = operand.replace(/(\/\/|@).*$/, '').trim();
  if (op === 'ifeqs' || op === 'ifnes') {
    const m = TWO_STRINGS.exec(text);
    return m ? (m[1] === m[2]) === (op === 'ifeqs') : undefined;
  }
  if ((op === 'ifdef' || op === 'ifndef') && defined && /^[A-Za-z_.$][\w.$]*$/.test(text)) {
    const d = defined(text);
    return d === undefined ? undefined : d === (op === 'ifdef');
  }
  if (op === 'ifb') return text === '';
  if (op === 'ifnb') return text !== '';
  if (op === 'ifc' || op === 'ifnc') {
    const comma = text.indexOf(',');
    if (comma < 0) return undefined;
    const same = text.slice(0, comma).trim().replace(/^'|'$/g, '') === text.slice(comma + 1).trim().replace(/^'|'$/g, '');
    return op === 'ifc' ? same : !same;
  }
  if (op === 'ifdef' || op === 'ifndef' || !text) return undefined;
  const v = value(text);
  if (v === undefined) return undefined;
  switch (op) {
    case 'ifeq':
      return v === 0n;
    case 'ifgt':
      return v > 0n;
    case 'ifge':
      return v >= 0n;
    case 'iflt':
      return v < 0n;
    case 'ifle':
      return v <= 0n;
    default:
      return v !== 0n;
  }
}

/** The `.if` ... `.elseif` ... `.else` ... `.endif` nesting of expanded lines as they are read. */
export class AsmConditions {
  /** `value`: an expression's value (symbols set so far read as their numbers); `defined`: a symbol's state, if known. */
  constructor(
    private readonly value: (text: string) => bigint | undefined = asmValue,
    private readonly defined?: SymbolState,
  ) {}

  /**
   * Per open conditional: whether its current branch is read, whether a branch was already taken (undefined: not
   * known), and whether the branch is read for certain (it and the branches around it decided).
   */
  private stack: { reading: boolean; taken: boolean | undefined; outer: boolean; sure: boolean; outerSure: boolean }[] = [];

  get active(): boolean {
    const top = this.stack[this.stack.length - 1];
    return top ? top.reading : true;
  }

  /** Whether the lines now are read for certain (no conditional around them left undecided). */
  get certain(): boolean {
    const top = this.stack[this.stack.length - 1];
    return top ? top.sure : true;
  }

  /** Reads a conditional directive (true), or answers false for any other line. */
  directive(line: string): boolean {
    const m = CONDITIONAL.exec(line);
    if (!m) return false;
    const [, op, operand] = m;
    const top = this.stack[this.stack.length - 1];
    if (op === 'endif') this.stack.pop();
    else if (op === 'else') {
      if (top) {
        top.reading = top.outer && top.taken !== true;
        top.sure = top.outerSure && top.taken === false;
      }
    } else if (op === 'elseif') {
      if (top) {
        const h = top.taken === true ? false : holds('if', operand, this.value);
        top.reading = top.outer && h !== false;
        top.sure = top.outerSure && top.taken === false && h === true;
        if (h === true) top.taken = true;
        else if (h === undefined && top.taken === false) top.taken = undefined;
      }
    } else {
      const outer = this.active;
      const outerSure = this.certain;
      const h = holds(op, operand, this.value, this.defined);
      this.stack.push({ reading: outer && h !== false, taken: h === undefined ? undefined : h, outer, sure: outerSure && h === true, outerSure });
    }
    return true;
  }
}
