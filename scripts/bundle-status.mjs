// Bundles `fw-context status` (dist/src/cli/status-cli.js and every module it imports) into one CommonJS file,
// dist/src/cli/status-cli.cjs, with a V8 code cache of it, status-cli.cache, which the package's bin (bin.cjs)
// compiles it from: status, the command agents and CI run most often, then starts without Node's ES module loader
// (whose set-up and per-module reads through the thread pool cost more than the command's own work) and without
// parsing its code. Left outside: packages other than ini and @noble/hashes, node: modules (required as they are)
// and every dynamic import (the SQLite reader and the adapters stay lazy ES modules). Then writes the stamp of the
// code status answers with, status-code.txt (scripts/status-code-stamp.mjs). Run by `npm run build` after tsc.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { STATUS_CODE_FILE } from '../dist/src/query/status-snapshot.js';
import { writeBundle } from './bundle-kit.mjs';
import { statusCodeStamp } from './status-code-stamp.mjs';

const OUT = path.resolve('dist/src/cli/status-cli.cjs');
const CACHE = path.resolve('dist/src/cli/status-cli.cache');

/** Packages status requires at every start: bundled, so that no package lookup runs. */
const { source, key } = await writeBundle({ entry: path.resolve('dist/src/cli/status-cli.js'), out: OUT, bundled: new Set(['ini', '@noble/hashes/legacy.js', '@noble/hashes/utils.js']) });

/**
 * The code cache: every function compiled (V8's --no-lazy while the bundle compiles; the flag is restored before the
 * cache is made, so it carries the flags a normal start has). Keyed by the bundle's hash, which its last line names.
 */
v8.setFlagsFromString('--no-lazy');
const script = new vm.Script(source, { filename: OUT });
v8.setFlagsFromString('--lazy');
fs.writeFileSync(CACHE, Buffer.concat([Buffer.from(`${key}\n`, 'latin1'), script.createCachedData()]));

// The stamp status's snapshot is kept under (src/query/status-snapshot.ts): written last, no older than the code it covers.
fs.writeFileSync(path.resolve('dist/src/cli', STATUS_CODE_FILE), `${statusCodeStamp(path.resolve('dist'))}\n`);
