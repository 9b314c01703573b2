// A call row's kind as the small integer ref_rows stores (the words took 4-10 bytes in the row and in each kind index),
// a kind of no code as its text; the view refs reads back the word (kind) and the stored value (kind_code).

/** The kinds with a code, the most frequent first (its index is its code). */
const REF_KINDS = ['call', 'fn_pointer', 'macro_call', 'indirect', 'slot_copy', 'vector', 'preproc_call'] as const;

/** What ref_rows.kind holds for `kind`: its code, or its text when it has none. */
export function refKindCode(kind: string): number | string {
  const code = (REF_KINDS as readonly string[]).indexOf(kind);
  return code < 0 ? kind : code;
}

/** SQL of the kind stored in `column` as its word. */
export function refKindSql(column: string): string {
  return `CASE ${column} ${REF_KINDS.map((k, code) => `WHEN ${code} THEN '${k}'`).join(' ')} ELSE ${column} END`;
}

/** SQL literal of `kind`'s stored value (a kind of no code as a quoted string: kinds are words). */
export function refKindLiteral(kind: string): string {
  const code = refKindCode(kind);
  return typeof code === 'number' ? String(code) : `'${code.replace(/'/g, "''")}'`;
}
