#!/usr/bin/env node
// fw-context command line as ES modules (the package's bin runs the same commands from its CommonJS bundles).
import { runCommandLine } from './main-cli.js';

runCommandLine(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`fw-context: ${(err as Error).stack ?? err}\n`);
    process.exitCode = 1;
  },
);
