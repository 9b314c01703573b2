// One search row per symbol: the declarations and definitions of one build with the same qualified name and
// kind (C++ functions: also the same parameter types) become one row at the definition, the other places
// listed as declarations. Several definitions (two static functions of one name) stay separate rows.
import type { SymbolCandidate } from '../index/search-reader.js';

/** A merged symbol: where it is defined (or first declared), and every other place that declares it. */
export interface MergedSymbol {
  primary: SymbolCandidate;
  declarations: SymbolCandidate[];
  /** Best text BM25 of the group's rows (a prototype's docstring often carries the match). */
  text_score: number;
  /** Row ids of the group (the primary first). */
  rowids: number[];
}

const CPP_CALLABLE = new Set(['function', 'method', 'constructor', 'destructor']);

/** Parameter types of a C++ signature, names and default values left out: `(int a, char *b = 0)` → `int,char*`. */
export function parameterTypes(signature: string): string {
  const open = signature.indexOf('(');
  if (open < 0) return '';
  let depth = 0;
  let close = -1;
  for (let i = open; i < signature.length; i++) {
    if (signature[i] === '(') depth++;
    else if (signature[i] === ')' && --depth === 0) {
      close = i;
      break;
    }
  }
  const inner = signature.slice(open + 1, close < 0 ? undefined : close);
  const params: string[] = [];
  let cur = '';
  depth = 0;
  for (const c of inner) {
    if ('(<['.includes(c)) depth++;
    else if (')>]'.includes(c)) depth--;
    if (c === ',' && depth === 0) {
      params.push(cur);
      cur = '';
    } else cur += c;
  }
  params.push(cur);
  return params
    .map((p) => {
      const noDefault = p.replace(/=.*$/s, '').trim();
      // A trailing identifier after a type is the parameter's name.
      const m = /^(.*?[\w>*&\])\s])\s*\b([A-Za-z_]\w*)\s*((?:\[[^\]]*\])*)$/s.exec(noDefault);
      const type = m && !/^(const|volatile|unsigned|signed|int|char|long|short|float|double|bool|void)$/.test(m[2]) ? m[1] + m[3] : noDefault;
      return type.replace(/\s+/g, '');
    })
    .filter((t) => t !== '' && t !== 'void')
    .join(',');
}

export function mergeKey(c: SymbolCandidate): string {
  const params = c.language === 'cpp' && CPP_CALLABLE.has(c.kind) ? parameterTypes(c.signature) : '';
  return `${c.qualified_name}\0${c.kind}\0${params}`;
}

const byPlace = (a: SymbolCandidate, b: SymbolCandidate) =>
  Number(a.is_vendor) - Number(b.is_vendor) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line;

function group(primary: SymbolCandidate, declarations: SymbolCandidate[]): MergedSymbol {
  const all = [primary, ...declarations];
  return {
    primary,
    declarations,
    text_score: Math.min(...all.map((c) => c.text_score)),
    rowids: all.map((c) => c.rowid),
  };
}

/**
 * Merges candidates into one row per symbol. A declaration in the file of a definition belongs to it; other
 * declarations belong to the first definition (project code first, then by path). Without a definition, the
 * first declaration is the row and the others its declarations.
 */
export function mergeSymbols(candidates: Iterable<SymbolCandidate>): MergedSymbol[] {
  const groups = new Map<string, SymbolCandidate[]>();
  const seen = new Set<number>();
  for (const c of candidates) {
    if (seen.has(c.rowid)) continue;
    seen.add(c.rowid);
    const k = mergeKey(c);
    const g = groups.get(k);
    if (g) g.push(c);
    else groups.set(k, [c]);
  }
  const out: MergedSymbol[] = [];
  for (const members of groups.values()) {
    members.sort(byPlace);
    const defs = members.filter((c) => c.is_definition);
    const decls = members.filter((c) => !c.is_definition);
    if (!defs.length) {
      out.push(group(decls[0], decls.slice(1)));
      continue;
    }
    const own = new Map(defs.map((d) => [d, [] as SymbolCandidate[]]));
    for (const d of decls) own.get(defs.find((def) => def.file === d.file) ?? defs[0])!.push(d);
    for (const [def, ds] of own) out.push(group(def, ds));
  }
  return out;
}

/**
 * Adds places of symbols to declaration-only groups with the same merge key (the definitions a query did not
 * match): a definition becomes the row, the group's declaration joins its declarations. Other groups are kept.
 */
export function attachPlaces(groups: MergedSymbol[], places: SymbolCandidate[]): MergedSymbol[] {
  const open = new Map<string, number>();
  groups.forEach((g, i) => {
    if (!g.primary.is_definition) open.set(mergeKey(g.primary), i);
  });
  const out = groups.slice();
  for (const c of places) {
    const i = open.get(mergeKey(c));
    if (i === undefined) continue;
    const g = out[i];
    if (g.rowids.includes(c.rowid)) continue;
    const merged = c.is_definition ? group(c, [g.primary, ...g.declarations].sort(byPlace)) : group(g.primary, [...g.declarations, c].sort(byPlace));
    out[i] = { ...merged, text_score: g.text_score };
    if (c.is_definition) open.delete(mergeKey(c));
  }
  return out;
}
