// Benchmark case: a CMSIS-style vendor device header of 6 and 24 MB (~112 k and ~450 k #defines, see
// synthetic-device-header.ts) included by one unit, indexed in a child process so peak RSS is the indexer's
// own; prints ms per MB, peak RSS, and checks the value of the last #define of the header.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_CONFIG, indexPath, writeConfig } from '../../src/project/config.js';
import { indexInChild } from './child-run.js';
import { FIELDS, PERIPHERALS_PER_MB, REGISTERS, writeDeviceHeaderProject } from './synthetic-device-header.js';

const SIZES_MB = [6, 24];
const GOAL_RSS_MIB = 300;

/** The stored value of the header's last field mask (written after everything else in it). */
function lastMaskValue(root: string, peripherals: number): string | null {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const name = `PERIPH${peripherals - 1}_R${REGISTERS - 1}_F${(FIELDS - 1) * 4}`;
    return (db.prepare('SELECT expanded_value FROM macros WHERE name = ?').pluck().get(name) as string | null | undefined) ?? null;
  } finally {
    db.close();
  }
}

export function benchDeviceHeaders(): void {
  console.log(`\none unit including a vendor device header (goal: peak RSS <= ${GOAL_RSS_MIB} MiB, time linear in size):`);
  let msPerMbFirst: number | undefined;
  for (const mb of SIZES_MB) {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-bench-device-')));
    const peripherals = Math.round(mb * PERIPHERALS_PER_MB);
    const bytes = writeDeviceHeaderProject(root, peripherals);
    writeConfig(root, DEFAULT_CONFIG);
    const r = indexInChild(root);
    const size = bytes / 1e6;
    const msPerMb = r.elapsedMs / size;
    msPerMbFirst ??= msPerMb;
    const value = lastMaskValue(root, peripherals);
    const expected = String(15 * 2 ** ((FIELDS - 1) * 4));
    console.log(
      `  ${size.toFixed(1).padStart(5)} MB, ${peripherals} peripherals: ${r.elapsedMs.toFixed(0).padStart(6)} ms = ${msPerMb.toFixed(0)} ms/MB ` +
        `(${(msPerMb / msPerMbFirst).toFixed(2)} x the smallest; preprocess ${r.preprocessMs.toFixed(0)} ms, parse ${r.parseMs.toFixed(0)} ms), ` +
        `peak RSS ${r.maxRssMiB.toFixed(0)} MiB${r.maxRssMiB <= GOAL_RSS_MIB ? '  ok' : '  MISSED'}; last #define ${value === expected ? 'valued' : `WRONG (${value})`}`,
    );
    fs.rmSync(root, { recursive: true, force: true });
  }
}
