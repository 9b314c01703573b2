// The command bundles' rewrites (scripts/module-rewrites.mjs, scripts/chunk-rewrites.mjs) change only the code
// they mean: a string, template or comment spelling node_os, import( or import.meta.url stays as written, and code
// they do not expect fails the build instead of being changed.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, tempDir } from '../helpers/fixture-project.js';

type Rewrite = (...args: unknown[]) => string | null;
let modules: { rewriteRequires: Rewrite; rewriteModuleUrl: Rewrite };
let chunk: { rewriteChunk: Rewrite };

beforeAll(async () => {
  const script = (name: string) => pathToFileURL(path.join(PROJECT_ROOT, 'scripts', name)).href;
  modules = await import(script('module-rewrites.mjs'));
  chunk = await import(script('chunk-rewrites.mjs'));
});

/** Text that spells every rewritten construct without being one. */
const SPELLED = [
  `const a = "node_os.default.cpus() import('x') import.meta.url requirePackage('ini') performance.mark";`,
  'const b = `node_worker_threads.Worker ${1} import("y") import.meta.url`;',
  `// node_os import("z") import.meta.url requirePackage('ini')`,
  `/* new node_worker_threads.Worker import("w") */`,
  `const c = /node_os|import\\(|import\\.meta\\.url/;`,
].join('\n');

describe('the module rewrites', () => {
  it('make import.meta.url the module URL only where the code reads it', () => {
    const out = modules.rewriteModuleUrl(`${SPELLED}\nexport const here = import.meta.url;\n`, '/x/a.js', '../a.js');
    expect(out).toBe(`${SPELLED}\nexport const here = __moduleUrl("../a.js");\n`);
  });

  it("make a bundled package's requirePackage call a require, and only the call", () => {
    const code = `import { requirePackage } from './require-package.js';\n${SPELLED}\nconst ini = requirePackage('ini');\nconst x = requirePackage('yaml');\n`;
    const out = modules.rewriteRequires(code, '/x/a.js', new Set(['ini']));
    expect(out).toBe(code.replace(`= requirePackage('ini')`, `= require("ini")`));
  });

  it("leave out a module's own require when it requires only packages, whatever its strings say", () => {
    const code = `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nconst s = "require('./local.js')";\nconst y = require('yaml');\n`;
    expect(modules.rewriteRequires(code, '/x/a.js', new Set())).toBe(code.replace('const require = createRequire(import.meta.url);', ''));
    const resolving = code.replace(`require('yaml')`, `require.resolve('yaml')`);
    expect(() => modules.rewriteRequires(resolving, '/x/a.js', new Set())).toThrow(/its own require is used for more/);
  });
});

/** A bundle as rolldown renders it, in small: runtime helpers, two Node modules the rewrites make lazy, one module. */
const CHUNK = `'use strict';
const performance = { now() { return 0; } };
var __esmMin = (fn, res) => () => (fn && (res = fn(fn = 0)), res);
var __toESM = (mod) => mod;
let node_fs = require("node:fs");
node_fs = __toESM(node_fs, 1);
let node_os = require("node:os");
node_os = __toESM(node_os, 1);
let node_worker_threads = require("node:worker_threads");
// dist/src/a.js
${SPELLED}
function cores() { return node_os.default.cpus().length + performance.now(); }
const worker = () => new node_worker_threads.Worker("x", { eval: true });
const both = { node_os, fs: node_fs };
const later = () => import("./b.js");
var init_a = __esmMin((() => {}));
// dist/src/c.js
exports.c = 1;
`;

/** A module's path from the bundle's folder DIR (a marker names it from the folder the build runs in). */
const fromBundle = (dir: string, file: string): string => path.relative(dir, path.resolve(file)).split(path.sep).join('/');

describe('the bundle rewrites', () => {
  it('rewrite the runtime only: __toESM copies and dynamic imports, not their spellings', () => {
    const out = chunk.rewriteChunk(CHUNK)!;
    expect(out).toContain(`${SPELLED}\n`);
    expect(out).toContain('node_os = Object.create(node_os, { default: { value: node_os } });');
    expect(out).toContain('const later = () => __importModule("./b.js");');
    expect(out.match(/__importModule/g)).toHaveLength(1);
  });

  it('make each read of a lazy Node module a call of its getter, and nothing else', () => {
    const dir = tempDir('fwc-rewrites-');
    const out = chunk.rewriteChunk(CHUNK, path.join(dir, 'x.cjs'))!;
    expect(out).toContain(`${SPELLED}\n`);
    expect(out).toContain('const node_os$get = () => (node_os$lazy ??= ((m) => Object.create(m, { default: { value: m } }))(require("node:os")));');
    expect(out).toContain('return (node_os$get()).default.cpus().length');
    expect(out).toContain('new (node_worker_threads$get()).Worker("x"');
    expect(out).toContain('const both = { node_os: (node_os$get()), fs: node_fs };');
    expect(out).not.toMatch(/^node_os = /m);
    expect(out).toContain(`var init_a = __esmMin(${JSON.stringify(fromBundle(dir, 'dist/src/a.js'))}, (() => {}));`);
    // The rewritten bundle is valid code.
    expect(() => new vm.Script(`(function (exports, require, __importModule) {${out}\n})`)).not.toThrow();
  });

  it('list the modules the top level runs', () => {
    const dir = tempDir('fwc-rewrites-');
    chunk.rewriteChunk(CHUNK, path.join(dir, 'x.cjs'));
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'x.modules.json'), 'utf8'))).toEqual([fromBundle(dir, 'dist/src/c.js')]);
  });

  it('fail the build on code they cannot rewrite safely', () => {
    const out = path.join(tempDir('fwc-rewrites-'), 'x.cjs');
    expect(() => chunk.rewriteChunk(`${CHUNK}function f(node_os) { return node_os; }\n`, out)).toThrow(/node_os is declared or assigned elsewhere/);
    expect(() => chunk.rewriteChunk(`${CHUNK}performance.mark("x");\n`, out)).toThrow(/has only now\(\)/);
    expect(() => chunk.rewriteChunk(`${CHUNK}const name = "./b.js"; import(name);\n`)).toThrow(/imports what it cannot name/);
    expect(() => chunk.rewriteChunk(`${CHUNK}var made = __esmMin(() => {});\n`, out)).toThrow(/without its module's name/);
  });
});
