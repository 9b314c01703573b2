// Bundles fw-context's commands (dist/src/cli/main-cli.js and every module it imports, dynamically too: the
// index path with the indexer, preprocessor, parser and adapters) into one CommonJS file, dist/src/cli/main-cli.cjs,
// with a V8 code cache of it, main-cli.cache, which the package's bin (bin.cjs) compiles it from: a command then
// starts without Node's ES module loader and without parsing or compiling the code a run needs. The cache is made
// after a representative run (scripts/warm-cli-cache.cjs indexes a copy of the demo fixture, then a .c edit), so it
// holds the functions that run compiled too. Left outside: packages (but better-sqlite3's JavaScript and ini), node: modules and the MCP server (`serve`, which
// the bin runs from main.js: a long-lived process gains nothing from a faster start). Run by `npm run build`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { writeBundle } from './bundle-kit.mjs';

const OUT = path.resolve('dist/src/cli/main-cli.cjs');
/**
 * Packages every index run and query loads (better-sqlite3's JavaScript, its addon staying a file; ini for the
 * project config; @noble/hashes' SHA-1 for a read-only command's few small files): bundled, so they come compiled
 * from the code cache, without a package lookup and a read and compile of each of their modules.
 */
const BUNDLED = new Set(['better-sqlite3', 'ini', '@noble/hashes/legacy.js', '@noble/hashes/utils.js']);
await writeBundle({ entry: path.resolve('dist/src/cli/main-cli.js'), out: OUT, bundled: BUNDLED, lazy: new Set([path.resolve('dist/src/mcp/server.js')]), moduleUrls: true });

// A process of its own, started as the bin is (no flags), so that the cache carries the flags a bin run has.
const env = { ...process.env };
delete env.NODE_OPTIONS;
const warm = spawnSync(process.execPath, [path.resolve('scripts/warm-cli-cache.cjs')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
if (warm.status !== 0) throw new Error(`scripts/warm-cli-cache.cjs failed (exit ${warm.status ?? warm.signal})`);
