// Fuzzy matching of a squashed query against names and paths (uartdrvinit → uart_drv_init): the query's
// characters in order, case-insensitively, scored higher at word starts and in runs, lower across gaps.

const BASE = 16;
const BOUNDARY = 10;
const FIRST = 14;
const RUN = 8;
const GAP_START = 3;
const GAP_EXTEND = 1;

function isBoundary(s: string, j: number): boolean {
  if (j === 0) return true;
  const prev = s[j - 1];
  const c = s[j];
  if ('_-./\\: '.includes(prev)) return true;
  if (prev >= 'a' && prev <= 'z' && c >= 'A' && c <= 'Z') return true;
  return /[A-Za-z]/.test(prev) && /[0-9]/.test(c);
}

/** Best score of `query` as a subsequence of `candidate` (null when it is not one). */
export function fuzzyScore(query: string, candidate: string): number | null {
  const q = query.toLowerCase();
  const c = candidate.toLowerCase();
  const n = q.length;
  const m = c.length;
  if (n === 0 || n > m) return null;
  // best[i][j]: best score with q[0..i] matched and q[i] at c[j]; -Infinity when impossible.
  let prev = new Float64Array(m).fill(-Infinity);
  for (let i = 0; i < n; i++) {
    const cur = new Float64Array(m).fill(-Infinity);
    let bestBefore = -Infinity; // best prev[k] - gap(k, j) for k < j - 1
    let bestBeforeAt = -1;
    for (let j = i; j < m; j++) {
      if (i > 0 && j >= 1) {
        // Candidates ending two or more before j arrive with a gap penalty.
        if (j >= 2 && prev[j - 2] > -Infinity) {
          const carried = bestBefore - GAP_EXTEND;
          const fresh = prev[j - 2] - GAP_START;
          if (fresh >= carried) {
            bestBefore = fresh;
            bestBeforeAt = j - 2;
          } else bestBefore = carried;
        } else if (bestBeforeAt >= 0) bestBefore -= GAP_EXTEND;
      }
      if (c[j] !== q[i]) continue;
      const bonus = (j === 0 ? FIRST : 0) + (isBoundary(candidate, j) ? BOUNDARY : 0);
      if (i === 0) {
        cur[j] = BASE + bonus - Math.min(j, 10) * GAP_EXTEND;
        continue;
      }
      const run = j >= 1 && prev[j - 1] > -Infinity ? prev[j - 1] + RUN : -Infinity;
      const gap = bestBefore;
      const from = Math.max(run, gap);
      if (from > -Infinity) cur[j] = from + BASE + bonus;
    }
    prev = cur;
  }
  let best = -Infinity;
  for (let j = 0; j < m; j++) if (prev[j] > best) best = prev[j];
  if (best === -Infinity) return null;
  // Shorter candidates win ties: fewer unmatched characters.
  const exact = c === q ? 50 : 0;
  return best + exact - (m - n) * 0.5;
}

/** A GLOB matching every name that holds the query's characters in order, in either case. */
export function subsequenceGlob(query: string): string {
  const parts = [...query].map((ch) => {
    const lo = ch.toLowerCase();
    const up = ch.toUpperCase();
    if (ch === '[' || ch === ']' || ch === '*' || ch === '?') return `[${ch}]`;
    return lo === up ? ch : `[${lo}${up}]`;
  });
  return `*${parts.join('*')}*`;
}
