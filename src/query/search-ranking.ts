// Ranking of search_code rows within one relaxation step, as a sort key that can be explained in a sentence:
// name match tier (exact name, the query words in sequence in the name, all words in the name, all words
// anywhere), for a verb-like query names holding the verb and callables first, definitions first, closer names
// first, then BM25 (name tokens, then signature and docstring), project code before vendor code. No learned weights.
import { nameTokens } from '../parser/name-tokens.js';

/** Words that make a query verb-like ("uart init", "mutex take"): the answer is something one calls. */
const VERBS = new Set([
  'init', 'initialize', 'initialise', 'deinit', 'setup', 'start', 'stop', 'create', 'delete', 'destroy', 'open', 'close',
  'read', 'write', 'get', 'set', 'send', 'receive', 'recv', 'transmit', 'put', 'take', 'give', 'post', 'pend', 'wait',
  'notify', 'signal', 'lock', 'unlock', 'acquire', 'release', 'enable', 'disable', 'toggle', 'clear', 'reset', 'erase',
  'program', 'flush', 'alloc', 'allocate', 'free', 'malloc', 'copy', 'register', 'unregister', 'attach', 'detach',
  'suspend', 'resume', 'yield', 'delay', 'sleep', 'wake', 'configure', 'config', 'handle', 'process', 'poll', 'check',
  'update', 'load', 'store', 'save', 'convert', 'calculate', 'compute', 'encode', 'decode', 'parse', 'format', 'print',
  'log', 'abort', 'run', 'schedule', 'dispatch', 'trigger', 'select', 'mount', 'unmount', 'sync', 'push', 'pop',
  'enqueue', 'dequeue', 'insert', 'remove', 'add', 'find', 'search', 'lookup', 'scan', 'verify', 'validate', 'calibrate',
  'measure', 'sample', 'convert', 'transfer', 'fill', 'increment', 'decrement', 'join', 'spawn', 'kill', 'terminate',
]);

const CALLABLE = new Set(['function', 'method', 'constructor', 'destructor', 'macro']);
const MEMBER = new Set(['field', 'varlocal', 'variable']);

/** The query as ranking reads it: lower-case words (identifiers split like name tokens) and its compact form. */
export interface RankQuery {
  /** Words, plurals cut to their stem (`tasks` → `task`): every word matches a token it starts. */
  words: string[];
  /** The verbs among the words ("take" in "mutex take"). */
  verbs: string[];
  /** The query lower-cased without separators (`uart_init`, `uart init` → `uartinit`). */
  compact: string;
  verbLike: boolean;
}

/** A plural cut to its stem, which then matches both forms as a prefix: `tasks` → `task`, `bits` → `bit`. */
export function stem(word: string): string {
  return word.length >= 4 && /[^su]s$/.test(word) ? word.slice(0, -1) : word;
}

export function rankQuery(query: string): RankQuery {
  const raw = nameTokens(query.replace(/\b(AND|OR|NOT|NEAR)\b/g, ' ')).split(' ').filter(Boolean);
  const words = raw.map(stem);
  const verbs = words.filter((w) => VERBS.has(w));
  return { words, verbs, compact: raw.join(''), verbLike: verbs.length > 0 };
}

/** What ranking needs of a row (a merged symbol or a macro). text_score is FTS5 BM25 (lower is better, 0: not scored). */
export interface Rankable {
  name: string;
  kind: string;
  name_tokens: string;
  is_definition: boolean;
  is_vendor: boolean;
  text_score: number;
  /** The row holds every query word somewhere (name, signature or docstring). */
  covers_all: boolean;
  file: string;
  line: number;
}

/** True when `words` appear as consecutive tokens (each a prefix of its token). */
function inSequence(tokens: string[], words: string[]): boolean {
  for (let i = 0; i + words.length <= tokens.length; i++) {
    let k = 0;
    while (k < words.length && tokens[i + k].startsWith(words[k])) k++;
    if (k === words.length) return true;
  }
  return false;
}

const split = new Map<string, string[]>();
/** Name tokens as a list (memoized: ranking reads them several times per row). */
const tokensOf = (r: Pick<Rankable, 'name_tokens'>): string[] => {
  let t = split.get(r.name_tokens);
  if (!t) {
    if (split.size > 50_000) split.clear();
    split.set(r.name_tokens, (t = r.name_tokens ? r.name_tokens.split(' ') : []));
  }
  return t;
};

