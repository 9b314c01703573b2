// `#define` lines (a compiler's answer to -dD -E, or a built-in table) parsed into definitions, and kept parsed
// beside the compiler answers: a re-index reads them back (V8-serialized fields, made definitions again) instead
// of lexing ~350 definitions.
// The kept form names the code that parsed it (size and mtime of the parsing modules): new code parses again.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { replaceFile } from '../model/replace-file.js';
import { moduleCodeStamp } from '../model/module-stamps.js';
import { sha1 } from '../model/sha1.js';
import { MacroDef, parseDefine } from './macro-definition.js';

export function parseDefines(text: string): MacroDef[] {
  const out: MacroDef[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^#define\s+(.*)$/.exec(line);
    if (!m) continue;
    const p = parseDefine(m[1], '<built-in>', 0);
    if (p.def) out.push(p.def);
  }
  return out;
}

/** The modules whose code decides a parsed definition (beside this one; see the kept-code-modules test). */
export const PARSING_MODULES = ['parsed-defines.js', 'macro-definition.js', 'tokens.js'];
function parsingFormat(): string {
  return moduleCodeStamp(path.dirname(fileURLToPath(import.meta.url)), PARSING_MODULES);
}

/** parseDefines(text), read back from `cacheDir` when kept there, else parsed and kept (a failure to keep costs the next run a parse). */
export function keptParsedDefines(text: string, cacheDir: string | undefined): MacroDef[] {
  if (!cacheDir) return parseDefines(text);
  const file = path.join(cacheDir, `defines-${sha1(`${parsingFormat()}\0${text}`)}.v8`);
  try {
    const kept = v8.deserialize(fs.readFileSync(file)) as unknown;
    if (Array.isArray(kept)) return (kept as MacroDef[]).map((d) => MacroDef.revive(d));
  } catch {
    // not kept yet, or unreadable: parsed again below
  }
  const defines = parseDefines(text);
  // A read-only cache folder: parsed each run.
  replaceFile(file, v8.serialize(defines));
  return defines;
}
