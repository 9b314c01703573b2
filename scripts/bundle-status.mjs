// Bundles `fw-context status` (dist/src/cli/status-cli.js and every module it imports) into one CommonJS file,
// dist/src/cli/status-cli.cjs, which the package's bin (bin.cjs) and main.js require: status, the command agents
// and CI run most often, then starts without Node's ES module loader, whose set-up and per-module reads (through
// the thread pool) cost more than the command's own work. Left outside: packages other than ini, node: modules
// (required as they are) and every dynamic import (the SQLite reader and the adapters stay lazy ES modules).
// Run by `npm run build` after tsc.
import path from 'node:path';
import { rolldown } from 'rolldown';

const ENTRY = path.resolve('dist/src/cli/status-cli.js');
const OUT = path.resolve('dist/src/cli/status-cli.cjs');
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

// plainRequire keeps every line where it was, so the source map stays right: rolldown's warning that it made no
// source map is left out; every other warning is shown.
const onLog = (level, log, handler) => {
  if (log.code === 'SOURCEMAP_BROKEN' && log.plugin === 'plain-require') return;
  handler(level, log);
};
const bundle = await rolldown({ input: ENTRY, platform: 'node', plugins: [keepOutside, plainRequire], logLevel: 'warn', onLog });
await bundle.write({ file: OUT, format: 'cjs', codeSplitting: false, sourcemap: true });
await bundle.close();
