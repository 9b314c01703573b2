// Makes main-cli.cache, the V8 code cache of the command bundle (scripts/bundle-cli.mjs): compiles the bundle as the
// bin does, runs `fw-context demo` in a temporary folder (it copies the demo fixture, indexes it, asks status,
// search, lookup and source) and `fw-context index` after a .c edit there, then serializes the script with every
// function those runs compiled. V8's flags are
// back at their defaults by then (index raises the interrupt budget): a cache carries the flags it was made with,
// and V8 refuses it in a process whose flags differ. Leaves nothing behind but the cache.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const v8 = require('node:v8');

const DIST_CLI = path.resolve(__dirname, '..', 'dist', 'src', 'cli');
/**
 * The flags set here (no bytecode flushing: what the runs compiled stays for the cache) and by index
 * (src/indexer/short-run-tiering.ts), at V8's defaults.
 */
const DEFAULT_FLAGS = ['--flush-bytecode', '--interrupt-budget=67584'];

async function warmUp() {
  v8.setFlagsFromString('--no-flush-bytecode');
  const bin = require(path.join(DIST_CLI, 'bin.cjs'));
  const { cli, script } = bin.loadMainCli();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fwc-warm-'));
  try {
    const root = path.join(fs.realpathSync(tmp), 'project');
    const run = async (...args) => {
      const code = await cli.runCommandLine(args);
      if (code !== 0) throw new Error(`fw-context ${args.join(' ')} exited ${code} while warming the code cache`);
    };
    await run('demo', '--dir', root);
    fs.appendFileSync(path.join(root, 'src', 'main.c'), '\nint warm_cache_extra(void) { return 1; }\n');
    await run('index', '--jobs', '0', '-C', root);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  for (const flag of DEFAULT_FLAGS) v8.setFlagsFromString(flag);
  const source = fs.readFileSync(path.join(DIST_CLI, 'main-cli.cjs'), 'utf8');
  const key = source.slice(source.lastIndexOf('\n', source.length - 2) + 1).match(/code cache (\w+)/)[1];
  fs.writeFileSync(path.join(DIST_CLI, 'main-cli.cache'), Buffer.concat([Buffer.from(`${key}\n`, 'latin1'), script.createCachedData()]));
}

warmUp().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exit(1);
  },
);
