// ld expression semantics: number forms, operators and precedence, 64-bit wrap, signed `/` `%`, and null (never a
// guess) for what only the link knows. Also cpp detection and small script-level behaviours.
import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../../linker/expression-evaluator.js';
import { formatExpression, parseExpression } from '../../linker/expression-parser.js';
import { needsPreprocessing, parseLinkerScript } from '../../linker/index.js';
import { ScriptLexer } from '../../linker/lexer.js';

function ev(src: string, symbols: Record<string, bigint | null> = {}, dot: bigint | null = null): bigint | null {
  const lex = new ScriptLexer(src, 't.ld', []);
  const e = parseExpression(lex);
  expect(lex.peek('expr').kind, `trailing input in ${src}`).toBe('eof');
  return evaluateExpression(e, {
    symbol: (n) => symbols[n],
    region: (n) => (n === 'FLASH' ? { origin: 0x08000000n, length: 0x100000n } : undefined),
    dot,
    constants: { MAXPAGESIZE: 0x10000, COMMONPAGESIZE: 0x1000 },
  }).value;
}

describe('ld numbers', () => {
  it.each([
    ['0x8000000', 0x8000000n], ['0X1f', 0x1fn], ['$40024000', 0x40024000n], ['1000h', 0x1000n], ['deadH', 0xdeadn],
    ['010', 8n], ['777o', 0o777n], ['1010b', 10n], ['99d', 99n], ['64K', 65536n], ['4k', 4096n], ['2M', 2097152n],
    ['0x10K', 0x4000n], ['08', 0n], ['123', 123n],
  ])('%s = %s', (src, value) => {
    expect(ev(src)).toBe(value);
  });
});

describe('ld operators', () => {
  it.each([
    ['1 + 2 * 3', 7n], ['(1 + 2) * 3', 9n], ['1 << 4 + 1', 32n], ['0x10 | 0x01 & 0x11', 0x11n], ['1 == 1 && 2 > 1', 1n],
    ['0 || 3', 1n], ['~0 & 0xFFFFFFFF', 0xffffffffn], ['!5', 0n], ['-1', 0xffffffffffffffffn], ['-8 / 2', 0xfffffffffffffffcn],
    ['7 % -3', 1n], ['10 / 3', 3n], ['5 - 7 + 2', 0n], ['1 ? 2 : 3', 2n], ['0 ? 2 : 0 ? 4 : 5', 5n], ['3 >= 3', 1n],
    ['2 < 1', 0n], ['0x100 >> 4', 0x10n], ['6 ^ 3', 5n], ['MAX(3, 9) + MIN(3, 9)', 12n], ['ALIGN(0x1001, 0x100)', 0x1100n],
    ['LOG2CEIL(2048)', 11n], ['LOG2CEIL(2049)', 12n], ['LOG2CEIL(0)', 0n], ['ABSOLUTE(5)', 5n],
    ['ORIGIN(FLASH) + LENGTH(FLASH)', 0x08100000n], ['CONSTANT(MAXPAGESIZE)', 0x10000n], ['BLOCK(0x10)', null],
  ])('%s = %s', (src, value) => {
    expect(ev(src)).toBe(value);
  });

  it('unknown values stay null; a known side still decides && and ||', () => {
    expect(ev('ADDR(.text) + 4')).toBeNull();
    expect(ev('SIZEOF(.data)')).toBeNull();
    expect(ev('SIZEOF_HEADERS')).toBeNull();
    expect(ev('ALIGN(4)')).toBeNull();
    expect(ev('ALIGN(8)', {}, 0x1001n)).toBe(0x1008n);
    expect(ev('. + 4', {}, 0x100n)).toBe(0x104n);
    expect(ev('UNDEFINED_NAME + 1')).toBeNull();
    expect(ev('0 && UNDEFINED_NAME')).toBe(0n);
    expect(ev('1 || UNDEFINED_NAME')).toBe(1n);
    expect(ev('1 / 0')).toBeNull();
    expect(ev('ORIGIN(NO_SUCH_REGION)')).toBeNull();
    expect(ev('DEFINED(X) ? X : 0x400')).toBe(0x400n);
    expect(ev('DEFINED(X) ? X : 0x400', { X: 0x800n })).toBe(0x800n);
  });

  it('prints expressions normalized, parentheses kept', () => {
    const lex = new ScriptLexer('(0x0+0xc000)  -ORIGIN( FLASH )*2', 't.ld', []);
    expect(formatExpression(parseExpression(lex))).toBe('(0x0 + 0xc000) - ORIGIN(FLASH) * 2');
  });
});

