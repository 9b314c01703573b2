// Preloaded with --import by the start-up test: registers module-probe-hooks.mjs for the whole process (ES
// modules) and records what require() resolves too (CommonJS packages such as tree-sitter load that way).
import fs from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

register('./module-probe-hooks.mjs', import.meta.url);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const file = resolveFilename.apply(this, args);
  if (process.env.FWC_MODULE_LOG && file.startsWith('/')) fs.appendFileSync(process.env.FWC_MODULE_LOG, pathToFileURL(file).href + '\n');
  return file;
};
