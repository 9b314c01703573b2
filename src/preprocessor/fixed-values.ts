// Values of definitions that consult no macro (no replacement worth a value, or literals and operators only), worked
// out once per distinct parameter list and replacement: a device header's #defines are valued again by
// every unit that makes a view of it, and their few thousand distinct replacements (`(0x1UL << (31U))`) repeat.
import { endsInParameterCall, mayWrapCall } from '../model/api-wrapper.js';
import { ownString } from '../model/own-strings.js';
import { WeighedCache } from '../model/weighed-cache.js';
import { evaluateExpression } from './if-expression.js';
import type { MacroDef } from './macro-definition.js';
import type { Token } from './tokens.js';

/**
 * Definitions by their parameters and replacement (single-spaced, see MacroDef.valueText: equal texts lex to equal
 * tokens) with their value, or false when other macros decide it. Bounded by count and characters: cleared when full.
 */
const byReplacement = new WeighedCache<string, string | null | false>(4_000_000, (_, text) => text.length, 1 << 15);

/**
 * The same per definition object (definitions are shared by the units that reach them, ~4 million lookups in 22
 * PlatformIO envs): found without cutting and hashing its replacement's text again. Weak, so that a dropped header's
 * definitions go; started again past MAX_BY_DEFINITION entries.
 */
let byDefinition = new WeakMap<MacroDef, string | null | false>();
let definitions = 0;
const MAX_BY_DEFINITION = 1 << 18;

/**
 * The value (see macroValue in unit-result.ts) of `def` when no macro decides it: null when it has none, the integer
 * of a replacement of literals and operators only (`(4U)`, `(1UL << 31)`); undefined when other macros decide it.
 */
export function fixedValue(def: MacroDef): string | null | undefined {
  if (def.emptyBody || def.builtin) return null;
  const known = byDefinition.get(def);
  if (known !== undefined) return known === false ? undefined : known;
  const value = valueByReplacement(def);
  if (++definitions > MAX_BY_DEFINITION) {
    byDefinition = new WeakMap();
    definitions = 1;
  }
  byDefinition.set(def, value === undefined ? false : value);
  return value;
}

/** fixedValue by the definition's parameters and replacement. */
function valueByReplacement(def: MacroDef): string | null | undefined {
  const params = def.paramsText;
  const text = params === null ? def.valueText : `${params}\u0001${def.valueText}`;
  const known = byReplacement.get(text);
  if (known !== undefined) return known === false ? undefined : known;
  const value = literalOrNoValue(def, def.lexedBody());
  // Its own string: the replacement is a slice of the definition's text, itself of the file's.
  byReplacement.set(ownString(text), value === undefined ? false : value);
  return value;
}

/** fixedValue of a definition's lexed body `body`. */
function literalOrNoValue(def: MacroDef, body: Token[]): string | null | undefined {
  if (!body.some((t) => t.k === 'number' || t.k === 'char' || t.k === 'ident')) return null;
  if (def.params !== null && (!mayWrapCall(body) || endsInParameterCall(body, def.params))) return null;
  // A replacement of literals and operators only expands to itself and consults nothing.
  if (def.params === null && body.every(isLiteralOrOperator)) return literalValue(body);
  return undefined;
}

const isLiteralOrOperator = (t: Token): boolean => t.k === 'number' || t.k === 'char' || (t.k === 'punct' && t.v !== '#' && t.v !== '##');

function literalValue(body: Token[]): string | null {
  try {
    return evaluateExpression(body, { valueMode: true }).v.toString();
  } catch {
    return null;
  }
}
