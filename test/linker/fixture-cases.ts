// Shared by the linker tests: lists fixtures/linker/<case>/, reads case.json, parses a case's script the way the
// indexer will (INCLUDE through a file reader, cpp through the project's preprocessor), and compares snapshots.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { createIncludeReader, parseLinkerScript } from '../../linker/index.js';
import type { LinkerScriptResult, PreprocessScript } from '../../linker/index.js';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/linker');

export interface CaseSpec {
  script: string;
  /** Whether GNU ld accepts the script (corrupt cases and undefined names are excluded from the ld comparison). */
  ld: boolean;
  why?: string;
  defsyms?: Record<string, string>;
  /** -L folders, relative to the case folder. */
  libraryPaths?: string[];
  /** -D defines for a script that needs the C preprocessor. */
  defines?: Record<string, string>;
  /** Map file of the case, relative to the case folder. */
  map?: string;
  /** Assembly source of the object the ld test links (default: an empty object). */
  asm?: string;
}

export interface FixtureCase { name: string; dir: string; spec: CaseSpec }

export function listCases(): FixtureCase[] {
  return readdirSync(FIXTURES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(FIXTURES, d.name, 'case.json')))
    .map((d) => ({ name: d.name, dir: path.join(FIXTURES, d.name), spec: JSON.parse(readFileSync(path.join(FIXTURES, d.name, 'case.json'), 'utf8')) as CaseSpec }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const readIfExists = (f: string): string | undefined => (existsSync(f) ? readFileSync(f, 'utf8') : undefined);

/** The project's preprocessor when it loads, else null (the caller falls back to the test-local fake). */
export async function loadProjectPreprocessor(): Promise<null | ((text: string, file: string, o: { defines?: Record<string, string>; includeDirs?: string[]; readFile?: (f: string) => string | undefined }) => { text: string; diagnostics: { severity: string; file: string; line?: number; message: string }[] })> {
  try {
    const mod = await import('../../src/preprocessor/preprocess-text.js');
    return typeof mod.preprocessToText === 'function' ? mod.preprocessToText : null;
  } catch {
    return null;
  }
}

/**
 * Test-local stand-in for the project preprocessor, used only when src/preprocessor/preprocess-text.ts cannot be
 * loaded. It handles exactly what the mbed fixture uses: #include of a header that only defines macros,
 * #if !defined(X) / #if defined(X) / #else / #endif, object-like #define, and whole-word macro expansion.
 */
export function fakePreprocess(text: string, file: string, o: { defines?: Record<string, string>; includeDirs?: string[]; readFile?: (f: string) => string | undefined }): { text: string; diagnostics: never[] } {
  const macros = new Map(Object.entries(o.defines ?? {}));
  const out: string[] = [];
  const stack: boolean[] = [];
  const active = (): boolean => stack.every(Boolean);
  const expand = (line: string): string => {
    let cur = line;
    for (let i = 0; i < 10; i++) {
      const next = cur.replace(/\b[A-Za-z_]\w*\b/g, (w) => macros.get(w) ?? w);
      if (next === cur) break;
      cur = next;
    }
    return cur;
  };
  const readDefines = (src: string): void => {
    for (const l of src.split('\n')) {
      const m = /^\s*#\s*define\s+(\w+)\s*(.*)$/.exec(l);
      if (m && !macros.has(m[1]!)) macros.set(m[1]!, m[2]!.trim());
    }
  };
  for (const line of text.split('\n')) {
    const d = /^\s*#\s*(\w+)\s*(.*)$/.exec(line);
    if (!d) { out.push(active() ? expand(line) : ''); continue; }
    const [, word, rest] = d;
    if (word === 'if') {
      const m = /^(!?)\s*defined\s*\(?\s*(\w+)\s*\)?$/.exec(rest!.trim());
      stack.push(m ? (m[1] === '!') !== macros.has(m[2]!) : false);
    } else if (word === 'else') stack.push(!stack.pop()!);
    else if (word === 'endif') stack.pop();
    else if (word === 'define' && active()) {
      const m = /^(\w+)\s*(.*)$/.exec(rest!);
      if (m) macros.set(m[1]!, m[2]!.replace(/\/\*.*\*\//g, '').trim());
    } else if (word === 'include' && active()) {
      const name = /"([^"]+)"/.exec(rest!)?.[1];
      const src = name ? o.readFile?.(path.join(path.dirname(file), name)) : undefined;
      if (src) readDefines(src);
    }
    out.push('');
  }
  return { text: out.join('\n'), diagnostics: [] };
}

export interface ParsedCase {
  result: LinkerScriptResult;
  /** The main script as ld should read it (after the preprocessor when the case needs one). */
  linkText: string;
  preprocessor: 'project' | 'fake' | 'none';
}

/** Parses a case's script with paths relative to the case folder (so snapshots hold no machine paths). */
export async function parseCase(c: FixtureCase): Promise<ParsedCase> {
  const text = readFileSync(path.join(c.dir, c.spec.script), 'utf8');
  let linkText = text;
  let preprocess: PreprocessScript | undefined;
  let preprocessor: ParsedCase['preprocessor'] = 'none';
  if (c.spec.defines) {
    const project = await loadProjectPreprocessor();
    const run = project ?? fakePreprocess;
    preprocessor = project ? 'project' : 'fake';
    preprocess = (t, f) => {
      const out = run(t, path.join(c.dir, f), { defines: c.spec.defines, includeDirs: [c.dir], readFile: (x) => readIfExists(x) });
      if (f === c.spec.script) linkText = out.text;
      return {
        text: out.text,
        diagnostics: out.diagnostics.map((d) => ({ ...d, severity: d.severity as 'error' | 'warning' | 'info', file: path.relative(c.dir, d.file) || d.file })),
      };
    };
  }
  const result = parseLinkerScript(text, {
    file: c.spec.script,
    defsyms: c.spec.defsyms,
    libraryPaths: c.spec.libraryPaths,
    readInclude: createIncludeReader((f) => readIfExists(path.join(c.dir, f))),
    preprocess,
  });
  return { result, linkText, preprocessor };
}

/** Compares `actual` to `<dir>/expected.json`; with UPDATE_EXPECTED=1 rewrites it and prints a diff instead. */
export function expectSnapshot(dir: string, actual: unknown, fileName = 'expected.json'): void {
  const file = path.join(dir, fileName);
  const json = `${JSON.stringify(actual, null, 2)}\n`;
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (process.env.UPDATE_EXPECTED === '1') {
    if (old !== json) {
      writeFileSync(file, json);
      console.log(`updated ${path.relative(FIXTURES, file)}:\n${lineDiff(old, json)}`);
    }
    return;
  }
  expect(old, `${path.relative(FIXTURES, file)} is missing; run with UPDATE_EXPECTED=1`).not.toBe('');
  expect(JSON.parse(json)).toEqual(JSON.parse(old));
}

function lineDiff(a: string, b: string): string {
  const al = a.split('\n');
  const bl = b.split('\n');
  const out: string[] = [];
  const n = Math.max(al.length, bl.length);
  for (let i = 0; i < n; i++) {
    if (al[i] === bl[i]) continue;
    if (al[i] !== undefined) out.push(`- ${i + 1}: ${al[i]}`);
    if (bl[i] !== undefined) out.push(`+ ${i + 1}: ${bl[i]}`);
    if (out.length > 80) { out.push('...'); break; }
  }
  return out.join('\n');
}
