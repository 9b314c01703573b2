// Which lines of a file one build reads: the code lines it compiles, plus the directives of its live code
// (#include, #define...) and the heads and #endif of every conditional group it evaluates. Rebuilt from
// the stored decisions and the file's directive skeleton; everything else is what the build never sees.
import type { FileLinesRow } from '../index/index-reader.js';
import { LineSet } from '../model/line-ranges.js';
import { buildSkeleton } from '../preprocessor/file-skeleton.js';

const OPEN = new Set(['if', 'ifdef', 'ifndef']);
const MID = new Set(['elif', 'elifdef', 'elifndef', 'else']);

/** visible[i] = 1 when line i+1 is part of the file as the build reads it. */
export function visibleLines(file: string, text: string, lines: FileLinesRow): Uint8Array {
  const sk = buildSkeleton(file, text, { asm: /\.(s|S|asm)$/.test(file) });
  const visible = new Uint8Array(sk.lineCount);
  for (const [a, b] of new LineSet(lines.active).pairs) visible.fill(1, a - 1, Math.min(b, visible.length));
  if (!lines.decisionsRecorded) return visible;
  const evaluated = new LineSet(lines.evaluated);
  const taken = new LineSet(lines.taken);
  const show = (from: number, to: number) => visible.fill(1, from - 1, Math.min(to, visible.length));
  // Each open group: whether code around it was live, and whether the build evaluated it.
  const stack: { outerLive: boolean; evaluated: boolean }[] = [];
  let live = true;
  for (const d of sk.directives) {
    if (d.stray) continue;
    if (OPEN.has(d.kind)) {
      const groupEvaluated: boolean = live && evaluated.has(d.line);
      stack.push({ outerLive: live, evaluated: groupEvaluated });
      if (groupEvaluated) show(d.line, d.endLine);
      live = groupEvaluated && taken.has(d.line);
    } else if (MID.has(d.kind)) {
      const top = stack[stack.length - 1];
      if (!top) continue;
      if (top.evaluated) show(d.line, d.endLine);
      live = top.evaluated && taken.has(d.line);
    } else if (d.kind === 'endif') {
      const top = stack.pop();
      if (!top) continue;
      if (top.evaluated) show(d.line, d.endLine);
      live = top.outerLive;
    } else if (live) {
      show(d.line, d.endLine);
    }
  }
  return visible;
}
