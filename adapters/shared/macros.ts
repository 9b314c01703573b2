// -D/-U flag lists to a define map (in order, -U removes), and a tiny `#define NAME VALUE` reader for
// generated headers (mbed_config.h, autoconf.h). Function-like macros in headers are skipped.
import { parseCompileArgs } from '../../src/model/compile-args.js';

/** Apply the -D/-U flags of argv (compiler first) in order. */
export function definesFromArgs(argv: string[], directory: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const op of parseCompileArgs(argv, directory).macroOps) {
    if (op.op === 'define') out[op.name] = op.value ?? '1';
    else delete out[op.name];
  }
  return out;
}

/** `NAME` / `NAME=VALUE` strings (mbed `macros`, `symbols`) to a define map. */
export function definesFromList(list: string[], into: Record<string, string> = {}): Record<string, string> {
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq < 0) into[item] = '1';
    else into[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return into;
}

/** Object-like `#define` lines of a generated header. */
export function definesFromHeader(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*#\s*define\s+([A-Za-z_]\w*)\b(?!\()\s*(.*?)\s*(\/\/.*)?$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/\/\*.*?\*\/\s*$/, '').trim();
  }
  return out;
}
