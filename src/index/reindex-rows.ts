// What a re-index reads of a stored build, light: how its description was fingerprinted, and the unit results it
// links (each unit's result id, key and the files it read with their hashes) without the macros they tested
// (most of a result's stored inputs), which are read per result only for the units a re-index loads again.
import type { RecordInputs } from './index-reader.js';
import type { Db } from './open-index.js';
import { prepared } from './statement-cache.js';
import type { StoredResultInputs } from './unit-result-rows.js';

/** A stored unit result without its tested macros: `files` is the JSON list of [stored path, content hash]. */
export type StoredUnitFiles = Omit<StoredResultInputs, 'tested'>;

/** Unit path → the result the build links for it. */
export function buildUnitFiles(db: Db, variant: string, image: string): Map<string, StoredUnitFiles> {
  const rows = prepared(
    db,
    `SELECT bu.unit_path, r.id, r.key, r.files FROM build_units bu JOIN builds b ON b.id = bu.build_id
     JOIN unit_results r ON r.id = bu.result_id WHERE b.variant = ? AND b.image = ?`,
  ).all(variant, image) as { unit_path: string; id: number; key: string; files: string }[];
  return new Map(rows.map((r) => [r.unit_path, { id: r.id, key: r.key, files: r.files }]));
}

/** The full stored inputs of a result read light (its tested macros added), as loadUnitResult takes them. */
export function withTested(db: Db, stored: StoredUnitFiles): StoredResultInputs {
  const { tested } = prepared(db, 'SELECT tested FROM unit_results WHERE id = ?').get(stored.id) as { tested: string };
  return { ...stored, tested };
}

/** How a stored build's description was fingerprinted: the fingerprint and the compile database's hash and mtime then. */
export interface StoredDescription {
  fingerprint: string | null;
  compileCommandsHash: string | null;
  compileCommandsMtimeMs: number | null;
}

/** What a stored build's record (memory, linker-script symbols, Kconfig summary) was read from; undefined: no such build. */
export function storedRecordInputs(db: Db, variant: string, image: string): RecordInputs | null | undefined {
  const r = prepared(db, 'SELECT record_inputs_json FROM builds WHERE variant = ? AND image = ?').get(variant, image) as { record_inputs_json: string } | undefined;
  return r && (JSON.parse(r.record_inputs_json) as RecordInputs | null);
}

export function storedDescription(db: Db, variant: string, image: string): StoredDescription | undefined {
  const r = prepared(db, 'SELECT fingerprint, compile_commands_hash, compile_commands_mtime_ms FROM builds WHERE variant = ? AND image = ?').get(variant, image) as
    | { fingerprint: string | null; compile_commands_hash: string | null; compile_commands_mtime_ms: number | null }
    | undefined;
  return r && { fingerprint: r.fingerprint, compileCommandsHash: r.compile_commands_hash, compileCommandsMtimeMs: r.compile_commands_mtime_ms };
}
