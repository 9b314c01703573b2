// Generates a synthetic C firmware corpus (drivers with headers, #if branches, enums, structs, macros)
// and its compile_commands.json, sized by a file count.
import fs from 'node:fs';
import path from 'node:path';

export interface CorpusOptions {
  files: number;
  functionsPerFile: number;
}

export function generateCorpus(root: string, opts: CorpusOptions): { bytes: number; units: number } {
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.mkdirSync(path.join(root, 'include'), { recursive: true });
  fs.mkdirSync(path.join(root, 'build'), { recursive: true });
  let bytes = 0;
  const write = (rel: string, text: string) => {
    fs.writeFileSync(path.join(root, rel), text);
    bytes += Buffer.byteLength(text);
  };
  const headers = Math.max(1, Math.floor(opts.files / 10));
  for (let h = 0; h < headers; h++) {
    const lines = [`#ifndef MODULE_${h}_H`, `#define MODULE_${h}_H`, '#include <stdint.h>', `#define MODULE_${h}_BASE (0x40000000u + ${h} * 0x400u)`, `#define MODULE_${h}_REG(off) (*(volatile uint32_t *)(MODULE_${h}_BASE + (off)))`];
    lines.push(`/** State of module ${h}. */`, `enum module_${h}_state {`, `  MODULE_${h}_IDLE,`, `  MODULE_${h}_BUSY = 4,`, `  MODULE_${h}_ERROR,`, '};');
    lines.push(`/** Configuration of module ${h}. */`, `struct module_${h}_config {`, '  uint32_t speed;', '  uint8_t mode;', '#if defined(FEATURE_DMA)', '  uint8_t dma_channel;', '#endif', '};');
    for (let f = 0; f < opts.functionsPerFile; f++) lines.push(`/** Operation ${f} of module ${h}. */`, `int module_${h}_op_${f}(struct module_${h}_config *cfg, int arg);`);
    lines.push('#endif', '');
    write(`include/module_${h}.h`, lines.join('\n'));
  }
  const units: { directory: string; command: string; file: string }[] = [];
  for (let i = 0; i < opts.files; i++) {
    const h = i % headers;
    const lines = [`/* Driver ${i}: synthetic. */`, `#include "module_${h}.h"`, `#include "module_${(h + 1) % headers}.h"`, '', `static uint32_t driver_${i}_counter;`, ''];
    for (let f = 0; f < opts.functionsPerFile; f++) {
      lines.push(`/** Handle request ${f} of driver ${i}; returns the new counter. */`);
      lines.push(`int driver_${i}_handle_${f}(int value)`, '{', '  int scaled = value * 3;');
      lines.push('#if BOARD_REV >= 2', `  scaled += MODULE_${h}_REG(${f * 4});`, '#else', '  scaled -= 1;', '#endif');
      lines.push(`  driver_${i}_counter += (uint32_t)scaled;`, `  return (int)driver_${i}_counter;`, '}', '');
    }
    lines.push('#ifdef UNIT_TEST', `void driver_${i}_test_hook(void) {}`, '#endif', '');
    write(`src/driver_${i}.c`, lines.join('\n'));
    units.push({ directory: path.join(root, 'build'), command: `gcc -DBOARD_REV=2 -DFEATURE_DMA -I${path.join(root, 'include')} -c ${path.join(root, 'src', `driver_${i}.c`)} -o driver_${i}.o`, file: path.join(root, 'src', `driver_${i}.c`) });
  }
  fs.writeFileSync(path.join(root, 'build', 'compile_commands.json'), JSON.stringify(units, null, 1));
  return { bytes, units: units.length };
}
