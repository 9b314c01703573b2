// Preloaded with --require by the start-up test: at exit, appends to $FWC_BUILTIN_LOG each built-in module the
// process loaded after this preload (one name a line). CommonJS and hook-free, so it loads nothing itself (the
// module probe's hooks load node:module and a thread's messaging).
const fs = require('node:fs');

const before = new Set(process.moduleLoadList);
process.on('exit', () => {
  if (!process.env.FWC_BUILTIN_LOG) return;
  const loaded = process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule ')).map((m) => `${m.slice('NativeModule '.length)}\n`);
  fs.appendFileSync(process.env.FWC_BUILTIN_LOG, loaded.join(''));
});
