// Reads CMakeCache.txt into name → value (`NAME:TYPE=VALUE` lines; `//` and `#` lines are comments).
// Types are kept aside; no variable expansion, no -ADVANCED bookkeeping.
import { readText } from './fs-helpers.js';

export interface CMakeCache {
  file: string;
  values: Map<string, string>;
  types: Map<string, string>;
}

export function parseCMakeCache(text: string, file: string): CMakeCache {
  const values = new Map<string, string>();
  const types = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('//') || line.startsWith('#')) continue;
    // NAME may be quoted ("NAME WITH SPACE":TYPE=VALUE).
    const m = /^("([^"]*)"|[^:=]+)(?::([A-Za-z]+))?=(.*)$/.exec(line);
    if (!m) continue;
    const name = m[2] ?? m[1];
    values.set(name, m[4]);
    if (m[3]) types.set(name, m[3]);
  }
  return { file, values, types };
}

export function readCMakeCache(file: string): CMakeCache | undefined {
  const text = readText(file);
  return text === undefined ? undefined : parseCMakeCache(text, file);
}
