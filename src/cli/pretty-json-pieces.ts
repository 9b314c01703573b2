// The text of JSON.stringify(value, null, 2) in pieces: one per property of a top-level object and one per element of
// its array properties, so that a large result (an index run's builds and their diagnostics) is written without one
// string of it all (Meshtastic's 246 envs: a 45 MB text, then its bytes, on top of the run's memory at its end).

/** Indentation JSON.stringify(value, null, 2) gives each level. */
const STEP = '  ';

/** `value` as JSON.stringify(value, null, 2) writes it, in order, in pieces (joined, they are that text). */
export function* prettyJsonPieces(value: unknown): Generator<string, void, undefined> {
  if (!isPlainData(value) || Array.isArray(value)) {
    yield JSON.stringify(value, null, 2);
    return;
  }
  let first = true;
  for (const [key, v] of Object.entries(value)) {
    if (Array.isArray(v) && isPlainData(v) && v.length > 0) {
      yield `${first ? '{' : ','}\n${STEP}${JSON.stringify(key)}: `;
      yield* arrayPieces(v, STEP);
    } else {
      const text = JSON.stringify(v, null, 2);
      if (text === undefined) continue;
      yield `${first ? '{' : ','}\n${STEP}${JSON.stringify(key)}: ${indented(text, STEP)}`;
    }
    first = false;
  }
  yield first ? '{}' : '\n}';
}

/** A non-empty array at `indent`, an element a piece (undefined and functions as null, as JSON.stringify has them). */
function* arrayPieces(list: readonly unknown[], indent: string): Generator<string, void, undefined> {
  const inner = indent + STEP;
  for (let i = 0; i < list.length; i++) yield `${i ? ',' : '['}\n${inner}${indented(JSON.stringify(list[i], null, 2) ?? 'null', inner)}`;
  yield `\n${indent}]`;
}

/** A value's text placed at `indent`: its own lines moved right (JSON escapes the line breaks within strings). */
function indented(text: string, indent: string): string {
  return text.includes('\n') ? text.replace(/\n/g, `\n${indent}`) : text;
}

/** An object JSON.stringify writes as its own properties (no toJSON of its own to ask). */
function isPlainData(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}
