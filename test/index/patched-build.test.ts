// The re-index fast path for a build whose description is unchanged (only the dirty units redone, only the
// affected files' rows replaced) leaves the same rows a from-scratch index of the edited tree writes.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { copyFixtureToTemp, indexedFixture, tempDir } from '../helpers/fixture-project.js';
import { DEFAULT_CONFIG, indexPath, STATE_DIR, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { poolWalks } from '../../src/indexer/pooled-walks.js';
import { walkedNamesLimit } from '../../src/indexer/unit-reads.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { removeIndexFiles } from '../helpers/remove-index.js';
import { readChecksummed, writeChecksummed } from '../../src/indexer/build-state-files.js';
import { indexedSmallCorpus } from '../helpers/small-corpus.js';
import { buildDiagnosticRows } from '../helpers/build-list-rows.js';
import { storedListJson } from '../../src/index/value-lists.js';

const NAMES_LIMIT = walkedNamesLimit.chars;

/** What queries read of each build, without row ids: files and parses, symbols, lines, macros, units. */
function snapshot(dbFile: string): Record<string, unknown[]> {
  const db = new Database(dbFile, { readonly: true });
  const all = (sql: string) => (db.prepare(sql).raw().all() as unknown[][]).map((r) => JSON.stringify(r)).sort();
  const out = {
    files: all(
      `SELECT b.variant, b.image, f.path, f.content_hash, p.mask_hash, p.language, p.parse_error, bf.is_unit, bf.activity
       FROM build_files bf JOIN builds b ON b.id = bf.build_id JOIN parsed_files p ON p.id = bf.parsed_id JOIN files f ON f.id = p.file_id`,
    ),
    symbols: all(
      `SELECT b.variant, f.path, lower(hex(s.stable_id)), s.name, s.qualified_name, s.kind, s.line, s.end_line, s.col, s.is_definition, s.signature
       FROM symbols s JOIN parse_chunks sc ON sc.chunk_id = s.chunk_id JOIN build_files bf ON bf.parsed_id = sc.parsed_id JOIN builds b ON b.id = bf.build_id
       JOIN parsed_files p ON p.id = sc.parsed_id JOIN files f ON f.id = p.file_id`,
    ),
    refs: all(
      `SELECT b.variant, f.path, r.name, r.line, r.col, r.kind FROM refs r JOIN parse_chunks rc ON rc.chunk_id = r.chunk_id JOIN build_files bf ON bf.parsed_id = rc.parsed_id
       JOIN builds b ON b.id = bf.build_id JOIN parsed_files p ON p.id = rc.parsed_id JOIN files f ON f.id = p.file_id`,
    ),
    lines: all(
      `SELECT b.variant, f.path, l.line_count, l.active, l.evaluated, l.taken FROM build_file_lines bl JOIN builds b ON b.id = bl.build_id
       JOIN files f ON f.id = bl.file_id JOIN line_sets l ON l.id = bl.lines_id`,
    ),
    macros: all(
      `SELECT b.variant, g.file, m.name, m.params, m.value, m.function_like, m.line, m.expanded_value FROM build_macro_groups bg
       JOIN builds b ON b.id = bg.build_id JOIN macro_groups g ON g.id = bg.group_id JOIN macros m ON m.group_id = g.id`,
    ),
    units: all('SELECT b.variant, up.path, r.hash FROM build_units bu JOIN builds b ON b.id = bu.build_id JOIN unit_paths up ON up.id = bu.unit_id JOIN unit_results r ON r.id = bu.result_id'),
    builds: (db.prepare('SELECT variant, image, fingerprint, diagnostics_id, implicit_macros_json, units_id FROM builds').raw().all() as unknown[][])
      .map((r) => JSON.stringify(r.map((v, i) => (i === 3 || i === 5 ? storedListJson(db, v as number) : v))))
      .sort(),
    diagnostics: buildDiagnosticRows(db).map((r) => JSON.stringify(r)).sort(),
  };
  db.close();
  return out;
}

/**
 * Without the parse diagnostics of the build. The full path reports them only for the files it parsed in
 * that run (a kept parse's diagnostics are not carried over); the fast path keeps them.
 */
function withoutParseDiagnostics(rows: Record<string, unknown[]>): Record<string, unknown[]> {
  return { ...rows, builds: rows.builds.map((b) => JSON.stringify([...(JSON.parse(String(b)) as unknown[]).slice(0, 3), ...(JSON.parse(String(b)) as unknown[]).slice(4)])), diagnostics: [] };
}

/** Rows of the index as it stands, then of a from-scratch index of the same tree. */
async function againFromScratch(root: string): Promise<{ incremental: Record<string, unknown[]>; scratch: Record<string, unknown[]> }> {
  const incremental = snapshot(indexPath(root));
  removeIndexFiles(root);
  const full = await indexProject({ root });
  expect(full.builds.every((b) => !b.patched && !b.unchanged)).toBe(true);
  return { incremental, scratch: snapshot(indexPath(root)) };
}

describe('re-index fast path (unchanged build description)', () => {
  it('a .c edit: only that unit and file are redone, and the rows equal a from-scratch index', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const unit = path.join(root, 'src/drivers/gpio.c');
    fs.appendFileSync(unit, '\nint gpio_patched(void) { return 2; }\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 1 });
    // Only the source changed, after its last directive: its previous result is carried over, no header walked.
    expect(r).toMatchObject({ carriedUnits: 1, headerWalks: { walked: 0, replayed: 0 } });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental.symbols.some((s) => String(s).includes('gpio_patched'))).toBe(true);
    expect(incremental).toEqual(scratch);
  });

  it('a .c edit in a unit whose walk diagnoses a missing header: patched, its diagnostics kept, the rows equal a from-scratch index', async () => {
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    writeConfig(root, DEFAULT_CONFIG);
    const unit = path.join(root, 'src/drivers/gpio.c');
    fs.writeFileSync(unit, `#include "not_in_this_tree.h"\n${fs.readFileSync(unit, 'utf8')}`);
    await indexProject({ root });
    fs.appendFileSync(unit, '\nint gpio_patched(void) { return 2; }\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 1 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental.diagnostics.some((d) => String(d).includes('not_in_this_tree.h'))).toBe(true);
    expect(incremental.symbols.some((s) => String(s).includes('gpio_patched'))).toBe(true);
    expect(incremental).toEqual(scratch);
  });

  it('an edit changing no active line: nothing re-parsed, the rows equal a from-scratch index', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const unit = path.join(root, 'src/drivers/gpio.c');
    fs.writeFileSync(unit, fs.readFileSync(unit, 'utf8').replace('#include "gpio.h"', '#include "gpio.h" /* pins and modes */'));
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 0, carriedUnits: 1 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('a header edit read by several units: the rows equal a from-scratch index', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const header = path.join(root, 'src/drivers/gpio.h');
    fs.writeFileSync(header, fs.readFileSync(header, 'utf8').replace('int gpio_read(gpio_pin_t pin);', 'int gpio_read(gpio_pin_t pin);\nvoid gpio_toggle(gpio_pin_t pin);'));
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ preprocessed: 2, parsed: 1 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental.symbols.some((s) => String(s).includes('gpio_toggle'))).toBe(true);
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
  });

  it('a .c edit adding a #define (the macro table of the build changes): patched, the other files re-keyed, the same rows as from scratch', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\n#define GPIO_PATCHED 7\nint gpio_patched(void) { return GPIO_PATCHED; }\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 1 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental.macros.some((s) => String(s).includes('GPIO_PATCHED'))).toBe(true);
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
  });

  it('a .c edit that makes a new include falls back to the full path, with the same rows as from scratch', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const unit = path.join(root, 'src/drivers/gpio.c');
    fs.appendFileSync(unit, '\n#include "uart.h"\nint gpio_uses_uart(void) { return 3; }\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ preprocessed: 1 });
    expect(r.builds[0].patched).toBeUndefined();
    const { incremental, scratch } = await againFromScratch(root);
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
  });

  it('a header every unit of two builds reads, edited between directives: every unit carried over, none walked, rows as from scratch', async () => {
    const { root, sampleHeader } = await indexedSmallCorpus(2);
    const header = fs.readFileSync(sampleHeader, 'utf8');
    // A declaration added inside the include guard, above an #if block, a #define and the enum that uses it.
    fs.writeFileSync(sampleHeader, header.replace('/** Object', 'int k_added_above(void);\n\n/** Object'));
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds.map((b) => [b.patched, b.preprocessed, b.carriedUnits])).toEqual([
      [true, 12, 12],
      [true, 12, 12],
    ]);
    expect(r.headerWalks).toMatchObject({ walked: 0, replayed: 0 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental.symbols.filter((s) => String(s).includes('k_added_above'))).toHaveLength(2);
    expect(incremental).toEqual(scratch);
  });

  describe('a header edit changing only #defines carries over the units whose walk read none of the names it changed', () => {
    /** A one-build corpus of 12 units that all read the sample header, indexed. */
    async function indexedCorpus(): Promise<{ root: string; header: string; unit: string; autoconf: string }> {
      const { root, sampleHeader, sampleUnit, buildDirs } = await indexedSmallCorpus(1);
      return { root, header: sampleHeader, unit: sampleUnit, autoconf: path.join(buildDirs[0], 'zephyr/include/generated/zephyr/autoconf.h') };
    }
    const edit = replaceInFile;
    const counts = (r: Awaited<ReturnType<typeof indexProject>>) => r.builds.map((b) => [b.patched ?? false, b.preprocessed, b.carriedUnits ?? 0, b.parsed]);

    it('a #define added, changed: every unit carried over, none walked, rows as from scratch; an #undef added: the units walked', async () => {
      const { root, header } = await indexedCorpus();
      edit(header, '/** Object', '#define K_TEST_ADDED 1\n#define K_TEST_FN(a) ((a) + 1)\nint k_test_decl(void);\n\n/** Object');
      const added = await indexProject({ root, workers: 0 });
      expect(counts(added)).toEqual([[true, 12, 12, 1]]);
      expect(added.headerWalks).toMatchObject({ walked: 0, replayed: 0 });
      let { incremental, scratch } = await againFromScratch(root);
      expect(incremental.macros.some((m) => String(m).includes('K_TEST_ADDED'))).toBe(true);
      expect(incremental).toEqual(scratch);

      edit(header, '#define K_TEST_ADDED 1', '#define K_TEST_ADDED (2 << 3)');
      edit(header, '#define K_TEST_FN(a) ((a) + 1)', '#define K_TEST_FN(a, b) ((a) + (b))');
      // No compiled line names them: nothing parsed again.
      expect(counts(await indexProject({ root, workers: 0 }))).toEqual([[true, 12, 12, 0]]);
      ({ incremental, scratch } = await againFromScratch(root));
      expect(incremental).toEqual(scratch);

      // An #undef ends the macro for every line the units read after it, in any file: they are walked again.
      edit(header, '#define K_TEST_FN(a, b) ((a) + (b))', '#define K_TEST_FN(a, b) ((a) + (b))\n#undef K_TEST_ADDED');
      expect(counts(await indexProject({ root, workers: 0 }))).toEqual([[false, 12, 0, 1]]);
      ({ incremental, scratch } = await againFromScratch(root));
      expect(incremental).toEqual(scratch);
    });

    it('a #define one unit tests in an #if: that unit walked, the others carried over', async () => {
      const { root, header, unit } = await indexedCorpus();
      edit(header, '/** Object', '#define K_TEST_MODE 1\n/** Object');
      fs.appendFileSync(unit, '\n#if K_TEST_MODE == 1\nint drv_test_mode(void) { return 1; }\n#endif\n');
      await indexProject({ root, workers: 0 });
      edit(header, '#define K_TEST_MODE 1', '#define K_TEST_MODE 2');
      const r = await indexProject({ root, workers: 0 });
      expect(counts(r)).toEqual([[true, 12, 11, 1]]);
      const { incremental, scratch } = await againFromScratch(root);
      expect(incremental.symbols.some((s) => String(s).includes('drv_test_mode'))).toBe(false);
      expect(incremental).toEqual(scratch);
    });

    it('a macro a source expands in its code, changed: the units carried over, that file masked and parsed again', async () => {
      const { root, header, unit } = await indexedCorpus();
      edit(header, '/** Object', '#define K_TEST_CALL(f) f(1)\n/** Object');
      fs.appendFileSync(unit, '\nint drv_test_target(int x);\nint drv_test_caller(void) { return K_TEST_CALL(drv_test_target); }\n');
      await indexProject({ root, workers: 0 });
      edit(header, '#define K_TEST_CALL(f) f(1)', '#define K_TEST_CALL(f) f(2) + f(3)');
      const r = await indexProject({ root, workers: 0 });
      // Only the source whose invocation expands otherwise is parsed (the header's compiled lines are the same).
      expect(counts(r)).toEqual([[true, 12, 12, 1]]);
      const { incremental, scratch } = await againFromScratch(root);
      expect(incremental.refs.filter((ref) => String(ref).includes('drv_test_target'))).toHaveLength(2);
      expect(incremental).toEqual(scratch);
    });

    it('a Kconfig option no unit reads, changed in autoconf.h (-imacros): every unit carried over', async () => {
      const { root, autoconf } = await indexedCorpus();
      edit(autoconf, '#define CONFIG_OPTION_7 1', '#define CONFIG_OPTION_7 0\n#define CONFIG_TEST_NEW 1');
      expect(counts(await indexProject({ root, workers: 0 }))).toEqual([[true, 12, 12, 1]]);
      const { incremental, scratch } = await againFromScratch(root);
      expect(incremental).toEqual(scratch);
    });

    it('units walked on a worker thread send the names they read: carried over as well', async () => {
      const root = tempDir();
      const corpus = generateZephyrCorpus(root, { boards: 1, units: 30, headers: 10, functionsPerUnit: 1 });
      writeConfig(root, DEFAULT_CONFIG);
      // Units of the full index walk on the pool however few they are.
      const { minUnits, steal } = poolWalks;
      Object.assign(poolWalks, { minUnits: 1, steal: false });
      try {
        expect((await indexProject({ root, workers: 1 })).preprocessedOnWorkers).toBeGreaterThan(0);
      } finally {
        Object.assign(poolWalks, { minUnits, steal });
      }
      edit(corpus.sampleHeader, '/** Object', '#define K_TEST_ADDED 1\n/** Object');
      expect(counts(await indexProject({ root, workers: 1 }))).toEqual([[true, 30, 30, 1]]);
    });

    it('the names held as lists of numbers (past their bound) carry over the same units', async () => {
      walkedNamesLimit.chars = 100;
      try {
        const { root, header, unit } = await indexedCorpus();
        edit(header, '/** Object', '#define K_TEST_MODE 1\n/** Object');
        fs.appendFileSync(unit, '\n#if K_TEST_MODE == 1\nint drv_test_mode(void) { return 1; }\n#endif\n');
        await indexProject({ root, workers: 0 });
        edit(header, '#define K_TEST_MODE 1', '#define K_TEST_MODE 2');
        expect(counts(await indexProject({ root, workers: 0 }))).toEqual([[true, 12, 11, 1]]);
        const { incremental, scratch } = await againFromScratch(root);
        expect(incremental).toEqual(scratch);
      } finally {
        walkedNamesLimit.chars = NAMES_LIMIT;
      }
    });

    it('units whose read names are not kept are walked', async () => {
      const { root, header } = await indexedCorpus();
      fs.rmSync(path.join(root, '.fw-context', 'unit-reads'), { recursive: true, force: true });
      edit(header, '/** Object', '#define K_TEST_ADDED 1\n/** Object');
      const r = await indexProject({ root, workers: 0 });
      expect(r.carriedUnits).toBe(0);
      expect(r.builds[0].preprocessed).toBe(12);
    });
  });

  describe('a source edited between directives keeps its previous result; any directive moved or changed walks it', () => {
    /** gpio.c with a conditional block after its functions, indexed; answers the path of gpio.c. */
    async function withTrailingConditional(): Promise<{ root: string; unit: string }> {
      const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
      const unit = path.join(root, 'src/drivers/gpio.c');
      fs.appendFileSync(unit, '\n#if BOARD_REV > 1\nint gpio_rev2(void) { return 2; }\n#else\nint gpio_rev1(void) { return 1; }\n#endif\nint gpio_last(void) { return 0; }\n');
      await indexProject({ root });
      return { root, unit };
    }
    const edit = (file: string, from: string, to: string) => fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(from, to));

    it('a body edited in place above a later #if (same lines): carried over, rows as from scratch', async () => {
      const { root, unit } = await withTrailingConditional();
      edit(unit, '(void)mode;', '(void)mode; (void)pin;');
      const r = await indexProject({ root });
      expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, carriedUnits: 1, parsed: 1 });
      const { incremental, scratch } = await againFromScratch(root);
      expect(incremental).toEqual(scratch);
    });

    it('a line added above a later #if moves it: carried over at the moved lines, no header walked, rows as from scratch', async () => {
      const { root, unit } = await withTrailingConditional();
      edit(unit, '(void)mode;', '(void)mode;\n  (void)pin;');
      const r = await indexProject({ root });
      expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, carriedUnits: 1, parsed: 1 });
      expect(r.headerWalks.walked).toBe(0);
      const { incremental, scratch } = await againFromScratch(root);
      expect(incremental).toEqual(scratch);
    });

    it('lines added and removed in several places, inside the taken and the skipped branch, below a #define: carried over, rows as from scratch', async () => {
      const { root, unit } = await withTrailingConditional();
      edit(unit, '#if BOARD_REV > 1\nint gpio_rev2(void) { return 2; }\n', '#define GPIO_LOCAL_LIMIT 4\n\n#if BOARD_REV > 1\nint gpio_rev2(void) { return 2; }\n');
      await indexProject({ root });
      edit(unit, '#define GPIO_LOCAL_LIMIT 4\n\n', '#define GPIO_LOCAL_LIMIT 4\n');
      edit(unit, 'int gpio_rev2(void) { return 2; }\n', 'int gpio_rev2(void) { return 2; }\nint gpio_rev2b(void) { return 22; }\n\n');
      edit(unit, 'int gpio_rev1(void) { return 1; }\n', '/* rev 1 */\nint gpio_rev1(void) { return 1; }\n');
      const r = await indexProject({ root });
      expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, carriedUnits: 1, parsed: 1 });
      const { incremental, scratch } = await againFromScratch(root);
      expect(incremental.macros.some((x) => String(x).includes('GPIO_LOCAL_LIMIT'))).toBe(true);
      expect(incremental.symbols.some((x) => String(x).includes('gpio_rev2b'))).toBe(true);
      expect(incremental).toEqual(scratch);
    });

    it('seeded random lines added and removed around nested conditionals, three edits a round: rows as from scratch every round', async () => {
      const { root, unit } = await withTrailingConditional();
      fs.appendFileSync(
        unit,
        '#if BOARD_REV > 1\nint nest_a(void)\n{\n  int v = 0;\n#ifdef STM32F407xx\n  v += 1;\n#if BOARD_REV > 5\n  v += 100;\n#elif BOARD_REV == 2\n  v += 2;\n#else\n  v += 3;\n#endif\n#else\n  v -= 1;\n#endif\n  return v;\n}\n#else\nint nest_b(void) { return 0; }\n#endif\n',
      );
      await indexProject({ root });
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      let carried = 0;
      for (let round = 0; round < 4; round++) {
        for (let e = 0; e < 3; e++) {
          const lines = fs.readFileSync(unit, 'utf8').split('\n');
          const removable = lines.map((l, i) => (/^\/\* edit \d+ \*\/$|^$/.test(l) && i < lines.length - 1 ? i : -1)).filter((i) => i >= 0);
          const placeable = lines.map((l, i) => (!l.trimStart().startsWith('#') && !lines[i - 1]?.endsWith('\\') ? i : -1)).filter((i) => i >= 0);
          if (removable.length && random(3) === 0) lines.splice(removable[random(removable.length)], 1);
          else lines.splice(placeable[random(placeable.length)], 0, ...Array.from({ length: 1 + random(2) }, () => `/* edit ${round}${e} */`));
          fs.writeFileSync(unit, lines.join('\n'));
          carried += (await indexProject({ root })).carriedUnits;
        }
        const { incremental, scratch } = await againFromScratch(root);
        expect(incremental).toEqual(scratch);
      }
      expect(carried).toBeGreaterThan(6);
    });

    it('a #define moved by an edit above it: the build macro table keeps its order, so the unit is carried over on the fast path, rows as from scratch', async () => {
      const { root, unit } = await withTrailingConditional();
      edit(unit, '#if BOARD_REV > 1', '#define GPIO_LOCAL_LIMIT 4\n#if BOARD_REV > 1');
      await indexProject({ root });
      edit(unit, '(void)mode;', '(void)mode;\n  (void)pin;');
      const r = await indexProject({ root });
      expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, carriedUnits: 1, parsed: 1 });
      const { incremental, scratch } = await againFromScratch(root);
      expect(incremental.macros.some((m) => String(m).includes('GPIO_LOCAL_LIMIT'))).toBe(true);
      expect(incremental).toEqual(scratch);
    });

    it('a macro whose body uses __FILE__ and __LINE__ (an error report): its value keeps them as written, and the unit is still carried over, rows as from scratch', async () => {
      const { root, unit } = await withTrailingConditional();
      // Above the edit below, so that they do not move (a moved #define valued by other names is walked).
      edit(unit, '#include "gpio.h"\n', '#include "gpio.h"\n#define GPIO_ERR(code) gpio_report(code, __FILE__, __LINE__)\n#define GPIO_HERE __LINE__\n');
      await indexProject({ root });
      edit(unit, '(void)mode;', '(void)mode;\n  (void)pin;');
      const r = await indexProject({ root });
      expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, carriedUnits: 1, parsed: 1 });
      const { incremental, scratch } = await againFromScratch(root);
      expect(incremental).toEqual(scratch);
      // [variant, file, name, params, value, function_like, line, expanded_value]
      const expanded = (name: string) => (incremental.macros.map((m) => JSON.parse(String(m)) as unknown[]).find((m) => m[2] === name) ?? [])[7];
      // __FILE__ and __LINE__ answer where the macro is used, not where it is defined: they stay as written.
      expect(expanded('GPIO_ERR')).toBe('gpio_report(code, __FILE__, __LINE__)');
      expect(expanded('GPIO_HERE')).toBeNull();
    });

    it('a line put between two adjacent directives (its activity unknown), #line, or a walk that read __LINE__: the unit is walked', async () => {
      const { root, unit } = await withTrailingConditional();
      edit(unit, '#endif\nint gpio_last', '#endif\n#if BOARD_REV > 7\n#endif\nint gpio_last');
      await indexProject({ root });
      edit(unit, '#if BOARD_REV > 7\n', '#if BOARD_REV > 7\nint gpio_rev7(void);\n');
      const between = await indexProject({ root });
      expect(between.builds[0]).toMatchObject({ preprocessed: 1, carriedUnits: 0 });
      edit(unit, '#if BOARD_REV > 1', '#line 500\n#if BOARD_REV > 1');
      await indexProject({ root });
      edit(unit, '(void)mode;', '(void)mode;\n  (void)pin;');
      const renumbered = await indexProject({ root });
      expect(renumbered.builds[0]).toMatchObject({ preprocessed: 1, carriedUnits: 0 });
      edit(unit, '#line 500\n#if BOARD_REV > 1', '#if BOARD_REV > 1 && __LINE__ > 0');
      await indexProject({ root });
      edit(unit, '(void)mode;', '(void)mode;\n  (void)pin;');
      const lineRead = await indexProject({ root });
      expect(lineRead.builds[0]).toMatchObject({ preprocessed: 1, carriedUnits: 0 });
      const { incremental, scratch } = await againFromScratch(root);
      expect(incremental).toEqual(scratch);
    });

    it('the code after the last directive removed, then grown again: carried over each time, rows as from scratch', async () => {
      const { root, unit } = await withTrailingConditional();
      edit(unit, '#endif\nint gpio_last(void) { return 0; }\n', '#endif');
      const cut = await indexProject({ root });
      expect(cut.builds[0]).toMatchObject({ preprocessed: 1, carriedUnits: 1 });
      const first = await againFromScratch(root);
      expect(first.incremental).toEqual(first.scratch);
      fs.appendFileSync(unit, '\nint gpio_after(void) { return 5; }\n');
      const grown = await indexProject({ root });
      expect(grown.builds[0]).toMatchObject({ preprocessed: 1, carriedUnits: 1 });
      const second = await againFromScratch(root);
      expect(second.incremental.symbols.some((x) => String(x).includes('gpio_after'))).toBe(true);
      expect(second.incremental).toEqual(second.scratch);
    });

    it('a changed #if condition is walked, and takes the other branch', async () => {
      const { root, unit } = await withTrailingConditional();
      edit(unit, '#if BOARD_REV > 1', '#if BOARD_REV > 2');
      const r = await indexProject({ root });
      expect(r.builds[0]).toMatchObject({ preprocessed: 1, carriedUnits: 0 });
      const { incremental, scratch } = await againFromScratch(root);
      expect(incremental.symbols.some((x) => String(x).includes('gpio_rev1'))).toBe(true);
      expect(incremental.symbols.some((x) => String(x).includes('gpio_rev2'))).toBe(false);
      expect(incremental).toEqual(scratch);
    });

    it('a changed header as well as the source, both between directives: carried over; a directive changed in the header: walked', async () => {
      const { root, unit } = await withTrailingConditional();
      fs.appendFileSync(unit, '\nint gpio_and_header(void) { return 6; }\n');
      const header = path.join(root, 'src/drivers/gpio.h');
      edit(header, 'int gpio_read(gpio_pin_t pin);', 'int gpio_read(gpio_pin_t pin);\nint gpio_count(void);');
      const both = await indexProject({ root });
      // gpio.c reads both files; main.c reads gpio.h: both carried over, nothing walked.
      expect(both.builds[0]).toMatchObject({ patched: true, preprocessed: 2, carriedUnits: 2 });
      expect(both.headerWalks).toMatchObject({ walked: 0, replayed: 0 });
      const carried = await againFromScratch(root);
      expect(carried.incremental.symbols.some((s) => String(s).includes('gpio_count'))).toBe(true);
      expect(withoutParseDiagnostics(carried.incremental)).toEqual(withoutParseDiagnostics(carried.scratch));

      fs.appendFileSync(unit, '\nint gpio_again(void) { return 7; }\n');
      edit(header, 'int gpio_count(void);', 'int gpio_count(void);\n#ifdef GPIO_EXTRA\nint gpio_extra(void);\n#endif');
      const directive = await indexProject({ root });
      expect(directive.carriedUnits).toBe(0);
      const walked = await againFromScratch(root);
      expect(withoutParseDiagnostics(walked.incremental)).toEqual(withoutParseDiagnostics(walked.scratch));
    });
  });
});