describe('scripts', () => {
  it('detects cpp directives but not line markers', () => {
    expect(needsPreprocessing('# 1 "linker.cmd.S"\n# 12 "x.h" 2\nMEMORY {}')).toBe(false);
    expect(needsPreprocessing('MEMORY {}\n  #if !defined(MBED_APP_START)\n#endif')).toBe(true);
    expect(needsPreprocessing('#include "mem.h"\n')).toBe(true);
    expect(needsPreprocessing('  # define X 1\n')).toBe(true);
  });

  it('warns when a script needs cpp and no preprocessor is given; # lines are then comments, as in ld', () => {
    const r = parseLinkerScript('#if 0\nMEMORY { A (rx) : ORIGIN = 0, LENGTH = 4K }\n#endif\n', { file: 'x.ld' });
    expect(r.memory.map((m) => m.name)).toEqual(['A']);
    expect(r.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', file: 'x.ld', line: 1 })]);
  });

  it('runs the preprocess callback and parses its output', () => {
    const r = parseLinkerScript('#define SIZE 4K\nMEMORY { A (rx) : ORIGIN = 0, LENGTH = SIZE }\n', {
      file: 'x.ld', preprocess: (t) => ({ text: t.replace('#define SIZE 4K', '').replace('SIZE', '8K'), diagnostics: [] }),
    });
    expect(r.memory[0]).toMatchObject({ length: '8K', length_value: 8192 });
    expect(r.preprocessedFiles).toEqual(['x.ld']);
  });

  it('evaluates regions from final symbol values and --defsym, and refuses forward region references', () => {
    const r = parseLinkerScript([
      'MEMORY {',
      '  A (rx) : ORIGIN = BASE, LENGTH = SIZE',
      '  B (rx) : ORIGIN = ORIGIN(C), LENGTH = 4K',
      '  C (rx) : ORIGIN = 0x1000, LENGTH = 4K',
      '}',
      'BASE = 0x2000;',
      'BASE = 0x3000;',
    ].join('\n'), { file: 'x.ld', defsyms: { SIZE: '2K + 0x10' } });
    expect(r.memory.map((m) => [m.name, m.origin_value, m.length_value])).toEqual([['A', 0x3000, 0x810], ['B', null, 4096], ['C', 0x1000, 4096]]);
    expect(r.diagnostics.some((d) => d.line === 3 && /used before ld has evaluated it/.test(d.message))).toBe(true);
  });

  it('tracks `.` at SECTIONS level only until the next output section', () => {
    const r = parseLinkerScript('SECTIONS {\n . = 0x20000000;\n start = .;\n . = ALIGN(0x100);\n .data : { inside = .; }\n after = .;\n}\n', { file: 'x.ld' });
    expect(r.symbols.map((s) => [s.name, s.value, s.section])).toEqual([['start', 0x20000000, null], ['inside', null, '.data'], ['after', null, null]]);
  });

  it('models output sections: address, type, AT, regions, phdrs, fill, overlays', () => {
    const r = parseLinkerScript([
      'MEMORY { F (rx) : ORIGIN = 0, LENGTH = 1M\n R (rw) : ORIGIN = 0x20000000, LENGTH = 64K }',
      'PHDRS { text PT_LOAD ; data PT_LOAD ; }',
      'SECTIONS {',
      '  .text 0x100 : AT(0x200) ALIGN(4) SUBALIGN(2) { *(.text) FILL(0xff) LONG(0) } > F :text =0x90909090',
      '  .bss (NOLOAD) : { *(.bss) } >R',
      '  OVERLAY : NOCROSSREFS { .ov1 { *(.ov1) } .ov2 { *(.ov2) } } > R AT > F',
      '  .data : { *(.data) } > R AT> F :data,',
      '}',
      'INSERT AFTER .text;',
    ].join('\n'), { file: 'x.ld' });
    expect(r.diagnostics).toEqual([]);
    expect(r.sections.map((s) => [s.name, s.address, s.type, s.loadAddress, s.region, s.loadRegion, s.phdrs.join(','), s.fill])).toEqual([
      ['.text', '0x100', null, '0x200', 'F', null, 'text', '0x90909090'],
      ['.bss', null, 'NOLOAD', null, 'R', null, '', null],
      ['.ov1', null, null, null, 'R', 'F', '', null],
      ['.ov2', null, null, null, 'R', 'F', '', null],
      ['.data', null, null, null, 'R', 'F', 'data', null],
    ]);
  });

  it('warns about // comments and unknown commands, and carries on', () => {
    const r = parseLinkerScript('// not ld\nFROBNICATE(1, 2) ;\nMEMORY { A (rx) : ORIGIN = 0, LENGTH = 4K }\n', { file: 'x.ld' });
    expect(r.memory).toHaveLength(1);
    expect(r.diagnostics.map((d) => d.line)).toEqual([1, 2]);
  });
});
