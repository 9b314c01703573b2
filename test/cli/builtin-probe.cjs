// Preloaded with --require by the start-up test: at exit, appends to $FWC_BUILTIN_LOG each built-in module the
// process loaded after this preload (one name a line) and, as `resolved:FILE`, each file require() resolved.
// CommonJS and hook-free, so it loads nothing itself (the module probe's hooks load node:module and a thread's
// messaging).
const fs = require('node:fs');
const Module = require('node:module');

const before = new Set(process.moduleLoadList);
const resolved = [];
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const file = resolveFilename.apply(this, args);
  if (file.startsWith('/')) resolved.push(file);
  return file;
};
process.on('exit', () => {
  if (!process.env.FWC_BUILTIN_LOG) return;
  const loaded = process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule ')).map((m) => `${m.slice('NativeModule '.length)}\n`);
  fs.appendFileSync(process.env.FWC_BUILTIN_LOG, loaded.join('') + resolved.map((f) => `resolved:${f}\n`).join(''));
});
