// Reads mbed's JSON configuration files in either spelling: `name.json` (Mbed OS) or `name.json5` (Mbed CE),
// both parsed with json5 (a superset of JSON). Errors become diagnostics with the line json5 reports.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Diagnostic } from '../contract.js';
import { isFile, readText } from '../shared/fs-helpers.js';

/** `dir/base.json` or `dir/base.json5`, whichever exists (the .json first). */
export function findJsonEither(dir: string, base: string): string | undefined {
  for (const ext of ['.json', '.json5']) {
    const p = path.join(dir, base + ext);
    if (isFile(p)) return p;
  }
  return undefined;
}

export function isMbedJsonName(name: string, base: string): boolean {
  return name === `${base}.json` || name === `${base}.json5`;
}

// json5 loads on the first mbed JSON file read, not with the adapters.
const require = createRequire(import.meta.url);
let json5: typeof import('json5') | undefined;

export function readJsonFile<T = unknown>(file: string, diagnostics: Diagnostic[], fix: string): T | undefined {
  const text = readText(file);
  if (text === undefined) {
    diagnostics.push({ severity: 'error', file, message: 'cannot read file', fix });
    return undefined;
  }
  try {
    json5 ??= require('json5') as typeof import('json5');
    return json5.parse(text) as T;
  } catch (err) {
    const e = err as Error & { lineNumber?: number };
    diagnostics.push({ severity: 'error', file, line: e.lineNumber, message: `not valid JSON/JSON5: ${e.message}`, fix });
    return undefined;
  }
}