describe('re-index fast path of a build parsing C and C++ files (macros per language)', () => {
  it('a .c edit: patched, the rows equal a from-scratch index (the C header still read with the C macros)', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_patched(void) { return 1; }\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 1 });
    // Each language's sites come from those kept beside the index and the redone unit: the C++ unit's are not read.
    expect(r.builds[0].unitSitesRead).toBe(0);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental.symbols.some((s) => String(s).includes('calc_patched'))).toBe(true);
    expect(incremental.symbols.some((s) => String(s).includes('"div_like_t","div_like_t","typedef"'))).toBe(true);
    expect(incremental).toEqual(scratch);
  });

  it('a #define added where only C units reach it: patched (the C files re-keyed), the rows equal a from-scratch index', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const header = path.join(root, 'include/decls.h');
    fs.writeFileSync(header, fs.readFileSync(header, 'utf8').replace('#define BEGIN_DECLS\n', '#define BEGIN_DECLS\n#define C_ONLY_FLAG 1\n'));
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 2 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental.macros.some((s) => String(s).includes('C_ONLY_FLAG'))).toBe(true);
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
  });

  it('an edit changing what the C units blank (END_DECLS no longer empty): the full path runs, the rows equal a from-scratch index', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const header = path.join(root, 'include/decls.h');
    fs.writeFileSync(header, fs.readFileSync(header, 'utf8').replace('#define END_DECLS\n#define REDIRECT', '#define END_DECLS ;\n#define REDIRECT'));
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ preprocessed: 2 });
    expect(r.builds[0].patched).toBeUndefined();
    const { incremental, scratch } = await againFromScratch(root);
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
  });

  it('sites kept beside the index missing, or counted from other results: every unit read once, then kept again; rows as from scratch', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const unit = path.join(root, 'src/calc.c');
    // The sites and their stamps, kept apart (see language-sites-file.ts).
    const kept = path.join(root, STATE_DIR, 'language-sites');
    const stamps = path.join(root, STATE_DIR, 'language-sites-stamps');
    const earlier = path.join(root, 'earlier-sites');
    fs.cpSync(kept, earlier, { recursive: true });
    fs.cpSync(stamps, `${earlier}-stamps`, { recursive: true });
    fs.rmSync(kept, { recursive: true });
    fs.appendFileSync(unit, '\nlong calc_one(void) { return 1; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, unitSitesRead: 1 });
    fs.appendFileSync(unit, '\nlong calc_two(void) { return 2; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, unitSitesRead: 0 });
    expect(fs.readdirSync(kept)).toHaveLength(1);
    // The first index's file: counted from results the build no longer links.
    fs.cpSync(earlier, kept, { recursive: true });
    fs.cpSync(`${earlier}-stamps`, stamps, { recursive: true });
    fs.rmSync(earlier, { recursive: true });
    fs.rmSync(`${earlier}-stamps`, { recursive: true });
    fs.appendFileSync(unit, '\nlong calc_three(void) { return 3; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, unitSitesRead: 1 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('sites kept by other code: every unit read again; rows as from scratch', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const stamps = path.join(root, STATE_DIR, 'language-sites-stamps');
    for (const name of fs.readdirSync(stamps)) {
      const file = path.join(stamps, name);
      const data = readChecksummed(file) as { code: string };
      expect(typeof data.code).toBe('string');
      writeChecksummed(file, { ...data, code: 'older code' });
    }
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_one(void) { return 1; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, unitSitesRead: 1 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  /**
   * The mixed fixture with a second C++ unit, and a definition in decls.h that units reach unless they define
   * NO_DECL_FLAG: the C unit always does, the C++ units name it in an enum.
   */
  async function twoCppUnits(): Promise<string> {
    const root = copyFixtureToTemp('index', 'mixed-languages');
    writeConfig(root, DEFAULT_CONFIG);
    const decls = path.join(root, 'include/decls.h');
    fs.writeFileSync(decls, fs.readFileSync(decls, 'utf8').replace('#define DECLS_H\n', '#define DECLS_H\n#ifndef NO_DECL_FLAG\n#define DECL_FLAG 2\n#endif\n'));
    // An enum naming the macro: its parse is keyed by the value the C++ macros give it (or by none).
    fs.appendFileSync(path.join(root, 'src/shell.cpp'), 'enum { SHELL_FLAG = DECL_FLAG };\n');
    fs.writeFileSync(path.join(root, 'src/shell2.cpp'), fs.readFileSync(path.join(root, 'src/shell.cpp'), 'utf8').replaceAll('shell_main', 'shell2_main'));
    const db = path.join(root, 'build/compile_commands.json');
    const entries = JSON.parse(fs.readFileSync(db, 'utf8')) as { directory: string; command: string; file: string }[];
    entries.push({ ...entries[1], command: entries[1].command.replaceAll('shell', 'shell2'), file: entries[1].file.replace('shell', 'shell2') });
    fs.writeFileSync(db, JSON.stringify(entries, null, 2));
    await indexProject({ root });
    return root;
  }

  /** Index the edited tree: patched (one unit redone, no other unit's sites read), with the rows of a from-scratch index. */
  async function patchedAsFromScratch(root: string): Promise<void> {
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, unitSitesRead: 0 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
  }

  it('C++ units that stop reaching a definition the C unit reaches, one after the other, then one again: patched, rows as from scratch each time', async () => {
    const root = await twoCppUnits();
    const prepend = (unit: string, text: string) => fs.writeFileSync(path.join(root, unit), text + fs.readFileSync(path.join(root, unit), 'utf8'));
    // The other C++ unit still reaches DECL_FLAG: the C++ macros keep it.
    prepend('src/shell2.cpp', '#define NO_DECL_FLAG 1\n');
    await patchedAsFromScratch(root);
    // No C++ unit reaches it any more: the C++ macros lose it (the C macros keep it).
    const shell = fs.readFileSync(path.join(root, 'src/shell.cpp'), 'utf8');
    prepend('src/shell.cpp', '#define NO_DECL_FLAG 1\n');
    await patchedAsFromScratch(root);
    fs.writeFileSync(path.join(root, 'src/shell.cpp'), shell);
    await patchedAsFromScratch(root);
  });

  it('a C++ unit that stops including the header whose definitions it alone reached as C++: rows as from scratch, and so after a later patch', async () => {
    const root = await twoCppUnits();
    fs.writeFileSync(path.join(root, 'src/shell2.cpp'), '#define NO_DECL_FLAG 1\n' + fs.readFileSync(path.join(root, 'src/shell2.cpp'), 'utf8'));
    await patchedAsFromScratch(root);
    // The unit reads other files now: the full path runs.
    fs.writeFileSync(path.join(root, 'src/shell.cpp'), 'int shell_main(void) { return 0; }\n');
    expect((await indexProject({ root })).builds[0].patched).toBeUndefined();
    fs.appendFileSync(path.join(root, 'src/shell.cpp'), '\nint shell_later(void) { return 1; }\n');
    await patchedAsFromScratch(root);
  });
});

describe('re-index fast path of a build whose unit defines macros after and before its includes (define-order)', () => {
  it('lines added above the unit’s #defines and includes, then a #define before them: patched, rows as from scratch', async () => {
    const { root } = await indexedFixture(['index', 'define-order']);
    const unit = path.join(root, 'src/main.c');
    // Between directives: carried over, the lines its includes read its headers at moved with them.
    fs.writeFileSync(unit, '/* moved */\n\n' + fs.readFileSync(unit, 'utf8'));
    const moved = await indexProject({ root });
    expect(moved).toMatchObject({ carriedUnits: 1 });
    expect(moved.builds[0]).toMatchObject({ patched: true, preprocessed: 1 });
    let { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
    // A #define every header now reads after: they are masked again (their keys name it).
    fs.writeFileSync(unit, '#define EXTRA_FLAG 1\n' + fs.readFileSync(unit, 'utf8'));
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, preprocessed: 1 });
    ({ incremental, scratch } = await againFromScratch(root));
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
    expect(incremental.symbols.filter((s) => String(s).includes('include/log.h')).map((s) => (JSON.parse(String(s)) as string[])[3])).toEqual(['log_quiet', 'printf_like']);
  });
});

describe('re-index fast path of a build where a header defines recv(...) that one unit reads (header-define-reach)', () => {
  const uses = (rows: Record<string, unknown[]>) =>
    rows.refs
      .map((r) => JSON.parse(String(r)) as unknown[])
      .filter((r) => r[2] === 'lwip_recv')
      .map((r) => `${String(r[1])}:${String(r[3])}`)
      .sort();

  it('.c and header edits that move where the header is read: rows as from scratch', async () => {
    const { root } = await indexedFixture(['index', 'header-define-reach']);
    const raw = path.join(root, 'src/raw.c');
    const sockets = path.join(root, 'src/sockets.c');
    const pcb = path.join(root, 'include/pcb.h');
    // A header edited between its directives: carried over, pcb.h still read before sock.h.
    fs.writeFileSync(pcb, fs.readFileSync(pcb, 'utf8').replace('struct pcb {', '/* moved */\nstruct pcb {'));
    let r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true });
    let { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
    expect(uses(incremental)).toEqual(['include/wrap.h:4', 'src/sockets.c:7']);
    // The macro's value edited: the files naming it not otherwise redone are keyed again with what each sees.
    replaceInFile(path.join(root, 'include/sock.h'), 'lwip_recv(s, mem, len, flags)\n', 'lwip_recv(s, mem, len, (flags) | 0)\n');
    r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1 });
    ({ incremental, scratch } = await againFromScratch(root));
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
    expect(uses(incremental)).toEqual(['include/wrap.h:4', 'src/sockets.c:7']);
    // sockets.c reads wrap.h (and sock.h) first: pcb.h, read after there, and early expand recv.
    replaceInFile(sockets, '#include "pcb.h"\n', '#include "wrap.h"\n#include "pcb.h"\n');
    r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1 });
    ({ incremental, scratch } = await againFromScratch(root));
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
    expect(uses(incremental)).toEqual(['include/pcb.h:8', 'include/wrap.h:4', 'src/sockets.c:4', 'src/sockets.c:8']);
    // raw.c reads sock.h after pcb.h: its own call below the #include expands.
    replaceInFile(raw, '#include "pcb.h"\n', '#include "pcb.h"\n#include "sock.h"\n');
    await indexProject({ root });
    ({ incremental, scratch } = await againFromScratch(root));
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
    expect(uses(incremental)).toEqual(['include/pcb.h:8', 'include/wrap.h:4', 'src/raw.c:5', 'src/sockets.c:4', 'src/sockets.c:8']);
    // sockets.c reads pcb.h first again: no unit reads sock.h before pcb.h's text.
    replaceInFile(sockets, '#include "wrap.h"\n#include "pcb.h"\n', '#include "pcb.h"\n');
    r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1 });
    ({ incremental, scratch } = await againFromScratch(root));
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
    expect(uses(incremental)).toEqual(['include/wrap.h:4', 'src/raw.c:5', 'src/sockets.c:7']);
  });
});

