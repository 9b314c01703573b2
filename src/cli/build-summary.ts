// Text summaries of large build sets for status, variants and init: counts by build system and by board,
// then the first names. Small sets are listed in full by the callers; --json always carries every build.

export const LIST_IN_FULL = 20;
const FIRST_NAMES = 10;
const TOP_BOARDS = 8;

export interface SummaryBuild {
  variant: string;
  image: string;
  board: string | null;
  buildSystem: string;
  /** True for builds derived from project files that nobody built. */
  notBuilt?: boolean;
}

function counted(values: string[], top: number): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = sorted.slice(0, top).map(([k, n]) => `${k} ${n}`);
  if (sorted.length > top) shown.push(`${sorted.length - top} more`);
  return shown.join(', ');
}

/** A few lines that describe `builds` without naming each one. */
export function summarizeBuilds(builds: SummaryBuild[]): string[] {
  const variants = [...new Set(builds.map((b) => b.variant))];
  const lines = [`${builds.length} build(s) in ${variants.length} variant(s); by build system: ${counted(builds.map((b) => b.buildSystem), TOP_BOARDS)}`];
  const boards = builds.map((b) => b.board ?? '(no board)');
  lines.push(`by board: ${counted(boards, TOP_BOARDS)}`);
  const notBuilt = builds.filter((b) => b.notBuilt).length;
  if (notBuilt) lines.push(`${notBuilt} of them derived, not built`);
  lines.push(`first ${Math.min(FIRST_NAMES, variants.length)} variants: ${variants.slice(0, FIRST_NAMES).join(', ')}${variants.length > FIRST_NAMES ? ', ...' : ''} (--json lists all)`);
  return lines;
}
