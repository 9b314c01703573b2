// Benchmark helper run as a child process: one `fw-context index --json` as the shell runs it (the package's
// command bundle, compiled from the code cache the build made), in this process so that peak RSS is the
// indexer's own. Prints the command's JSON, then one line with the process's peak RSS (see child-run.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Bin = typeof import('../../src/cli/bin.cjs');

const BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'cli', 'bin.cjs');
const [root, workers] = process.argv.slice(2);
const { cli } = (createRequire(import.meta.url)(BIN) as Bin).loadMainCli();
const exitCode = await cli.runCommandLine(['-C', root, 'index', '--json', ...(workers !== undefined ? ['--jobs', workers] : [])]);
process.stdout.write(`\n${JSON.stringify({ exitCode, maxRssMiB: process.resourceUsage().maxRSS / 1024 })}\n`);
