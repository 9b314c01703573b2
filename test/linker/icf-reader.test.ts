// IAR ILINK configuration files (.icf): symbols and regions with their values and lines, the `size` and `to` forms,
// ranges joined by `|`, regions named from others, `if (isdefinedsymbol(...))` blocks followed as ILINK does, and
// placement statements passed over.
import { describe, expect, it } from 'vitest';
import { readIcf } from '../../linker/icf-reader.js';

describe('ILINK configuration', () => {
  it('reads symbols and regions: from..to, from..size, joined ranges and regions named from others', () => {
    const text = `/* editor annotations */
define symbol __ROM_start__ = 0x0800_0000;
define exported symbol __ROM_end__ = __ROM_start__ + 512K - 1;
define symbol RAM_SIZE = 0x2_0000; // 128 KiB
define memory mem with size = 4G;
define region ROM_region = mem:[from __ROM_start__ to __ROM_end__];
define region RAM_region = mem:[from 0x20000000 size RAM_SIZE];
define region BOTH_RAM = mem:[from 0x10000000 size 64K] | mem:[from 0x20000000 size RAM_SIZE];
define region FLASH = ROM_region;
define block CSTACK with alignment = 8, size = 0x400 { };
place in ROM_region { readonly, block CSTACK };
initialize by copy { readwrite };`;
    const r = readIcf(text, '/p/a.icf');
    expect(r.memory.map((m) => [m.name, m.origin_value, m.length_value, m.line])).toEqual([
      ['ROM_region', 0x08000000, 512 * 1024, 6],
      ['RAM_region', 0x20000000, 0x20000, 7],
      ['BOTH_RAM', 0x10000000, 64 * 1024, 8],
      ['FLASH', 0x08000000, 512 * 1024, 9],
    ]);
    expect(r.symbols.map((s) => [s.name, s.value, s.line])).toEqual([['__ROM_start__', 0x08000000, 2], ['__ROM_end__', 0x0807ffff, 3], ['RAM_SIZE', 0x20000, 4]]);
    expect(r.diagnostics.map((d) => [d.line, d.message])).toEqual([[8, 'region BOTH_RAM joins 2 ranges; its first is shown']]);
  });

  it('follows if / else by the symbols defined so far, the first branch when it cannot tell', () => {
    const text = `define symbol USE_BOOT = 1;
if (isdefinedsymbol(USE_BOOT)) {
  define symbol APP_START = 0x08004000;
} else {
  define symbol APP_START = 0x08000000;
}
if (isdefinedsymbol(NO_SUCH)) { define region X = mem:[from 0 size 1]; }
else if (UNKNOWN_NAME == 2) { define region APP = mem:[from APP_START size 0x1C000]; }
else { define region APP = mem:[from 0 size 4]; }`;
    const r = readIcf(text, '/p/b.icf');
    expect(r.symbols.map((s) => [s.name, s.value])).toEqual([['USE_BOOT', 1], ['APP_START', 0x08004000]]);
    expect(r.memory.map((m) => [m.name, m.origin_value, m.length_value])).toEqual([['APP', 0x08004000, 0x1c000]]);
  });
});
