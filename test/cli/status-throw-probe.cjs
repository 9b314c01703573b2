// Preloaded with --require by the status-fallback test: the status bundle's statusCommandLine prints a line and
// then throws, and every bundle the bin compiles is logged (one file name a line, to FWC_BUNDLE_LOG).
const fs = require('node:fs');
const vm = require('node:vm');

const Script = vm.Script;
vm.Script = function (code, options) {
  const script = new Script(code, options);
  const file = (options && options.filename) || '';
  if (process.env.FWC_BUNDLE_LOG) fs.appendFileSync(process.env.FWC_BUNDLE_LOG, `${file}\n`);
  if (!file.endsWith('status-cli.cjs')) return script;
  const run = script.runInThisContext.bind(script);
  script.runInThisContext = (...a) => {
    const fn = run(...a);
    return function (exports, req, module, ...rest) {
      const result = fn.call(this, exports, req, module, ...rest);
      module.exports = {
        ...module.exports,
        statusCommandLine: async () => {
          process.stdout.write('status printed this\n');
          throw new Error('status broke after printing');
        },
      };
      return result;
    };
  };
  return script;
};
vm.Script.prototype = Script.prototype;
