#!/usr/bin/env node
// fw-context's command line, the package's bin. CommonJS: it runs the commands from the build's CommonJS bundles,
// compiled from the V8 code caches the build made for them, without Node's ES module loader: a command line naming
// `status` from the status bundle (status-cli.cjs), any other but `serve` from the command bundle (main-cli.cjs).
// `serve`, and any status line the status bundle leaves to the others, or a bundle that will not load, runs main.js.
// `--version` alone is answered here.
import type FsModule from 'node:fs';
import type PathModule from 'node:path';
import type VmModule from 'node:vm';

type StatusCli = typeof import('./status-cli.js');
type MainCli = typeof import('./main-cli.js');

/** The function the bundle's code is compiled as: a CommonJS module's, plus the ES import it calls (see below). */
export const BUNDLE_PARAMS = ['exports', 'require', 'module', '__filename', '__dirname', '__importModule'];
/** The last line of a bundle whose code cache is the file NAME.cache starting with KEY and a newline. */
export const cacheKeyLine = (key: string): string => `// code cache ${key}\n`;

/** A loaded bundle: its exports, the script it was compiled as, and whether V8 took the code cache. */
export interface LoadedBundle<T> {
  cli: T;
  script: VmModule.Script;
  cacheUsed: boolean;
}

/**
 * The bundle NAME.cjs beside this file (ASCII: read as latin1, the cheapest string), compiled from NAME.cache when that cache is of this very bundle (its key
 * ends the bundle); V8 refuses a cache of another Node version or flags and compiles the source then. The file is
 * the function expression itself (see wrapBundle), compiled as read: a wrapper added here would make V8 copy the
 * whole text into one flat string first (1.1 MB for the command bundle). The bundle's own dynamic imports (of ES
 * modules left outside) go through __importModule: Node 20 calls no import hook for code compiled from a cache.
 * Both files are read into a buffer the process keeps (see keptBuffers).
 */
export function loadBundle<T>(name: string): LoadedBundle<T> {
  const fs = require('node:fs') as typeof FsModule;
  const path = require('node:path') as typeof PathModule;
  const vm = require('node:vm') as typeof VmModule;
  const file = path.join(__dirname, `${name}.cjs`);
  const source = readKept(fs, file).toString('latin1');
  let cachedData: Buffer | undefined;
  try {
    cachedData = readCacheData(fs, path.join(__dirname, `${name}.cache`), source);
  } catch {
    /* no cache: compiled from source */
  }
  const script = new vm.Script(source, { filename: file, cachedData });
  const module = { exports: {} as T };
  script.runInThisContext()(module.exports, require, module, file, __dirname, (specifier: string) => import(specifier));
  return { cli: module.exports, script, cacheUsed: cachedData !== undefined && !script.cachedDataRejected };
}

/**
 * The buffers the bundles and their caches are read into, the last one reused, all kept for the process's life.
 * Each large malloc'd block a process frees (a file read whole by readFileSync, V8's copy of a cache at an
 * unaligned address) raises glibc's mmap threshold to its size and its trim threshold to twice that for the rest
 * of the process, and every malloc arena (one per V8 helper thread) then keeps up to that much free memory: the
 * 2 MB bundle read and freed left ~4.5 MB free in each of 4 arenas through an index run.
 */
const keptBuffers: Buffer[] = [];

/** FILE's bytes (from FROM on) in the last kept buffer, grown when too small (see keptBuffers). */
function readKept(fs: typeof FsModule, file: string, from = 0): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const size = Math.max(0, fs.fstatSync(fd).size - from);
    let kept = keptBuffers[keptBuffers.length - 1];
    if (!kept || kept.length < size) keptBuffers.push((kept = Buffer.allocUnsafeSlow(size)));
    let at = 0;
    for (let n; at < size && (n = fs.readSync(fd, kept, at, size - at, from + at)) > 0; ) at += n;
    return kept.subarray(0, at);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The code cache in FILE (its key line, then V8's data) when the key is the one ending SOURCE, else undefined. The
 * data is read at the start of a kept buffer (see keptBuffers; aligned, so V8 takes it without a copy) and is
 * needed only while the bundle compiles: the next read may take the buffer over.
 */
function readCacheData(fs: typeof FsModule, file: string, source: string): Buffer | undefined {
  const head = Buffer.allocUnsafe(256);
  const fd = fs.openSync(file, 'r');
  let headBytes: number;
  try {
    headBytes = fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  const keyEnd = head.subarray(0, headBytes).indexOf(10);
  if (keyEnd <= 0 || !source.endsWith(cacheKeyLine(head.toString('latin1', 0, keyEnd)))) return undefined;
  return readKept(fs, file, keyEnd + 1);
}

/** The status bundle (status-cli.cjs). */
export function loadStatusCli(): LoadedBundle<StatusCli> {
  return loadBundle<StatusCli>('status-cli');
}

/** The command bundle (main-cli.cjs): every command of main.js. */
export function loadMainCli(): LoadedBundle<MainCli> {
  return loadBundle<MainCli>('main-cli');
}

/** The bundle's code as the function expression its file holds (the build writes it so) and its code cache compiles. */
export function wrapBundle(source: string): string {
  return `(function (${BUNDLE_PARAMS.join(', ')}) {${source}\n})`;
}

/** Runs ARGS from the command bundle, as main.js runs them; main.js when the bundle does not load. */
function runFromBundle(args: string[], main: () => Promise<unknown>): Promise<unknown> {
  let cli: MainCli;
  try {
    cli = loadMainCli().cli;
  } catch {
    return main();
  }
  return cli.runAsProcess(args);
}

/**
 * `fw-context --version` alone: the package's version, printed without loading a bundle (its 1 MB code cache costs
 * more than the command). Null when the version is not found there (main.js answers then).
 */
function printVersion(): true | null {
  const fs = require('node:fs') as typeof FsModule;
  const path = require('node:path') as typeof PathModule;
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof pkg.version !== 'string') return null;
    process.stdout.write(`${pkg.version}\n`);
    return true;
  } catch {
    return null;
  }
}

/** Prints a run's error as main.js does (runAsProcess) and sets exit code 1. */
function failed(err: unknown): void {
  process.stderr.write(`fw-context: ${(err as Error).stack ?? err}\n`);
  process.exitCode = 1;
}

/**
 * A status command line from the status bundle; OTHERS runs it when the bundle does not load or leaves the line
 * to them (null: `--help`, a flag it refuses). A status run that fails is reported, never run a second time.
 */
function runStatus(args: string[], others: () => Promise<unknown>): void {
  let cli: StatusCli;
  try {
    cli = loadStatusCli().cli;
  } catch {
    void others();
    return;
  }
  cli.statusCommandLine(args).then((code) => (code === null ? others() : void (process.exitCode = code)), failed);
}

/** Runs ARGS from the bundle that serves them (see the top of this file). */
function runCommand(args: string[]): void {
  const main = (): Promise<unknown> => import('./main.js');
  const others = (): Promise<unknown> => (args.includes('serve') ? main() : runFromBundle(args, main));
  if (args.includes('status')) runStatus(args, others);
  else void others();
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const versionOnly = args.length === 1 && args[0] === '--version';
  if (!(versionOnly && printVersion())) runCommand(args);
}