describe('re-index fast path of a build whose macros expand the compiler’s implicit ones (asm-label-prefix)', () => {
  it('a .c edit: only the unit parsed again (the header keeps its key), rows as from scratch', async () => {
    const { root } = await indexedFixture(['index', 'asm-label-prefix']);
    fs.appendFileSync(path.join(root, 'src/main.c'), '\nint later(void) { return 1; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 1 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
    expect(incremental.symbols.some((s) => String(s).includes('__asm__ (\\"\\" \\"open_file64\\")'))).toBe(true);
  });
});

describe('re-index fast path of a build whose unit #undefs macros before its includes (undef-before-include)', () => {
  const logNames = (rows: Record<string, unknown[]>) =>
    rows.symbols.filter((s) => String(s).includes('include/log.h') && !String(s).includes('"macro"')).map((s) => (JSON.parse(String(s)) as string[])[3]);

  it('lines moved, then the #undef removed and put back: patched, rows as from scratch each time', async () => {
    const { root } = await indexedFixture(['index', 'undef-before-include']);
    const unit = path.join(root, 'src/main.c');
    const text = fs.readFileSync(unit, 'utf8');
    // Between directives: carried over, the #defines log.h does not see moved with their lines.
    fs.writeFileSync(unit, '/* moved */\n\n' + text);
    expect(await indexProject({ root })).toMatchObject({ carriedUnits: 1 });
    let { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
    expect(logNames(incremental)).toEqual(['printf_like']);
    // Without the #undef, log.h reads printf_like(...) as the unit's statement macro; with it back, as written.
    fs.writeFileSync(unit, text.replace('#undef printf_like\n', ''));
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, preprocessed: 1 });
    ({ incremental, scratch } = await againFromScratch(root));
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
    expect(logNames(incremental)).not.toContain('printf_like');
    fs.writeFileSync(unit, text);
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, preprocessed: 1 });
    ({ incremental, scratch } = await againFromScratch(root));
    expect(withoutParseDiagnostics(incremental)).toEqual(withoutParseDiagnostics(scratch));
    expect(logNames(incremental)).toEqual(['printf_like']);
  });
});

