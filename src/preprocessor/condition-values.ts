// Values of #if/#elif conditions shared across directives by their text: a condition written alike in many places
// (Marlin's `#if ENABLED(X)`) is expanded once per definitions of the names it read. Leaves out the recall itself
// (UnitWalker.evaluate reads the names, as a walk records them) and conditions that failed or read a built-in.
import type { MacroDef } from './macro-definition.js';

/** A condition's value under evaluation options `key`, with the names its expansion read, in order, and what they were. */
export interface ConditionValue {
  key: string;
  names: string[];
  defs: (MacroDef | undefined)[];
  value: bigint;
}

/** Condition texts kept before the memo is emptied, and values kept per text. */
const MAX_TEXTS = 4096;
const MAX_VALUES = 32;
const byText = new Map<string, ConditionValue[]>();

/** The values kept for a condition's text (a directive's `rest`: the same text lexes to the same tokens). */
export function conditionValues(text: string): readonly ConditionValue[] | undefined {
  return byText.get(text);
}

/** Keeps a value of a condition's text. */
export function keepConditionValue(text: string, value: ConditionValue): void {
  let values = byText.get(text);
  if (values === undefined) {
    if (byText.size >= MAX_TEXTS) byText.clear();
    byText.set(text, (values = []));
  }
  if (values.length < MAX_VALUES) values.push(value);
}
