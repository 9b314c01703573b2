// preprocessBuild: unit environments, include resolution, guards, implicit macros and merging units into a build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasCompiler } from './fixture-support.js';
import type { CompileUnit } from '../../adapters/contract.js';
import { SkeletonCache, buildSkeleton } from '../../src/preprocessor/file-skeleton.js';
import { ImplicitMacroProvider, tableFor } from '../../src/preprocessor/implicit-macros.js';
import { preprocessBuild } from '../../src/preprocessor/preprocess-build.js';
import type { MacroDef } from '../../src/preprocessor/macro-definition.js';
import { parseDefines } from '../../src/preprocessor/parsed-defines.js';
import { scanSource } from '../../src/preprocessor/scan-source.js';

/** An in-memory project: path → text. */
function project(files: Record<string, string>) {
  return { readFile: (f: string) => files[f], useRealCompiler: false };
}
const unit = (file: string, args: string[], compiler = 'arm-none-eabi-gcc'): CompileUnit => ({ file, directory: '/p', arguments: [compiler, ...args, '-c', file] });
const active = (lines: Uint8Array | undefined) => (lines ? [...lines].map((v, i) => (v ? i + 1 : 0)).filter(Boolean) : []);

describe('scanSource (phases 1-3)', () => {
  it('joins continuations, strips comments, keeps strings and marks directives', () => {
    const s = scanSource(['#define A 1 \\', '  + 2', 'int x; /* a', ' #if 0 */ int y;', 'char *s = "/* no";', '  # /* c */ if A // x', '#endif', "R\"(raw", '*/ )\";'].join('\n'));
    expect(s.lines.map((l) => [l.first, l.last, l.directive])).toEqual([
      [1, 2, true],
      [3, 4, false],
      [5, 5, false],
      [6, 6, true],
      [7, 7, true],
      [8, 9, false],
    ]);
    expect(s.lines[0].text).toBe('#define A 1   + 2');
    expect(s.lines[3].text!.replace(/\s+/g, ' ')).toBe(' # if A ');
  });
  it('treats a line whose first token follows a multi-line comment as a directive', () => {
    const s = scanSource('/* x\n y */ #define Q 1\nQ\n');
    expect(s.lines[0]).toMatchObject({ first: 1, last: 2, directive: true });
  });
  it('reads a comment of many lines, with spliced lines and stars at line ends, to its real end', () => {
    const body = Array.from({ length: 3000 }, (_, i) => (i % 2 ? ` * ${i} ends in a star *` : '/ starts with a slash'));
    const s = scanSource(['int a; /* open', ...body, ' *\\', '/ int b; /* again */ #if 0', '#define C 1', ''].join('\n'));
    expect(s.lines.map((l) => [l.first, l.last, l.directive])).toEqual([
      [1, 3003, false],
      [3004, 3004, true],
    ]);
    expect(s.unterminatedComment).toBeUndefined();
  });
  it('reads a raw string of many lines, with false closings on them, to its real end', () => {
    const body = Array.from({ length: 3000 }, (_, i) => (i % 2 ? `  )x" ${i} /* not a comment` : '#define NOT_A_DIRECTIVE )"'));
    const s = scanSource(['const char *t = R"xy(', ...body, ')xy"; int after; // c', '#define C 1', 'R"q(', 'never closed'].join('\n'), { keepCodeText: true });
    expect(s.lines.map((l) => [l.first, l.last, l.directive])).toEqual([
      [1, 3002, false],
      [3003, 3003, true],
      [3004, 3005, false],
    ]);
    expect(s.lines[0].text!.startsWith(`const char *t = R"xy(\n${body[0]}\n`)).toBe(true);
    expect(s.lines[0].text!.endsWith(`${body[2999]}\n)xy"; int after;  `)).toBe(true);
    expect(s.lines[2].text).toBe('R');
  });
  it('flags an unterminated comment', () => {
    expect(scanSource('int a;\n/* open\n#if 1\n').unterminatedComment).toBe(2);
  });
});

