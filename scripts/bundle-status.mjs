// Bundles `fw-context status` (dist/src/cli/status-cli.js and every module it imports) into one CommonJS file,
// dist/src/cli/status-cli.cjs, with a V8 code cache of it, status-cli.cache, which the package's bin (bin.cjs)
// compiles it from: status, the command agents and CI run most often, then starts without Node's ES module loader
// (whose set-up and per-module reads through the thread pool cost more than the command's own work) and without
// parsing its code. Left outside: packages other than ini, node: modules (required as they are) and every dynamic
// import (the SQLite reader and the adapters stay lazy ES modules). Run by `npm run build` after tsc.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { rolldown } from 'rolldown';

const ENTRY = path.resolve('dist/src/cli/status-cli.js');
const OUT = path.resolve('dist/src/cli/status-cli.cjs');
const CACHE = path.resolve('dist/src/cli/status-cli.cache');
const REQUIRE_PACKAGE = path.resolve('dist/src/model/require-package.js');
/** Packages status requires at every start: bundled, so that no package lookup runs. */
const BUNDLED = new Set(['ini']);

const keepOutside = {
  name: 'keep-outside',
  resolveId(source, importer, extra) {
    if (BUNDLED.has(source)) return null;
    if (source.startsWith('node:') || !(source.startsWith('.') || path.isAbsolute(source))) return { id: source, external: true };
    if (importer && extra.kind === 'dynamic-import') return { id: path.resolve(path.dirname(importer), source), external: true };
    return null;
  },
};

/**
 * In a CommonJS file, require-package.js's createRequire (which loads node:module, and with it parts of the ES
 * module loader and the source-map reader) is the file's own require; a bundled package's requirePackage call is
 * a require that the bundler resolves.
 */
const plainRequire = {
  name: 'plain-require',
  load(id) {
    return id === REQUIRE_PACKAGE ? 'export const requirePackage = require;' : null;
  },
  transform(code) {
    const out = code.replace(/\brequirePackage\((['"])([\w@/.-]+)\1\)/g, (call, _, name) => (BUNDLED.has(name) ? `require('${name}')` : call));
    return out === code ? null : { code: out, map: null };
  },
};

/**
 * Node's own modules as the bundle's ES code reads them (`fs.default.statSync`): an object whose prototype is the
 * module, holding `default`, instead of rolldown's __toESM copy, which defines a getter per export (~100 for fs).
 * Dynamic imports call the bin's __importModule (code compiled from a cache gets no import hook in Node 20).
 */
const cjsRuntime = {
  name: 'cjs-runtime',
  renderChunk(code) {
    const out = code
      .replace(/^(\w+) = __toESM\(\1, 1\);$/gm, '$1 = Object.create($1, { default: { value: $1 } });')
      .replace(/\bimport\((?=["'])/g, '__importModule(');
    return out === code ? null : { code: out, map: null };
  },
};

// Both rewrites keep every line where it was, so the source map stays right: rolldown's warning that they made no
// source map is left out; every other warning is shown.
const onLog = (level, log, handler) => {
  if (log.code === 'SOURCEMAP_BROKEN' && ['plain-require', 'cjs-runtime'].includes(log.plugin)) return;
  handler(level, log);
};
const bundle = await rolldown({ input: ENTRY, platform: 'node', plugins: [keepOutside, plainRequire, cjsRuntime], logLevel: 'warn', onLog });
await bundle.write({ file: OUT, format: 'cjs', codeSplitting: false, sourcemap: true });
await bundle.close();

/**
 * The code cache: every function compiled (V8's --no-lazy while the bundle compiles; the flag is restored before the
 * cache is made, so it carries the flags a normal start has). Keyed by the bundle's hash, which its last line names.
 */
const { cacheKeyLine, wrapBundle } = createRequire(import.meta.url)(path.resolve('dist/src/cli/bin.cjs'));
const text = fs.readFileSync(OUT, 'utf8').replace(/\n?$/, '\n');
const key = createHash('sha1').update(text).digest('hex');
const source = text + cacheKeyLine(key);
fs.writeFileSync(OUT, source);
v8.setFlagsFromString('--no-lazy');
const script = new vm.Script(wrapBundle(source), { filename: OUT });
v8.setFlagsFromString('--lazy');
fs.writeFileSync(CACHE, Buffer.concat([Buffer.from(`${key}\n`, 'latin1'), script.createCachedData()]));
