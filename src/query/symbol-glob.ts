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

/** Base classes named in a class/struct signature (`class A : public B, private ns::C<int>` → B, ns::C). */
export function baseClassesOf(signature: string): string[] {
  const colon = signature.search(/[^:]:[^:]/);
  if (colon < 0) return [];
  let depth = 0;
  let current = '';
  const bases: string[] = [];
  for (const ch of signature.slice(colon + 2)) {
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (ch === ',' && depth === 0) {
      bases.push(current);
      current = '';
      continue;
    }
    if (depth === 0 && ch !== '>') current += ch;
  }
  bases.push(current);
  return bases
    .map((b) => b.replace(/\b(public|private|protected|virtual)\b/g, '').replace(/\{.*$/, '').trim())
    .filter((b) => /^[A-Za-z_][\w:]*$/.test(b));
}

function lastComponent(name: string): string {
  const i = name.lastIndexOf('::');
  return i < 0 ? name : name.slice(i + 2);
}

/**
 * The types derived (directly or not) from a type matching `typeGlob`, as far as the class signatures
 * tell: bases are compared by their last name component, so `ns::Base` and `Base` meet.
 */
export function derivedTypes(classes: { qualified_name: string; signature: string }[], isBase: (qualifiedName: string) => boolean): string[] {
  const children = new Map<string, Set<string>>();
  for (const c of classes) {
    for (const b of baseClassesOf(c.signature)) {
      const key = lastComponent(b);
      if (!children.has(key)) children.set(key, new Set());
      children.get(key)!.add(c.qualified_name);
    }
  }
  const found = new Set<string>();
  const queue = classes.filter((c) => isBase(c.qualified_name)).map((c) => c.qualified_name);
  while (queue.length) {
    const t = queue.shift()!;
    for (const child of children.get(lastComponent(t)) ?? []) {
      if (found.has(child) || isBase(child)) continue;
      found.add(child);
      queue.push(child);
    }
  }
  return [...found].sort();
}

/** The wildcard pattern as an anchored RegExp (same meaning as its GLOB). */
export function globRegExp(pattern: string): RegExp {
  const body = [...pattern].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`, 's');
}
