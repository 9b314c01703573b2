// What search_code may ask of an index: light candidate rows (enough to rank and merge a symbol) for each
// relaxation step, and the full rows of one page. Ranking and merging live in src/query, not here.
import type { MacroRow, SymbolFilter, SymbolRow } from './index-reader.js';

/** One symbol row as a search candidate. Scores are FTS5 BM25 values (lower is better; 0 when not scored). */
export interface SymbolCandidate {
  /** Row id of the symbol (stable within one index file). */
  rowid: number;
  name: string;
  qualified_name: string;
  kind: string;
  file: string;
  line: number;
  is_definition: boolean;
  is_vendor: boolean;
  /** Language of the parse the symbol comes from (c, cpp, asm, ld). */
  language: string;
  name_tokens: string;
  signature: string;
  /** BM25 over signature and docstring (the name is scored by the ranking itself, on name tokens). */
  text_score: number;
}

/** A function-like macro whose expansion is a call (an API wrapper), as a search candidate (docstring: its first 4000 characters). */
export type ApiMacroCandidate = MacroRow & { is_vendor: boolean; docstring: string; name_tokens: string; text_score: number };

export interface CandidateList<T> {
  rows: T[];
  /**
   * Rows one per symbol among ALL matches: every definition, and one row for the declarations of a symbol
   * the matches do not define (by qualified name and kind). Equals rows.length when the cap was not reached.
   */
  total: number;
  /** The cap was reached: rows are the best `cap` matches by BM25. */
  capped: boolean;
}

export interface SearchIndex {
  /** Symbols matching an FTS5 expression, best BM25 first, at most `cap`. */
  ftsCandidates(match: string, filter: SymbolFilter, cap: number): CandidateList<SymbolCandidate>;
  /** Row ids of the symbols (of any build) matching an FTS5 expression, to test which candidates hold every query word. */
  ftsRowIds(match: string, cap: number): Set<number>;
  /** Symbols whose name tokens contain at least `minHits` of `terms` as substrings, at most `cap`. */
  tokenCandidates(terms: string[], minHits: number, filter: SymbolFilter, cap: number): CandidateList<SymbolCandidate>;
  /** Symbols whose docstring contains `term`, at most `cap`. */
  docstringCandidates(term: string, filter: SymbolFilter, cap: number): CandidateList<SymbolCandidate>;
  /** Symbols with one of these exact names. */
  namedCandidates(names: string[], filter: SymbolFilter): SymbolCandidate[];
  /** API-wrapper macros of one build matching an FTS5 expression over name, value, name tokens and docstring (project files only with `projectOnly`). */
  apiMacroCandidates(match: string, buildId: number, projectOnly: boolean, cap: number): ApiMacroCandidate[];
  /** The first `chars` characters of the docstrings and the signatures of the given symbol row ids. */
  docHeads(rowids: number[], chars: number): Map<number, string>;
  /** How many symbol names the index holds (all builds): the document count of name-token BM25. */
  nameCount(): number;
  /** Full rows of the given symbol row ids, in no particular order. */
  symbolRows(rowids: number[]): Map<number, SymbolRow>;
}
