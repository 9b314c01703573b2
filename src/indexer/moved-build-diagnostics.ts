// A patched build's diagnostics when redone units report some of theirs at other lines of files they read edited (units
// carried over move them to their directives' new lines: see preprocessor/moved-diagnostics.ts): the stored list with
// each such diagnostic at its new line, in its place. Leaves out (the full path runs) any other change of a unit's
// diagnostics, and moves that do not make one list: a diagnostic moved two ways, or two made one.
import type { Diagnostic } from '../model/diagnostic.js';
import type { RedoneUnit } from './redo-units.js';

/** What tells two diagnostics of a build apart (a full run lists each once, where first reported: merge-unit-results.ts). */
export const diagnosticKey = (d: Diagnostic): string => `${d.severity}\0${d.file}\0${d.line ?? ''}\0${d.message}`;

/**
 * Whether a redone unit's diagnostics are its previous ones one for one, but for lines in files it read at other
 * content (every unit reading such a file is redone, so the build's list can move them: see movedBuildDiagnostics).
 */
export function sameButEditedLines(r: RedoneUnit): boolean {
  const before = r.old.diagnostics;
  const after = r.fresh.diagnostics;
  if (before === after) return true;
  if (before.length !== after.length) return false;
  let edited: Set<string> | undefined;
  for (let k = 0; k < before.length; k++) {
    const a = before[k];
    const b = after[k];
    if (a.severity !== b.severity || a.file !== b.file || a.message !== b.message || a.fix !== b.fix) return false;
    if (a.line === b.line) continue;
    edited ??= editedFiles(r);
    if (!edited.has(a.file)) return false;
  }
  return true;
}

/** The files a redone unit read at other content than its previous result. */
function editedFiles(r: RedoneUnit): Set<string> {
  const was = new Map(r.old.files.map((f) => [f.file, f.hash]));
  return new Set(r.fresh.files.filter((f) => was.get(f.file) !== f.hash).map((f) => f.file));
}

/**
 * The build's diagnostics (`stored`, as a full run listed them) after the redone units' moves (see sameButEditedLines):
 * undefined when none moved, null when the moves do not map one diagnostic to one. A full run of the patched tree lists
 * the same: each redone unit lists its previous diagnostics moved one for one, the others none of an edited file, and
 * a move mapping distinct diagnostics to distinct ones keeps which is listed first.
 */
export function movedBuildDiagnostics(stored: readonly Diagnostic[], redone: readonly RedoneUnit[]): Diagnostic[] | null | undefined {
  if (!redone.some((r) => r.old.diagnostics !== r.fresh.diagnostics && r.old.diagnostics.some((d, k) => d.line !== r.fresh.diagnostics[k].line))) return undefined;
  // Every redone unit's, those that stay each to itself: no diagnostic moves two ways.
  const moves = new Map<string, Diagnostic>();
  for (const r of redone) {
    const before = r.old.diagnostics;
    const after = r.fresh.diagnostics;
    for (let k = 0; k < before.length; k++) {
      const key = diagnosticKey(before[k]);
      const known = moves.get(key);
      if (known !== undefined && known.line !== after[k].line) return null;
      moves.set(key, after[k]);
    }
  }
  const out = stored.map((d) => moves.get(diagnosticKey(d)) ?? d);
  // A moved diagnostic meeting another (moved or not) merges two: the full run would list one.
  const keys = new Set(out.map(diagnosticKey));
  return keys.size === new Set(stored.map(diagnosticKey)).size ? out : null;
}
