import { it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { preprocessBuild } from '../../src/preprocessor/preprocess-build.js';
it('perf', () => {
  const files: Record<string, string> = {};
  const H = 1700;
  for (let i = 0; i < H; i++) {
    let body = `#ifndef H${i}\n#define H${i}\n`;
    for (let k = 0; k < 8; k++) body += `#include "h${(i * 7 + k * 13) % H}.h"\n`;
    for (let k = 0; k < 40; k++) body += `/* doc ${k} */\n#if defined(CONFIG_${k}) && LEVEL > ${k % 4} || IS_ON(CONFIG_${k})\n#define M${i}_${k} (${k} * 2 + LEVEL)\nint f${i}_${k}(int a, const char *s) { return a + s[0]; }\n#else\nstatic inline int g${i}_${k}(void) { return ${k}; }\n#endif\n`;
    body += '#endif\n';
    files[`/p/inc/h${i}.h`] = body;
  }
  const units: CompileUnit[] = [];
  for (let u = 0; u < 300; u++) {
    let src = '#define _XXXX1 _YYYY,\n#define Z1(c) Z2(_XXXX##c)\n#define Z2(o) Z3(o 1, 0)\n#define Z3(i, v, ...) v\n#define IS_ON(c) Z1(c)\n';
    for (let k = 0; k < 100; k++) src += `#include "h${(u * 31 + k * 17) % H}.h"\n`;
    for (let k = 0; k < 200; k++) src += `int code_${k}(void) { return ${k}; }\n`;
    files[`/p/src/u${u}.c`] = src;
    units.push({ file: `/p/src/u${u}.c`, directory: '/p', arguments: ['arm-none-eabi-gcc', '-Iinc', `-DLEVEL=${u % 4}`, '-DCONFIG_3=1', '-DCONFIG_7', '-mcpu=cortex-m4', '-c', `src/u${u}.c`] });
  }
  const t = performance.now();
  const r = preprocessBuild(units, { readFile: (f) => files[f], useRealCompiler: false });
  console.log('elapsedMs', r.elapsedMs.toFixed(0), 'wall', (performance.now() - t).toFixed(0), 'files', r.files.size, 'macros', r.macros.length, 'diags', r.diagnostics.length, r.diagnostics[0]);
}, 300000);