describe('re-index fast path of a header #define every unit reaches (define classes named by the file)', () => {
  it('a #define added where every reader reaches it: only the header masked again, rows and activity keys as from scratch', async () => {
    const { root, sampleHeader } = await indexedSmallCorpus(1);
    replaceInFile(sampleHeader, '/** Object', '#define K_TEST_ADDED 1\n/** Object');
    const r = await indexProject({ root, workers: 0 });
    // The files read after the header see the same classes: their keys stay, only the edited header is masked.
    expect(r.builds[0]).toMatchObject({ patched: true, masked: 1 });
    let { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
    // A group no unit takes, then a #define in it: the header's views no longer reach every #define of it (the units
    // are carried over, their views moved), so its class is named by the lines it reached, and files read after it
    // are masked again.
    replaceInFile(sampleHeader, '#define K_TEST_ADDED 1\n', '#define K_TEST_ADDED 1\n#ifdef K_TEST_NEVER\nint k_test_never(void);\n#endif\n');
    await indexProject({ root, workers: 0 });
    replaceInFile(sampleHeader, 'int k_test_never(void);\n', '#define K_TEST_UNREACHED 1\n');
    const partial = await indexProject({ root, workers: 0 });
    expect(partial.builds[0]).toMatchObject({ patched: true, carriedUnits: 12 });
    expect(partial.builds[0].masked).toBeGreaterThan(1);
    ({ incremental, scratch } = await againFromScratch(root));
    expect(incremental).toEqual(scratch);
  });
});
