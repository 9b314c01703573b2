// Ranking of search_code rows within one relaxation step, as a sort key that can be explained in a sentence:
// name match tier (exact name, the query words in sequence in the name, all words in the name, all words
// anywhere), for a verb-like query names holding the verb and callables first, definitions first, then BM25 (name tokens, then
// signature and docstring), project code before vendor code, shorter names first. No learned weights.
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
  words: string[];
  /** The verbs among the words ("take" in "mutex take"). */
  verbs: string[];
  /** The query lower-cased without separators (`uart_init`, `uart init` → `uartinit`). */
  compact: string;
  verbLike: boolean;
}

export function rankQuery(query: string): RankQuery {
  const words = nameTokens(query.replace(/\b(AND|OR|NOT|NEAR)\b/g, ' ')).split(' ').filter(Boolean);
  const verbs = words.filter((w) => VERBS.has(w));
  return { words, verbs, compact: words.join(''), verbLike: verbs.length > 0 };
}

/** What ranking needs of a row (a merged symbol or a macro). Scores are BM25 (lower is better, 0: not scored). */
export interface Rankable {
  name: string;
  kind: string;
  name_tokens: string;
  is_definition: boolean;
  is_vendor: boolean;
  name_score: number;
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

/**
 * Name match tier, higher is better: 5 the name is the query, 4 the query words in sequence in the name
 * (`task create` ⇢ xTaskCreate, xTaskCreateStatic), 3 every word in the name, 2 every word somewhere and one
 * in the name, 1 every word somewhere, 0 some words.
 */
export function nameTier(q: RankQuery, r: Rankable): number {
  if (!q.words.length) return 0;
  const tokens = r.name_tokens ? r.name_tokens.split(' ') : [];
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
  const tokens = r.name_tokens.split(' ');
  const verbMiss = q.verbs.every((v) => tokens.some((t) => t.startsWith(v))) ? 0 : 3;
  return verbMiss + (CALLABLE.has(r.kind) ? 0 : MEMBER.has(r.kind) ? 2 : 1);
}

/** Name-token BM25 first; signature and docstring BM25 weigh less. Rounded so that near-equal scores tie. */
export function combinedScore(r: Pick<Rankable, 'name_score' | 'text_score'>): number {
  return Math.round((r.name_score + 0.3 * r.text_score) * 100) / 100;
}

/** Sorts rows best first (stable for equal keys: file and line decide last). */
export function rankRows<T extends Rankable>(q: RankQuery, rows: T[]): T[] {
  const keyed = rows.map((r) => ({ r, tier: nameTier(q, r), cls: kindClass(q, r), score: combinedScore(r) }));
  keyed.sort(
    (a, b) =>
      b.tier - a.tier ||
      a.cls - b.cls ||
      Number(b.r.is_definition) - Number(a.r.is_definition) ||
      a.score - b.score ||
      Number(a.r.is_vendor) - Number(b.r.is_vendor) ||
      a.r.name.length - b.r.name.length ||
      (a.r.file < b.r.file ? -1 : a.r.file > b.r.file ? 1 : 0) ||
      a.r.line - b.r.line,
  );
  return keyed.map((k) => k.r);
}
