#!/usr/bin/env node
// fw-context's command line, the package's bin. CommonJS: a command line naming `status` runs from the status
// bundle (status-cli.cjs) without Node's ES module loader, compiled from the V8 code cache the build made for it;
// every other one, and any status line the bundle leaves to it or fails on, runs main.js, which parses it again.
import type FsModule from 'node:fs';
import type PathModule from 'node:path';
import type VmModule from 'node:vm';

type StatusCli = typeof import('./status-cli.js');

/** The function the bundle's code is compiled as: a CommonJS module's, plus the ES import it calls (see below). */
export const BUNDLE_PARAMS = ['exports', 'require', 'module', '__filename', '__dirname', '__importModule'];
/** The last line of a bundle whose code cache is the file status-cli.cache starting with KEY and a newline. */
export const cacheKeyLine = (key: string): string => `// code cache ${key}\n`;

/**
 * The status bundle, compiled from status-cli.cache when that cache is of this very bundle (its key ends the
 * bundle); V8 refuses a cache of another Node version or flags and compiles the source then. The bundle's own
 * dynamic imports (the SQLite reader, the adapters) go through __importModule: Node 20 calls no import hook for
 * code compiled from a cache. `cacheUsed` says whether V8 took the cache.
 */
export function loadStatusCli(): { cli: StatusCli; cacheUsed: boolean } {
  const fs = require('node:fs') as typeof FsModule;
  const path = require('node:path') as typeof PathModule;
  const vm = require('node:vm') as typeof VmModule;
  const file = path.join(__dirname, 'status-cli.cjs');
  const source = fs.readFileSync(file, 'utf8');
  let cachedData: Buffer | undefined;
  try {
    const cache = fs.readFileSync(path.join(__dirname, 'status-cli.cache'));
    const keyEnd = cache.indexOf(10);
    if (keyEnd > 0 && source.endsWith(cacheKeyLine(cache.toString('latin1', 0, keyEnd)))) cachedData = cache.subarray(keyEnd + 1);
  } catch {
    /* no cache: compiled from source */
  }
  const script = new vm.Script(wrapBundle(source), { filename: file, cachedData });
  const module = { exports: {} as StatusCli };
  script.runInThisContext()(module.exports, require, module, file, __dirname, (specifier: string) => import(specifier));
  return { cli: module.exports, cacheUsed: cachedData !== undefined && !script.cachedDataRejected };
}

/** The bundle's source as the function the code cache holds. */
export function wrapBundle(source: string): string {
  return `(function (${BUNDLE_PARAMS.join(', ')}) {${source}\n})`;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const main = (): Promise<unknown> => import('./main.js');
  const status = args.includes('status') ? Promise.resolve().then(() => loadStatusCli().cli.statusCommandLine(args)) : Promise.resolve(null);
  status.then((code) => (code === null ? main() : void (process.exitCode = code)), main);
}
