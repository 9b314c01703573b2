// The rows of a query answer given as a list (callers, callees, references...), without its trailing total and
// warning entries.
export type Row = Record<string, unknown>;

export function answerRows(answer: unknown[]): Row[] {
  return (answer as Row[]).filter((r) => !('total' in r) && !('warning' in r));
}
