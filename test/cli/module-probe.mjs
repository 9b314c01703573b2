// Preloaded with --import by the start-up test: registers module-probe-hooks.mjs for the whole process (ES
// modules) and records what require() resolves too (CommonJS packages such as tree-sitter load that way);
// at exit, the built-in modules the process loaded, as `builtin:NAME` (node:crypto is required, not imported).
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

process.on('exit', () => {
  if (!process.env.FWC_MODULE_LOG) return;
  const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => `builtin:${m.slice('NativeModule '.length)}\n`);
  fs.appendFileSync(process.env.FWC_MODULE_LOG, builtins.join(''));
});
