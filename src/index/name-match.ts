// Exact matches of symbols.name and symbols.qualified_name in SQL, answered through their NOCASE indexes (the only
// indexes on them: LIKE needs those, and a second, BINARY index of the same text doubled their bytes).

/**
 * SQL: `column = value` as the NOCASE index finds it: the case-insensitive equality selects the index's entries (a
 * few case variants of the name at most), the exact one keeps the answer exact (checked on the index's entries).
 */
export function sameName(column: string, value: string): string {
  return `(${column} = ${value} COLLATE NOCASE AND ${column} = ${value})`;
}

/** SQL: `column IN (list)` (a list of values or a SELECT) as the NOCASE index finds it (see sameName). */
export function nameIn(column: string, list: string): string {
  return `(${column} COLLATE NOCASE IN (${list}) AND ${column} IN (${list}))`;
}
