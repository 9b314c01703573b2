#!/usr/bin/env node
// fw-context command line as ES modules (the package's bin runs the same commands from its CommonJS bundles).
import { runAsProcess } from './main-cli.js';

void runAsProcess(process.argv.slice(2));
