// The differential check against the host gcc: 100 % agreement on the fixtures, and planted disagreements it must report.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDifferentialReport, keptLines, namedAsRead, preprocessOnlyArgv, runDifferentialCheck } from '../../src/preprocessor/differential-check.js';
import { copyFixture, databases, hasCompiler, listCases } from './fixture-support.js';
import { tempDir } from '../helpers/fixture-project.js';

const HOST = hasCompiler('gcc') && hasCompiler('g++');
// Fixtures whose compile errors are the point are not compared (the compiler stops at a missing header).
const COMPARED = listCases().filter((c) => c !== 'malformed');

describe('differential check helpers', () => {
  it('drops output, compile-only and dependency flags and asks for -E -dD -dI', () => {
    expect(preprocessOnlyArgv(['ccache', 'gcc', '-MD', '-MF', 'x.d', '-c', 'a.c', '-o', 'a.o', '-DX', '-MTfoo'])).toEqual(['gcc', 'a.c', '-DX', '-E', '-dD', '-dI']);
    // Output flags in their long and clang spellings go; a value that looks like a flag stays a value.
    expect(preprocessOnlyArgv(['clang', '--output=a.o', '-MJ', 'db.json', '--output', 'b.o', '-c', 'a.c', '-include', '-c', '-MJx.json'])).toEqual(['clang', 'a.c', '-include', '-c', '-E', '-dD', '-dI']);
  });
  it('reads line markers into kept lines', () => {
    const out = ['# 1 "a.c"', '# 1 "<built-in>"', '#define X 1', '# 1 "a.c"', 'int a;', '', '# 10 "inc/b.h" 1', 'int b;', '# 3 "a.c" 2', 'int c;'].join('\n');
    const k = keptLines(out, '/p');
    expect([...k.get('/p/a.c')!]).toEqual([1, 3]);
    expect([...k.get('/p/inc/b.h')!]).toEqual([10]);
  });
  it('names a header the compiler gives by its real path as fw-context read it, through a linked folder', () => {
    // Debian's arm-none-eabi-gcc: the search folder /usr/lib/arm-none-eabi/include links to /usr/include/newlib, and
    // GCC's markers name system headers by their real path.
    const root = fs.realpathSync(tempDir());
    fs.mkdirSync(path.join(root, 'newlib'));
    fs.writeFileSync(path.join(root, 'newlib', 'string.h'), 'int s;\n');
    fs.symlinkSync(path.join(root, 'newlib'), path.join(root, 'include'));
    const read = path.join(root, 'include', 'string.h');
    const kept = new Map([[path.join(root, 'newlib', 'string.h'), new Set([1])], ['/p/a.c', new Set([2])]]);
    const named = namedAsRead(kept, new Map([[read, 0], ['/p/a.c', 0]]), new Map());
    expect([...named.keys()]).toEqual([read, '/p/a.c']);
  });
});

