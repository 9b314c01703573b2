#!/usr/bin/env node
// fw-context's command line, the package's bin. CommonJS: a command line naming `status` runs from the status
// bundle (status-cli.cjs) without Node's ES module loader; every other one, and any status line the bundle
// leaves to it or fails on, runs main.js, which parses it again.
const args = process.argv.slice(2);
const main = (): Promise<unknown> => import('./main.js');

if (args.includes('status')) {
  const cli = require('./status-cli.cjs') as typeof import('./status-cli.js');
  cli.statusCommandLine(args).then((code) => (code === null ? main() : void (process.exitCode = code)), main);
} else {
  void main();
}
