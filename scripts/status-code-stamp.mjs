// The stamp of the code status's snapshot answers depend on (src/query/status-snapshot.ts): the sha1 of the status
// bundle and of every module the SQLite answer loads (the ES modules the bundle leaves outside: its opener's module
// and their relative static imports), each path relative to dist, then its bytes. Leaves out packages, and the
// modules only imported dynamically (build detection: status's snapshot keeps none of its answers).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The status bundle, and the module its SQLite answer imports (status-command.ts's opener). */
const BUNDLE = 'src/cli/status-cli.cjs';
const READER_ENTRY = 'src/query/project-context.js';

/** Relative specifiers of import/export ... from '...' and of a bare import '...' in compiled code. */
const IMPORT = /(?:\bfrom\s*|^\s*import\s*)(['"])(\.{1,2}\/[^'"]+)\1/gm;

/** ENTRY and every module reachable from it through relative static imports, absolute, sorted. */
export function moduleGraph(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) visit(path.resolve(path.dirname(file), m[2]));
  };
  visit(entry);
  return [...seen].sort();
}

/** The stamp of the status code in the build folder DIST (the bundle, then the reader's modules). */
export function statusCodeStamp(dist) {
  const h = createHash('sha1');
  for (const p of [path.join(dist, BUNDLE), ...moduleGraph(path.join(dist, READER_ENTRY))]) {
    h.update(`${path.relative(dist, p).split(path.sep).join('/')}\0`).update(fs.readFileSync(p)).update('\0');
  }
  return h.digest('hex');
}
