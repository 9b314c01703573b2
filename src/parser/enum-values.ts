// Computes the integer value of enum constants from their initializer syntax trees: literals, earlier
// constants, macros with known values, unary/binary/ternary operators. sizeof and casts to unknown types → null.
import type { FlatNode as Node } from './flat-tree.js';

/** Parses a C integer literal (`0x1F`, `010`, `0b11`, `42u`, `1'000` in C++), or null. */
export function parseIntegerLiteral(text: string): bigint | null {
  const sign = /^\s*-/.test(text) ? -1n : 1n;
  const t = text.replace(/^\s*[-+]\s*/, '').replace(/'/g, '').replace(/[uUlLzZ]+$/, '');
  const v = parseUnsigned(t);
  return v === null ? null : sign * v;
}

function parseUnsigned(t: string): bigint | null {
  try {
    if (/^0[xX][0-9a-fA-F]+$/.test(t)) return BigInt(t);
    if (/^0[bB][01]+$/.test(t)) return BigInt(t);
    if (/^0[0-7]*$/.test(t)) return t === '0' ? 0n : BigInt('0o' + t.slice(1));
    if (/^[1-9][0-9]*$/.test(t)) return BigInt(t);
  } catch {
    return null;
  }
  return null;
}

function charValue(text: string): bigint | null {
  const m = /^[LuU8]*'(.*)'$/s.exec(text);
  if (!m) return null;
  const body = m[1];
  if (body.length === 1) return BigInt(body.charCodeAt(0));
  const esc: Record<string, number> = { n: 10, t: 9, r: 13, '0': 0, '\\': 92, "'": 39, '"': 34, a: 7, b: 8, f: 12, v: 11 };
  if (body.length === 2 && body[0] === '\\' && body[1] in esc) return BigInt(esc[body[1]]);
  const hex = /^\\x([0-9a-fA-F]+)$/.exec(body);
  if (hex) return BigInt('0x' + hex[1]);
  const oct = /^\\([0-7]{1,3})$/.exec(body);
  if (oct) return BigInt('0o' + oct[1]);
  return null;
}

export type NameResolver = (name: string) => bigint | null;

export function evaluateConstant(node: Node | null, resolve: NameResolver): bigint | null {
  if (!node) return null;
  switch (node.type) {
    case 'number_literal':
      return parseIntegerLiteral(node.text);
    case 'char_literal':
      return charValue(node.text);
    case 'true':
      return 1n;
    case 'false':
      return 0n;
    case 'identifier':
    case 'qualified_identifier':
      return resolve(node.type === 'qualified_identifier' ? node.text.split('::').pop()! : node.text);
    case 'parenthesized_expression':
      return evaluateConstant(node.namedChildren[0] ?? null, resolve);
    case 'cast_expression':
      return evaluateConstant(node.childForFieldName('value'), resolve);
    case 'unary_expression': {
      const v = evaluateConstant(node.childForFieldName('argument'), resolve);
      if (v === null) return null;
      const op = node.childForFieldName('operator')?.text ?? node.child(0)?.text;
      if (op === '-') return -v;
      if (op === '+') return v;
      if (op === '~') return ~v;
      if (op === '!') return v === 0n ? 1n : 0n;
      return null;
    }
    case 'conditional_expression': {
      const c = evaluateConstant(node.childForFieldName('condition'), resolve);
      if (c === null) return null;
      return evaluateConstant(node.childForFieldName(c !== 0n ? 'consequence' : 'alternative'), resolve);
    }
    case 'binary_expression': {
      const a = evaluateConstant(node.childForFieldName('left'), resolve);
      const b = evaluateConstant(node.childForFieldName('right'), resolve);
      if (a === null || b === null) return null;
      const op = node.childForFieldName('operator')?.text;
      switch (op) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/': return b === 0n ? null : a / b;
        case '%': return b === 0n ? null : a % b;
        case '<<': return b < 0n || b > 63n ? null : a << b;
        case '>>': return b < 0n || b > 63n ? null : a >> b;
        case '&': return a & b;
        case '|': return a | b;
        case '^': return a ^ b;
        case '&&': return a !== 0n && b !== 0n ? 1n : 0n;
        case '||': return a !== 0n || b !== 0n ? 1n : 0n;
        case '==': return a === b ? 1n : 0n;
        case '!=': return a !== b ? 1n : 0n;
        case '<': return a < b ? 1n : 0n;
        case '>': return a > b ? 1n : 0n;
        case '<=': return a <= b ? 1n : 0n;
        case '>=': return a >= b ? 1n : 0n;
        default: return null;
      }
    }
    default:
      return null;
  }
}