describe.skipIf(!HOST)('differential check against the host gcc', () => {
  for (const name of COMPARED) {
    const fx = copyFixture(name);
    for (const db of databases(fx.root)) {
      it(`${name}/${db}: 100% agreement where the compiler exists`, () => {
        const report = runDifferentialCheck(path.join(fx.root, db));
        const text = formatDifferentialReport(report, { relativeTo: fx.root });
        expect(report.disagreements, text).toEqual([]);
        expect(report.agreementPercent).toBe(100);
        for (const u of report.units) {
          if (u.status === 'skipped') expect(u.reason).toMatch(/not on this machine|folder .* does not exist/);
          else expect(u.filesOnlyCompilerRead).toEqual([]);
        }
        if (report.units.some((u) => u.status === 'checked')) expect(report.totalGroups).toBeGreaterThan(0);
      });
    }
  }

  it('covers the fixtures: every host-compiler case is checked, the arm one where arm-none-eabi-gcc is installed', () => {
    const arm = copyFixture('arm-implicit');
    const r = runDifferentialCheck(path.join(arm.root, 'compile_commands.json'));
    if (hasCompiler('arm-none-eabi-gcc')) {
      expect(r.units.map((u) => u.status)).toEqual(['checked']);
      expect(r.agreementPercent).toBe(100);
    } else {
      expect(r.units.map((u) => u.status)).toEqual(['skipped']);
      expect(formatDifferentialReport(r)).toContain('skipped');
    }
    const host = copyFixture('host-implicit');
    const h = runDifferentialCheck(path.join(host.root, 'compile_commands.json'));
    expect(h.units.map((u) => u.status)).toEqual(['checked', 'checked']);
    expect(h.totalGroups).toBeGreaterThanOrEqual(20);
  });

  it('fails and reports in the documented format when fw-context decides wrongly (tampered decision)', () => {
    const fx = copyFixture('multi-board');
    const db = path.join(fx.root, 'build-a/compile_commands.json');
    const board = path.join(fx.root, 'src/board.c');
    const report = runDifferentialCheck(db, {
      preprocess: { overrideDecision: (file, line, computed) => (file === board && line === 3 ? !computed : computed) },
    });
    expect(report.agreementPercent).toBeLessThan(100);
    const text = formatDifferentialReport(report, { relativeTo: fx.root });
    expect(text).toContain('src/board.c:3: #ifdef BOARD_A — compiler took #ifdef BOARD_A (line 3), fw-context took #else (line 13)');
    expect(text).toMatch(/src\/board\.c: \d+\/\d+ groups agree \(\d+\.\d%\)/);
  });

  it('names a missing working folder instead of calling the compiler missing', () => {
    const arm = copyFixture('arm-implicit');
    fs.rmSync(path.join(arm.root, 'build-m4'), { recursive: true });
    const r = runDifferentialCheck(path.join(arm.root, 'compile_commands.json'));
    expect(r.units[0].status).toBe('skipped');
    if (hasCompiler('arm-none-eabi-gcc')) expect(r.units[0].reason).toMatch(/folder .*build-m4 does not exist/);
    else expect(r.units[0].reason).toMatch(/not on this machine/);
  });

  it('skips a unit the compiler stops in at a missing header instead of reporting the groups after it', () => {
    // ThreadX's FreeRTOS layer without its FreeRTOSConfig.h: gcc -E stops at the #include, so no group after it shows
    // a branch, and each #ifndef holding a #define read as "compiler took no branch".
    const root = fs.realpathSync(tempDir());
    fs.writeFileSync(path.join(root, 'a.c'), '#include "config_missing.h"\n#ifndef ASSERT_HOOK\n#define ASSERT_HOOK(x)\n#endif\n');
    fs.writeFileSync(path.join(root, 'b.c'), '#ifndef B_HOOK\n#define B_HOOK 1\n#endif\n');
    fs.writeFileSync(path.join(root, 'compile_commands.json'), JSON.stringify(['a.c', 'b.c'].map((f) => ({ directory: root, command: `gcc -c ${f}`, file: f }))));
    const report = runDifferentialCheck(path.join(root, 'compile_commands.json'));
    expect(report.disagreements, formatDifferentialReport(report)).toEqual([]);
    expect(report.units.map((u) => u.status)).toEqual(['skipped', 'checked']);
    expect(report.units[0].reason).toMatch(/stopped at .*a\.c:1:\d+: fatal error: config_missing\.h/);
    expect(report.files.map((f) => path.basename(f.file))).toContain('b.c');
    expect(report.files.map((f) => path.basename(f.file))).not.toContain('a.c');
  });

  it('fails when the implicit macros are wrong (generic table instead of the real gcc)', () => {
    const fx = copyFixture('host-implicit');
    const report = runDifferentialCheck(path.join(fx.root, 'compile_commands.json'), { preprocess: { implicitMacros: { forceTable: 'generic' } } });
    const hit = report.disagreements.find((d) => d.condition.includes('__x86_64__'));
    expect(hit, formatDifferentialReport(report)).toBeDefined();
    expect(hit!.compilerTook).toContain('#if defined(__x86_64__)');
    expect(hit!.fwTook).toContain('#else');
  });
});
