// A build's diagnostics (all of them, in the order reported) and its units' paths as value lists (value-lists.ts),
// named by builds.diagnostics_id and builds.units_id: the envs of one PlatformIO project repeat most of both (the
// same missing-header warnings and #error lines, the same sources), ~60 KB and ~20 KB of JSON a build row held.
import type { Diagnostic } from '../model/diagnostic.js';
import type { Db } from './open-index.js';
import { listText, storedListHead, storedListJson, storeList } from './value-lists.js';

/** How many of a build's diagnostics its row gives (BuildRow.diagnostics); the stored list holds them all. */
export const BUILD_DIAGNOSTICS_KEPT = 200;

/** The ids of the stored lists of a build's diagnostics and units (stored now when new). */
export function storeBuildLists(db: Db, diagnostics: readonly Diagnostic[], units: readonly string[]): { diagnosticsId: number; unitsId: number } {
  return { diagnosticsId: storeList(db, listText(JSON.stringify(diagnostics))), unitsId: storeList(db, listText(JSON.stringify(units))) };
}

/** Every diagnostic of the build whose row names list `id`. */
export function buildDiagnostics(db: Db, id: number): Diagnostic[] {
  return JSON.parse(storedListJson(db, id)) as Diagnostic[];
}

// A row of an index of an older schema (status still lists its builds, asking for a re-index) holds them as JSON.

/** The first BUILD_DIAGNOSTICS_KEPT diagnostics of a build row read from the index (BuildRow.diagnostics). */
export function rowDiagnostics(db: Db, row: Record<string, unknown>): Diagnostic[] {
  if (row.diagnostics_id === undefined) return JSON.parse((row.diagnostics_json as string | undefined) ?? '[]') as Diagnostic[];
  return JSON.parse(storedListHead(db, row.diagnostics_id as number, BUILD_DIAGNOSTICS_KEPT)) as Diagnostic[];
}

/** The units of a build row read from the index (BuildRow.units). */
export function rowUnits(db: Db, row: Record<string, unknown>): string[] {
  if (row.units_id === undefined) return JSON.parse((row.units_json as string | undefined) ?? '[]') as string[];
  return JSON.parse(storedListJson(db, row.units_id as number)) as string[];
}