describe('buildSkeleton', () => {
  it('matches groups and detects guards and #pragma once', () => {
    const sk = buildSkeleton('/h.h', '// c\n#ifndef H\n#define H\n#if A\n#elif B\n#else\n#endif\n#endif\n');
    expect(sk.guard).toBe('H');
    expect(sk.directives[2].next).toBe(3);
    expect(sk.directives[2].end).toBe(5);
    expect(buildSkeleton('/h.h', '#ifndef H\n#define H\n#endif\nint outside;\n').guard).toBeUndefined();
    expect(buildSkeleton('/h.h', '#ifndef H\n#else\n#endif\n').guard).toBeUndefined();
    expect(buildSkeleton('/h.h', '#if !defined(H)\n#define H\n#endif\n').guard).toBe('H');
    expect(buildSkeleton('/h.h', '#pragma once\n').pragmaOnce).toBe(true);
    const bad = buildSkeleton('/b.h', '#else\n#if 1\n#else\n#else\n#endif\n#endif\n#if 1\n');
    expect(bad.problems.map((p) => `${p.line}:${p.message}`)).toEqual(['1:#else without #if', '4:#else after #else', '6:#endif without #if', '7:unterminated #if']);
  });
});

describe('preprocessBuild', () => {
  const files: Record<string, string> = {
    '/p/inc/cfg.h': '#pragma once\n#define B 4\n#define A (B*2)\n#define UART_BAUD (115200U)\n#define NAME "x"\n#define FN(x) ((x)+1)\n#define NEG (-1)\n#define ADDR ((uint32_t)0x40000000UL)\n',
    '/p/inc/guarded.h': '#ifndef G_H\n#define G_H\nint g_decl;\n#endif\n',
    '/p/inc/sel.h': '#define SEL_HEADER "cfg.h"\n',
    '/p/a.c': '#include "sel.h"\n#include SEL_HEADER\n#include <guarded.h>\n#include <guarded.h>\n#if A == 8\nint a_is_8;\n#endif\n#ifdef BOARD_X\nint board_x;\n#endif\n',
    '/p/b.cpp': '#include <guarded.h>\n#ifdef BOARD_X\nint board_x;\n#else\nint not_board_x;\n#endif\n',
  };
  const units = [unit('/p/a.c', ['-I', 'inc', '-DBOARD_X', '-DLEVEL=3', '-mcpu=cortex-m4']), unit('/p/b.cpp', ['-Iinc', '-mcpu=cortex-m4'], 'arm-none-eabi-g++')];

  it('merges active lines, languages, unit files and macro values', () => {
    const r = preprocessBuild(units, project(files));
    expect(active(r.files.get('/p/a.c')?.activeLines)).toEqual([6, 9]);
    // union of the two units: board_x from a.c's unit does not affect b.cpp; b.cpp takes #else
    expect(active(r.files.get('/p/b.cpp')?.activeLines)).toEqual([5]);
    expect(r.files.get('/p/inc/guarded.h')).toMatchObject({ language: 'cpp', readBy: ['/p/a.c', '/p/b.cpp'] });
    expect(active(r.files.get('/p/inc/guarded.h')?.activeLines)).toEqual([3]);
    expect(r.files.get('/p/inc/cfg.h')?.language).toBe('c');
    expect(r.unitFiles.get('/p/a.c')).toEqual(['/p/a.c', '/p/inc/sel.h', '/p/inc/cfg.h', '/p/inc/guarded.h']);
    const m = (n: string) => r.macros.find((x) => x.name === n);
    expect(m('A')).toMatchObject({ value: '(B*2)', expandedValue: '8', file: '/p/inc/cfg.h', line: 3, functionLike: false, params: null });
    expect(m('UART_BAUD')?.expandedValue).toBe('115200');
    expect(m('NEG')?.expandedValue).toBe('-1');
    expect(m('ADDR')?.expandedValue).toBe(String(0x40000000));
    expect(m('NAME')?.expandedValue).toBeNull();
    expect(m('FN')).toMatchObject({ params: '(x)', value: '((x)+1)', functionLike: true, expandedValue: null });
    expect(m('LEVEL')).toMatchObject({ file: '<command-line>', expandedValue: '3' });
    expect(r.implicitMacros).toEqual([
      expect.objectContaining({ compiler: 'arm-none-eabi-gcc', source: 'table', table: expect.stringContaining('cortex-m4') }),
      expect.objectContaining({ compiler: 'arm-none-eabi-g++', source: 'table' }),
    ]);
    expect(r.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(r.diagnostics).toEqual([]);
  });

  it('reports a missing header with file and line and goes on', () => {
    const r = preprocessBuild([unit('/p/m.c', [])], project({ '/p/m.c': '#include "nope.h"\nint after;\n' }));
    expect(r.diagnostics).toEqual([expect.objectContaining({ file: '/p/m.c', line: 1, message: expect.stringContaining('nope.h') })]);
    expect(active(r.files.get('/p/m.c')?.activeLines)).toEqual([2]);
  });

  it('scans each file once per run and reuses skeletons across builds', () => {
    const hdrs: Record<string, string> = {};
    const n = 40;
    for (let i = 0; i < n; i++) hdrs[`/p/h${i}.h`] = `#ifndef H${i}\n#define H${i}\n#if LEVEL > ${i % 5}\nint h${i}_on;\n#endif\n#endif\n`;
    const all = Object.keys(hdrs).map((h) => `#include "${h.slice(3)}"`).join('\n');
    const units: CompileUnit[] = [];
    for (let u = 0; u < 30; u++) {
      hdrs[`/p/u${u}.c`] = `${all}\n${all}\nint unit${u};\n`;
      units.push(unit(`/p/u${u}.c`, [`-DLEVEL=${u % 3}`]));
    }
    const skeletons = new SkeletonCache();
    const provider = new ImplicitMacroProvider({ useRealCompiler: false });
    const r = preprocessBuild(units, { readFile: (f) => hdrs[f], skeletons, implicitMacros: provider });
    expect(skeletons.scans).toBe(n + 30);
    // LEVEL 0..2: h_i active when LEVEL > i%5 → i%5 in {0,1}
    const on = Object.keys(hdrs).filter((f) => /h\d+\.h$/.test(f) && r.files.get(f)!.activeLines[3] === 1);
    expect(on.length).toBe(16);
    preprocessBuild(units, { readFile: (f) => hdrs[f], skeletons, implicitMacros: provider });
    expect(skeletons.scans).toBe(n + 30);
  });
});

describe.skipIf(!hasCompiler('gcc'))('implicit macros from the real compiler', () => {
  it('asks gcc once, keeps its include dirs and caches the answer on disk', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-cc-'));
    const provider = new ImplicitMacroProvider({ cacheDir: dir });
    const a = provider.get('gcc', ['-O2'], 'c', dir);
    expect(a.source).toEqual({ compiler: 'gcc', targetFlags: ['-O2'], source: 'compiler' });
    expect(a.defines.find((d) => d.name === '__OPTIMIZE__')).toBeDefined();
    expect(a.defines.find((d) => d.name === '_STDC_PREDEF_H')).toBeUndefined();
    expect(a.systemDirs.length).toBeGreaterThan(0);
    expect(provider.get('gcc', ['-O2'], 'c', dir)).toBe(a);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    const again = new ImplicitMacroProvider({ cacheDir: dir }).get('gcc', ['-O2'], 'c', dir);
    expect(again.systemDirs).toEqual(a.systemDirs);
  });
});

