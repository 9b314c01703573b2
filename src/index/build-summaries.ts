// A build row without its long lists (units, linked units, diagnostics: counted instead): what status reads of
// each build, whose size does not grow with the build's description.
import type { BuildRow } from './index-reader.js';

export interface BuildSummary extends Omit<BuildRow, 'units' | 'linkedUnits' | 'diagnostics'> {
  /** How many compile units the build has. */
  unitCount: number;
  /** How many units the image links; null: the link is unknown, every unit counts. */
  linkedUnitCount: number | null;
  /** How many diagnostics BuildRow.diagnostics holds (the first ones kept in the row). */
  diagnosticsCount: number;
}

export function summarizeBuild(row: BuildRow): BuildSummary {
  const { units, linkedUnits, diagnostics, ...rest } = row;
  return { ...rest, unitCount: units.length, linkedUnitCount: linkedUnits?.length ?? null, diagnosticsCount: diagnostics.length };
}
