// Preloaded with --require by the command-bundle test: records, for each script compiled with a V8 code cache,
// its file and whether V8 took the cache (one JSON line each, to FWC_CACHE_LOG).
const fs = require('node:fs');
const vm = require('node:vm');

const Script = vm.Script;
vm.Script = function (code, options) {
  const script = new Script(code, options);
  if (process.env.FWC_CACHE_LOG && options && options.cachedData) {
    fs.appendFileSync(process.env.FWC_CACHE_LOG, `${JSON.stringify({ file: options.filename, rejected: script.cachedDataRejected })}\n`);
  }
  return script;
};
vm.Script.prototype = Script.prototype;
