// The full-text tables (symbols_fts, macros_fts) hold exactly the rows of symbols and macros after a full
// index, after an edit that patches a build and collects the old parse, and in an index whose writer still
// had the per-row insert triggers: the writer adds full-text rows per transaction and drops those triggers.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { indexedFixture } from '../helpers/fixture-project.js';

/** FTS5's own check of each table against its content table (throws "malformed" on any difference). */
function checkFullText(root: string): { symbols: number; macros: number; matches: (name: string) => number } {
  const db = new Database(indexPath(root));
  try {
    for (const t of ['symbols_fts', 'macros_fts']) db.exec(`INSERT INTO ${t}(${t}, rank) VALUES('integrity-check', 1)`);
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    const symbols = count('SELECT count(*) AS n FROM symbols');
    const macros = count('SELECT count(*) AS n FROM macros');
    const hits = new Map<string, number>();
    for (const name of ['gpio_extra', 'GPIO_EXTRA_PINS', 'gpio_output_shadow']) {
      const found = (table: string) =>
        count(`SELECT count(*) AS n FROM ${table}_fts CROSS JOIN ${table} t ON t.id = ${table}_fts.rowid WHERE ${table}_fts MATCH 'name:${name}' AND t.name = '${name}'`);
      hits.set(name, found('symbols') + found('macros'));
    }
    return { symbols, macros, matches: (name) => hits.get(name) ?? 0 };
  } finally {
    db.close();
  }
}

describe('full-text rows', () => {
  it('match the symbol and macro rows after a full index, an edit and the collection of the old parse', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const first = checkFullText(root);
    expect(first.symbols).toBeGreaterThan(10);
    expect(first.macros).toBeGreaterThan(0);
    expect(first.matches('gpio_output_shadow')).toBe(1);
    expect(first.matches('gpio_extra')).toBe(0);

    const gpio = path.join(root, 'src/drivers/gpio.c');
    fs.appendFileSync(gpio, '\n#define GPIO_EXTRA_PINS 4\nint gpio_extra(void) { return GPIO_EXTRA_PINS; }\n');
    const edited = await indexProject({ root });
    expect(edited.builds[0]).toMatchObject({ preprocessed: 1, parsed: 1 });
    const second = checkFullText(root);
    expect(second.symbols).toBe(first.symbols + 1);
    expect(second.matches('gpio_extra')).toBe(1);
    expect(second.matches('GPIO_EXTRA_PINS')).toBe(1);
    // The old parse of gpio.c was collected with its full-text rows: gpio_output_shadow is found once, not twice.
    expect(second.matches('gpio_output_shadow')).toBe(1);
  });

  it('an index written with per-row insert triggers loses them and keeps one full-text row per symbol', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const db = new Database(indexPath(root));
    db.exec(`CREATE TRIGGER symbols_ai AFTER INSERT ON symbols BEGIN
      INSERT INTO symbols_fts(rowid, name, qualified_name, signature, docstring, name_tokens)
      VALUES (new.id, new.name, new.qualified_name, new.signature, new.docstring, new.name_tokens);
    END;`);
    db.close();
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\nint gpio_extra(void) { return 2; }\n');
    await indexProject({ root });
    const after = new Database(indexPath(root), { readonly: true });
    expect(after.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name IN ('symbols_ai', 'macros_ai')").get()).toEqual({ n: 0 });
    after.close();
    expect(checkFullText(root).matches('gpio_extra')).toBe(1);
  });
});