describe('implicit macros kept parsed beside the compiler answers', () => {
  it('a second run reads the definitions back, equal to a fresh parse; an unreadable kept file is parsed again', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-defs-'));
    const get = () => new ImplicitMacroProvider({ cacheDir: dir, forceTable: 'arm-none-eabi-gcc' }).get('arm-none-eabi-gcc', ['-mcpu=cortex-m4', '-mthumb'], 'c', dir);
    const parsed = get();
    const kept = fs.readdirSync(dir).filter((f) => /^defines-.*\.v8$/.test(f));
    expect(kept).toHaveLength(1);
    const fresh = (defs: MacroDef[]) => defs.map((d) => ({ ...d, more: undefined }));
    const read = get();
    expect(read.defines).not.toBe(parsed.defines);
    expect(fresh(read.defines)).toEqual(fresh(parsed.defines));
    expect(fresh(read.defines)).toEqual(fresh(parseDefines(tableFor('arm-none-eabi-gcc', ['-mcpu=cortex-m4', '-mthumb'], 'c').text)));
    fs.writeFileSync(path.join(dir, kept[0]), 'not a serialized value');
    expect(fresh(get().defines)).toEqual(fresh(parsed.defines));
  });
});

describe('implicit macro tables', () => {
  const has = (text: string, line: string) => text.split('\n').includes(line);
  it('composes arm-none-eabi-gcc Cortex-M targets from -mcpu/-mfloat-abi/-mfpu', () => {
    const m4 = tableFor('arm-none-eabi-gcc', ['-mcpu=cortex-m4', '-mthumb', '-mfloat-abi=hard', '-mfpu=fpv4-sp-d16'], 'c');
    for (const l of ['#define __ARM_ARCH_7EM__ 1', '#define __ARM_ARCH 7', '#define __ARM_FP 4', '#define __ARM_PCS_VFP 1', '#define __thumb2__ 1', '#define __ARM_ARCH_PROFILE 77', '#define __NO_INLINE__ 1'])
      expect(has(m4.text, l), l).toBe(true);
    expect(m4.text).not.toContain('__SOFTFP__');
    const m0 = tableFor('arm-none-eabi-gcc', ['-mcpu=cortex-m0plus', '-mthumb'], 'c');
    expect(has(m0.text, '#define __ARM_ARCH_6M__ 1') && has(m0.text, '#define __SOFTFP__ 1')).toBe(true);
    expect(m0.text).not.toContain('__thumb2__');
    const m7 = tableFor('arm-none-eabi-gcc', ['-mcpu=cortex-m7', '-mfloat-abi=hard', '-mfpu=fpv5-d16'], 'cpp');
    expect(has(m7.text, '#define __ARM_FP 14') && has(m7.text, '#define __cplusplus 201703L')).toBe(true);
    const m33 = tableFor('arm-none-eabi-gcc', ['-mcpu=cortex-m33', '-mfloat-abi=softfp', '-Os', '-std=c99'], 'c');
    for (const l of ['#define __ARM_ARCH_8M_MAIN__ 1', '#define __ARM_FEATURE_CMSE 1', '#define __ARM_FP 4', '#define __ARM_PCS 1', '#define __OPTIMIZE_SIZE__ 1', '#define __STDC_VERSION__ 199901L', '#define __STRICT_ANSI__ 1'])
      expect(has(m33.text, l), l).toBe(true);
    expect(m33.name).toBe('arm-none-eabi-gcc-12/cortex-m33+fp/softfp');
  });
  it('has a host gcc table and a generic fallback', () => {
    const host = tableFor('gcc', [], 'cpp');
    expect(has(host.text, '#define __x86_64__ 1') && has(host.text, '#define __cplusplus 201703L')).toBe(true);
    expect(host.text).not.toContain('__STDC_VERSION__');
    const generic = tableFor('cl430', [], 'c');
    expect(generic.name).toBe('generic');
    expect(generic.text).not.toContain('__GNUC__');
  });
});
