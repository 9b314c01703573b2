// A generated vendor device header (thousands of `_Pos` / `_Msk` / alias #defines and register structs):
// every #define is indexed with its value, the structs after them are symbols, and a re-index that loads
// the header's stored skeleton instead of scanning it gives the same rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, indexPath, writeConfig } from '../../src/project/config.js';
import { DEFINES_PER_PERIPHERAL, FIELDS, REGISTERS, writeDeviceHeaderProject } from '../bench/synthetic-device-header.js';

const PERIPHERALS = 24;
let root: string;

/** The header's macros as stored: name → expanded value. */
function headerMacros(): Map<string, string | null> {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const rows = db.prepare("SELECT m.name, m.expanded_value FROM macros m JOIN macro_groups g ON g.id = m.group_id WHERE coalesce(m.file, g.file) = 'include/dev.h'").all() as { name: string; expanded_value: string | null }[];
    return new Map(rows.map((r) => [r.name, r.expanded_value]));
  } finally {
    db.close();
  }
}

function symbolNames(): string[] {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    return (db.prepare("SELECT s.name FROM symbols s JOIN parse_chunks sc ON sc.chunk_id = s.chunk_id JOIN parsed_files p ON p.id = sc.parsed_id JOIN files f ON f.id = p.file_id WHERE f.path = 'include/dev.h' ORDER BY s.name").pluck().all() as string[]);
  } finally {
    db.close();
  }
}

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-device-header-')));
  writeDeviceHeaderProject(root, PERIPHERALS);
  writeConfig(root, DEFAULT_CONFIG);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a vendor device header', () => {
  it('indexes every #define with its value and the register structs after them', async () => {
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds[0].error).toBeUndefined();
    expect(r.skeletons.scanned).toBeGreaterThan(0);
    const macros = headerMacros();
    // DEV_H and __IO besides the peripherals' own.
    expect(macros.size).toBe(PERIPHERALS * DEFINES_PER_PERIPHERAL + 2);
    let checked = 0;
    for (let p = 0; p < PERIPHERALS; p++) {
      expect(macros.get(`PERIPH${p}_BASE`)).toBe(String(0x40000000 + p * 0x400));
      // A cast to a pointer is not an integer.
      expect(macros.get(`PERIPH${p}`)).toBeNull();
      for (let reg = 0; reg < REGISTERS; reg++) {
        for (let f = 0; f < FIELDS; f++) {
          const name = `PERIPH${p}_R${reg}_F${f * 4}`;
          expect(macros.get(`${name}_Pos`)).toBe(String(f * 4));
          expect(macros.get(`${name}_Msk`)).toBe(String(15 * 2 ** (f * 4)));
          expect(macros.get(name)).toBe(String(15 * 2 ** (f * 4)));
          checked += 3;
        }
      }
    }
    expect(checked).toBe(PERIPHERALS * REGISTERS * FIELDS * 3);
    expect(symbolNames()).toContain(`PERIPH${PERIPHERALS - 1}_TypeDef`);
  });

  it('gives the same rows when the header skeleton is loaded from the index', async () => {
    const before = { macros: headerMacros(), symbols: symbolNames() };
    // A unit edit that adds a directive re-walks the unit: the unchanged header's skeleton comes from the index.
    const main = path.join(root, 'src', 'main.c');
    fs.appendFileSync(main, '#define LATER PERIPH5_R3_F8_Pos\nint later(void) { return LATER; }\n');
    const again = await indexProject({ root, workers: 0 });
    expect(again.preprocessed).toBe(1);
    expect(again.skeletons.loaded).toBeGreaterThan(0);
    expect(again.skeletons.scanned).toBe(1);
    expect(headerMacros()).toEqual(before.macros);
    expect(headerMacros().size).toBe(PERIPHERALS * DEFINES_PER_PERIPHERAL + 2);
    expect(symbolNames()).toEqual(before.symbols);
  });
});
