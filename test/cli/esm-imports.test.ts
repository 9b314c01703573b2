// Every package the project imports as ESM at run time is an ES module package: a CommonJS package imported
// from ESM makes Node start its export-name lexer and lex the package first, a start-up cost of each command,
// so CommonJS packages are loaded with requirePackage (src/model/require-package.ts) instead.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'adapters', 'linker'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Bare package names imported for their values: static imports (not `import type`) and dynamic import(). */
function runtimeImports(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^'.][^']*)'|(?<!typeof )\bimport\('([^'.][^']*)'\)/gm)) names.push(m[1] ?? m[2]);
  return names.filter((n) => !n.startsWith('node:')).map((n) => (n.startsWith('@') ? n.split('/').slice(0, 2).join('/') : n.split('/')[0]));
}

function isEsmPackage(name: string): boolean {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { type?: string; exports?: unknown };
  return pkg.type === 'module' || JSON.stringify(pkg.exports ?? {}).includes('"import"');
}

describe('run-time imports', () => {
  it('import only ES module packages; CommonJS ones go through requirePackage', () => {
    const used = new Set(FOLDERS.flatMap((f) => sources(path.join(ROOT, f))).flatMap((f) => runtimeImports(fs.readFileSync(f, 'utf8'))));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((n) => !isEsmPackage(n)).sort()).toEqual([]);
  });

  it('tells a CommonJS package from an ES module one', () => {
    expect(isEsmPackage('better-sqlite3')).toBe(false);
    expect(isEsmPackage('zod')).toBe(true);
    expect(runtimeImports("import type X from 'ini';\nimport { z } from 'zod';\nconst p = await import('piscina');\nlet y: typeof import('yaml');\n")).toEqual(['zod', 'piscina']);
  });
});
