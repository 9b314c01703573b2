// Name patterns of search_symbols: `*` and `?` wildcards, case-sensitive and anchored on the whole name,
// turned into SQLite GLOB text; `Type.member` / `Type::member` split into the type and the member pattern.

/** GLOB text matching exactly what the wildcard pattern matches (a literal `[` is escaped). */
export function toGlob(pattern: string): string {
  return pattern.replace(/\[/g, '[[]');
}

export interface MemberPattern {
  /** Pattern of the declaring type (class, struct, union, enum or namespace), possibly qualified (ns::Type). */
  type: string;
  member: string;
}

/** `Type.member` or `Type::member` (the last separator splits), or null for a plain name pattern. */
export function splitMemberPattern(query: string): MemberPattern | null {
  const dot = query.lastIndexOf('.');
  const colons = query.lastIndexOf('::');
  if (dot < 0 && colons < 0) return null;
  const [at, width] = dot > colons ? [dot, 1] : [colons, 2];
  const type = query.slice(0, at).replace(/\./g, '::');
  const member = query.slice(at + width);
  return type && member ? { type, member } : null;
}

/** Qualified-name GLOBs of `member` declared in any of `types` (each matched as a whole scope or a trailing one). */
export function memberGlobs(types: string[], member: string): string[] {
  const out = new Set<string>();
  for (const t of types) {
    out.add(`${toGlob(t)}::${toGlob(member)}`);
    if (!t.startsWith('*')) out.add(`*::${toGlob(t)}::${toGlob(member)}`);
  }
  return [...out];
}

/** The wildcard pattern as an anchored RegExp (same meaning as its GLOB). */
export function globRegExp(pattern: string): RegExp {
  const body = [...pattern].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`, 's');
}
