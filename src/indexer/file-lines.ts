// What the index keeps of each file's preprocessing in one build: the compiled lines and the conditional
// decisions, as ranges text (see line_sets in src/index/schema.ts). Leaves out per-unit detail.
import type { FileLinesRecord } from '../index/index-writer.js';
import { encodeActiveRows, encodeLineSet } from '../model/line-ranges.js';
import { activeLinesOf, type MergedFile } from '../preprocessor/merge-unit-results.js';
import { storedPath } from './vendor-paths.js';

export function fileLinesOf(root: string, files: Iterable<MergedFile>): FileLinesRecord[] {
  const out: FileLinesRecord[] = [];
  for (const fa of files) {
    const d = fa.decisions;
    out.push({
      path: storedPath(root, fa.file),
      lineCount: fa.lineCount,
      active: encodeActiveRows(activeLinesOf(fa.ranges, fa.lineCount)),
      decisions: d ? { evaluated: encodeLineSet(d.evaluated), taken: encodeLineSet(d.taken) } : null,
    });
  }
  return out;
}
