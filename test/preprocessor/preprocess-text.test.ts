// preprocessToText for linker scripts: line-preserving output, macro expansion, include-only-for-macros.
import { describe, expect, it } from 'vitest';
import { preprocessToText } from '../../src/preprocessor/preprocess-text.js';

const files: Record<string, string> = {
  '/x/inc/mem.h': '#ifndef MEM_H\n#define MEM_H\n#define FLASH_SIZE (512*1024)\n#define RAM_ADDR(x) (x + 0x20000000)\n#endif\n',
  '/x/inc/bad.h': '#define BAD 1\nint stray_code;\n',
};

const src = `/* linker */
#include "mem.h"
#if defined(BOOT)
FLASH_START = 0x0;
#else
FLASH_START = 0x8000; /* app */
#endif
MEMORY {
  FLASH (rx) : ORIGIN = FLASH_START, LENGTH = FLASH_SIZE
  RAM (rwx) : ORIGIN = RAM_ADDR(0), LENGTH = \\
     64K
}
#define MAX(a,b) ((a)>(b)?(a):(b))
Y = MAX(1,
     2);
#ifdef APP
APP_ONLY = APP;
#endif
`;

describe('preprocessToText', () => {
  it('keeps line numbering, blanks directives and inactive lines, expands macros', () => {
    const r = preprocessToText(src, '/x/app.ld', { defines: { APP: '7' }, includeDirs: ['/x/inc'], readFile: (f) => files[f] });
    const lines = r.text.split('\n');
    const inLines = src.split('\n');
    expect(lines.length).toBe(inLines.length);
    expect(lines[0]).toBe('/* linker */');
    expect(lines[1]).toBe('');
    expect(lines[3]).toBe('');
    expect(lines[5]).toBe('FLASH_START = 0x8000; /* app */');
    expect(lines[8]).toBe('  FLASH (rx) : ORIGIN = FLASH_START, LENGTH = (512*1024)');
    expect(lines[9]).toBe('  RAM (rwx) : ORIGIN = (0 + 0x20000000), LENGTH = 64K');
    expect(lines[10]).toBe('');
    expect(lines[13]).toBe('Y = ((1)>(2)?(1):(2));');
    expect(lines[14]).toBe('');
    expect(lines[16]).toBe('APP_ONLY = 7;');
    expect(r.diagnostics).toEqual([]);
  });

  it('takes the other branch with another define, and reports missing includes and included content', () => {
    const r = preprocessToText('#include "bad.h"\n#include "nope.h"\n#ifdef BOOT\nA = BAD;\n#endif\n', '/x/b.ld', {
      defines: { BOOT: '' },
      includeDirs: ['/x/inc'],
      readFile: (f) => files[f],
    });
    expect(r.text.split('\n')[3]).toBe('A = 1;');
    expect(r.diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual(expect.arrayContaining(['/x/b.ld:2', '/x/inc/bad.h:2']));
  });

  it('undefines and reports a malformed #if with its line', () => {
    const r = preprocessToText('#if (1\nX\n#endif\n#ifdef U\nU_ON\n#endif\nEND\n', '/x/c.ld', { defines: { U: '1' }, undefines: ['U'] });
    expect(r.text).toBe('\n\n\n\n\n\nEND\n');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0].line).toBe(1);
  });
});
