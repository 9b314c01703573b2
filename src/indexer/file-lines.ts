// What the index keeps of each file's preprocessing in one build: the compiled lines and the conditional
// decisions, as ranges text (see line_sets in src/index/schema.ts). Leaves out per-unit detail.
import type { FileActivity } from '../preprocessor/api.js';
import type { FileLinesRecord } from '../index/index-writer.js';
import { encodeActiveRows, encodeLineSet } from '../model/line-ranges.js';
import { storedPath } from './vendor-paths.js';

export function fileLinesOf(root: string, activities: Iterable<FileActivity>): FileLinesRecord[] {
  const out: FileLinesRecord[] = [];
  for (const fa of activities) {
    const d = fa.decisions;
    out.push({
      path: storedPath(root, fa.file),
      lineCount: fa.activeLines.length,
      active: encodeActiveRows(fa.activeLines),
      decisions: d ? { evaluated: encodeLineSet(d.evaluated), taken: encodeLineSet(d.taken) } : null,
    });
  }
  return out;
}
