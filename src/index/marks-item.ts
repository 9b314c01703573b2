// The first item of a stored #undef marks list (see undone-lists.ts): a result's marks and runs as varints (see
// varints.ts) in base64, one JSON string. Marks come grouped by file (each file's index once, with how many marks
// follow, each mark's line as its difference from the one before); runs as [first file after the last run's, files
// after the first, state]. About half the characters of the lists' JSON, where the file index of every triple repeats.
import type { UndoneMarks } from '../preprocessor/undone-names.js';
import { VarintReader, VarintWriter } from './varints.js';

/** The marks and runs of `marks` as one string. */
export function marksItem(marks: UndoneMarks): string {
  const m = marks.marks;
  const runs = marks.runs;
  const out = new VarintWriter(m.length + (runs?.length ?? 0));
  const groups: number[] = [];
  for (let i = 0; i < m.length; i += 3) if (i === 0 || m[i] !== m[i - 3]) groups.push(i);
  out.unsigned(groups.length);
  let file = 0;
  for (let g = 0; g < groups.length; g++) {
    const end = g + 1 < groups.length ? groups[g + 1] : m.length;
    out.signed(m[groups[g]] - file);
    file = m[groups[g]];
    out.unsigned((end - groups[g]) / 3);
    let line = 0;
    for (let i = groups[g]; i < end; i += 3) {
      out.signed(m[i + 1] - line);
      line = m[i + 1];
      out.signed(m[i + 2]);
    }
  }
  // 0: no runs (absent); else one more than the runs written.
  out.unsigned(runs === undefined ? 0 : runs.length / 3 + 1);
  let last = 0;
  for (let i = 0; runs !== undefined && i < runs.length; i += 3) {
    out.signed(runs[i] - last);
    out.signed(runs[i + 1] - runs[i]);
    out.signed(runs[i + 2]);
    last = runs[i + 1];
  }
  return out.buffer().toString('base64');
}

/** The marks and runs a string made by marksItem holds. */
export function marksOfItem(item: string): Omit<UndoneMarks, 'states'> {
  const r = new VarintReader(Buffer.from(item, 'base64'));
  const marks: number[] = [];
  let file = 0;
  for (let g = r.unsigned(); g > 0; g--) {
    file += r.signed();
    let line = 0;
    for (let n = r.unsigned(); n > 0; n--) {
      line += r.signed();
      marks.push(file, line, r.signed());
    }
  }
  const runCount = r.unsigned();
  if (runCount === 0) return { marks };
  const runs: number[] = [];
  let last = 0;
  for (let n = runCount - 1; n > 0; n--) {
    const first = last + r.signed();
    last = first + r.signed();
    runs.push(first, last, r.signed());
  }
  return { marks, runs };
}
