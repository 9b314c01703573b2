// Bundles the status command (dist/src/cli/status-command.js and the modules it imports) into that one file, in
// place: Node's ES module loader reads each module through its thread pool, and status, the command agents and
// CI run most often, loaded ~25 of them. Left outside (imported as they are): packages, node: modules, the
// modules the CLI's entry imports too (one instance of their classes and state: QueryError, the build detector)
// and every dynamic import (the SQLite reader stays lazy). Node's own modules are taken with require: an ES
// import of node:fs builds its ES facade, whose `promises` getter loads fs/promises, streams and readline (~20
// internal modules status never uses). Run by `npm run build` after tsc.
import fs from 'node:fs';
import path from 'node:path';
import { rolldown } from 'rolldown';

const ENTRY = path.resolve('dist/src/cli/status-command.js');
const MAIN = path.resolve('dist/src/cli/main.js');

/** The modules main.js imports statically: shared with the bundle, so never copied into it. */
function entryImports() {
  const text = fs.readFileSync(MAIN, 'utf8');
  return new Set([...text.matchAll(/^import [^;]*? from '(\.[^']+)';$/gm)].map((m) => path.resolve(path.dirname(MAIN), m[1])));
}

const shared = entryImports();
const keepOutside = {
  name: 'keep-outside',
  resolveId(source, importer, extra) {
    if (source.startsWith('node:') || !(source.startsWith('.') || path.isAbsolute(source))) return { id: source, external: true };
    if (!importer) return null;
    const file = path.resolve(path.dirname(importer), source);
    if (extra.kind === 'dynamic-import' || shared.has(file)) return { id: file, external: true };
    return null;
  },
};

const BUILTIN_IMPORT = /^import (\w+|\{[^}]*\}) from "(node:[\w/]+)";$/gm;

/** `import x from "node:y"` → `const x = require("node:y")`, on the same line (the source map stays right). */
const builtinsByRequire = {
  name: 'builtins-by-require',
  renderChunk(code) {
    const out = code.replace(BUILTIN_IMPORT, (_, what, id) => `const ${what.replace(/ as /g, ': ')} = __require(${JSON.stringify(id)});`);
    if (out === code) return null;
    return `import { createRequire as __createRequire } from "node:module"; const __require = __createRequire(import.meta.url); ${out}`;
  },
};

// builtinsByRequire rewrites imports line for line (only line 1 gains a prefix), so the source map stays right
// and rolldown's warning that a plugin did not make one is left out; every other warning is shown.
const onLog = (level, log, handler) => {
  if (log.code === 'SOURCEMAP_BROKEN' && log.plugin === 'builtins-by-require') return;
  handler(level, log);
};
const bundle = await rolldown({ input: ENTRY, platform: 'node', plugins: [keepOutside, builtinsByRequire], logLevel: 'warn', onLog });
await bundle.write({ file: ENTRY, format: 'esm', codeSplitting: false, sourcemap: true });
await bundle.close();