/**
 * Name match tier, higher is better: 5 the name is the query, 4 the query words in sequence in the name
 * (`task create` ⇢ xTaskCreate, xTaskCreateStatic), 3 every word in the name, 2 every word somewhere and one
 * in the name, 1 every word somewhere, 0 some words.
 */
export function nameTier(q: RankQuery, r: Rankable): number {
  if (!q.words.length) return 0;
  const tokens = tokensOf(r);
  if (r.name.toLowerCase().replace(/[^a-z0-9]/g, '') === q.compact) return 5;
  if (inSequence(tokens, q.words)) return 4;
  const inName = q.words.filter((w) => tokens.some((t) => t.startsWith(w))).length;
  if (inName === q.words.length) return 3;
  if (r.covers_all) return inName > 0 ? 2 : 1;
  return 0;
}

/** Verb-like queries: names holding the query's verbs first, then callables before types and values, fields and locals last. */
function kindClass(q: RankQuery, r: Rankable): number {
  if (!q.verbLike) return 0;
  const tokens = tokensOf(r);
  const verbMiss = q.verbs.every((v) => tokens.some((t) => t.startsWith(v))) ? 0 : 3;
  return verbMiss + (CALLABLE.has(r.kind) ? 0 : MEMBER.has(r.kind) ? 2 : 1);
}

/**
 * BM25 over name tokens (k1 1.2, b 0.75), the same for symbols and macros: inverse document frequency of each
 * query word among the candidate names (`total` names in the build's index), name length in tokens.
 */
export class NameBm25 {
  private idf = new Map<string, number>();
  private avgLength: number;

  constructor(
    private readonly q: RankQuery,
    rows: Pick<Rankable, 'name_tokens'>[],
    total: number,
  ) {
    const n = Math.max(total, rows.length, 1);
    let lengths = 0;
    const df = new Map(q.words.map((w) => [w, 0]));
    for (const r of rows) {
      const tokens = tokensOf(r);
      lengths += tokens.length;
      for (const w of q.words) if (tokens.some((t) => t.startsWith(w))) df.set(w, df.get(w)! + 1);
    }
    for (const [w, d] of df) this.idf.set(w, Math.log(1 + (n - d + 0.5) / (d + 0.5)));
    this.avgLength = rows.length ? lengths / rows.length : 1;
  }

  score(r: Pick<Rankable, 'name_tokens'>): number {
    const tokens = tokensOf(r);
    const norm = 1.2 * (1 - 0.75 + (0.75 * tokens.length) / this.avgLength);
    let s = 0;
    for (const w of new Set(this.q.words)) {
      const tf = tokens.filter((t) => t.startsWith(w)).length;
      if (tf) s += (this.idf.get(w)! * tf * 2.2) / (tf + norm);
    }
    return s;
  }
}

/** Relevance within a tier, higher is better: name-token BM25, plus signature and docstring BM25 at a third. Rounded so near-equal scores tie. */
export function relevance(nameBm25: number, r: Pick<Rankable, 'text_score'>): number {
  return Math.round((nameBm25 - 0.3 * r.text_score) * 100) / 100;
}

/** Name tokens no query word matched: fewer is a closer name (xTaskNotifyGive before vTaskGenericNotifyGiveFromISR). */
function extraTokens(q: RankQuery, r: Rankable): number {
  return tokensOf(r).filter((t) => !q.words.some((w) => t.startsWith(w))).length;
}

/** Sorts rows best first: tier, verb and kind class, definitions, closeness (tiers 3-5), relevance, project before vendor. */
export function rankRows<T extends Rankable>(q: RankQuery, rows: T[], totalNames: number): T[] {
  const bm25 = new NameBm25(q, rows, totalNames);
  const keyed = rows.map((r) => {
    const tier = nameTier(q, r);
    return { r, tier, cls: kindClass(q, r), extra: tier >= 3 ? extraTokens(q, r) : 0, score: relevance(bm25.score(r), r) };
  });
  keyed.sort(
    (a, b) =>
      b.tier - a.tier ||
      a.cls - b.cls ||
      Number(b.r.is_definition) - Number(a.r.is_definition) ||
      a.extra - b.extra ||
      b.score - a.score ||
      Number(a.r.is_vendor) - Number(b.r.is_vendor) ||
      a.r.name.length - b.r.name.length ||
      (a.r.file < b.r.file ? -1 : a.r.file > b.r.file ? 1 : 0) ||
      a.r.line - b.r.line,
  );
  return keyed.map((k) => k.r);
}
