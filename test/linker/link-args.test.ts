// linkArgsInfo: scripts, -L, --defsym, -Map and -o from gcc-driver and plain ld command lines.
import { describe, expect, it } from 'vitest';
import { linkArgsInfo } from '../../linker/index.js';

describe('linkArgsInfo', () => {
  it('reads a gcc driver link line with -Wl, forms', () => {
    const info = linkArgsInfo([
      'arm-none-eabi-gcc', '-mcpu=cortex-m4', '-Tboard/STM32F407VGTx_FLASH.ld', '-Wl,-T,extra.ld', '-Wl,-Tthird.ld',
      '-Wl,--script=fourth.ld', '-Lsdk/lib', '-L', 'other/lib', '-Wl,--defsym,__stack_size=0x1000',
      '-Wl,--defsym=__heap_size=0x400', '-Wl,-Map=build/app.map', '-Wl,--gc-sections', 'main.o', '-o', 'build/app.elf',
    ]);
    expect(info).toEqual({
      scripts: ['board/STM32F407VGTx_FLASH.ld', 'extra.ld', 'third.ld', 'fourth.ld'],
      libraryPaths: ['sdk/lib', 'other/lib'],
      defsyms: { __stack_size: '0x1000', __heap_size: '0x400' },
      mapFile: 'build/app.map',
      output: 'build/app.elf',
    });
  });

  it('reads a plain ld line and ignores -Ttext', () => {
    const info = linkArgsInfo(['ld', '-Ttext', '0x1000', '-T', 'a.ld', '--defsym', 'X=1', '-Map', 'out.map', '-Wl,-Map,never-mind.map', '-oout.elf']);
    expect(info.scripts).toEqual(['a.ld']);
    expect(info.defsyms).toEqual({ X: '1' });
    expect(info.mapFile).toBe('never-mind.map');
    expect(info.output).toBe('out.elf');
  });
});
