// Test helpers: copy a fixture case to a temp dir with @FIXTURE_ROOT@ replaced, read its compile databases
// and expected.json, and look lines up by their text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCompileDatabase } from '../../adapters/compile-commands/read-compile-database.js';
import type { CompileUnit } from '../../adapters/contract.js';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/preprocessor');

export interface ExpectedBuild {
  active?: string[];
  inactive?: string[];
  macros?: Record<string, string | null>;
  reads?: string[];
  diagnostics?: string[];
  implicit?: 'compiler' | 'table';
  languages?: Record<string, 'c' | 'cpp'>;
}

export interface FixtureCopy {
  root: string;
  expected: { builds: Record<string, ExpectedBuild> } | undefined;
  units(db: string): CompileUnit[];
}

export function listCases(): string[] {
  return fs.readdirSync(FIXTURES).filter((d) => fs.statSync(path.join(FIXTURES, d)).isDirectory()).sort();
}

export function copyFixture(name: string): FixtureCopy {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `fwctx-pp-${name}-`)));
  fs.cpSync(path.join(FIXTURES, name), root, { recursive: true });
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'compile_commands.json') fs.writeFileSync(p, fs.readFileSync(p, 'utf8').replaceAll('@FIXTURE_ROOT@', root));
    }
  };
  walk(root);
  const expFile = path.join(root, 'expected.json');
  const expected = fs.existsSync(expFile) ? JSON.parse(fs.readFileSync(expFile, 'utf8')) : undefined;
  return {
    root,
    expected,
    units: (db) => {
      const r = readCompileDatabase(path.join(root, db));
      if (r.diagnostics.length) throw new Error(JSON.stringify(r.diagnostics));
      return r.units;
    },
  };
}

/** All compile databases of a copied case (relative paths). */
export function databases(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'compile_commands.json') out.push(path.relative(root, p));
    }
  };
  walk(root);
  return out.sort();
}

/** `file|text` → [absolute file, 1-based line of the first line containing text]. */
export function locate(root: string, spec: string): [string, number] {
  const [file, text] = spec.split('|');
  const abs = path.join(root, file);
  const lines = fs.readFileSync(abs, 'utf8').split('\n');
  const idx = lines.findIndex((l) => l.includes(text));
  if (idx < 0) throw new Error(`fixture line not found: ${spec}`);
  return [abs, idx + 1];
}

export function hasCompiler(name: string): boolean {
  const { spawnSync } = require_('node:child_process') as typeof import('node:child_process');
  const r = spawnSync(name, ['--version'], { encoding: 'utf8' });
  return !r.error && r.status === 0;
}

import { createRequire } from 'node:module';
const require_ = createRequire(import.meta.url);
