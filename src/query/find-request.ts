// The find request: its arguments, their checks, and the route a query takes (which target, which match
// mode) when the caller leaves them to auto: /re/ is a regex, "..." a literal phrase, a path-like query
// looks for files, an identifier for declarations then content, anything else for content.
import { QueryError, type Surface } from './query-error.js';
import { regexProblem } from '../content/regex-scan.js';
import type { BuildSelector } from './resolve-build.js';

export const FIND_TARGETS = ['auto', 'files', 'content', 'symbols'] as const;
export const FIND_MATCHES = ['literal', 'word', 'regex', 'fuzzy'] as const;
export type FindTarget = (typeof FIND_TARGETS)[number];
export type FindMatch = (typeof FIND_MATCHES)[number];

export const FIND_DEFAULT_LIMIT = 50;
export const FIND_MAX_LIMIT = 500;

/** How a surface continues a search: MCP repeats `next`, the CLI the flags its last page printed. */
const NEXT_PAGE = (s: Surface) => (s.kind === 'mcp' ? 'pass the arguments of next unchanged' : `use the ${s.arg('skip')} and ${s.arg('page_identity')} the previous page printed`);

export interface FindRequest extends BuildSelector {
  query: string;
  target?: FindTarget;
  match?: FindMatch;
  scope?: { globs?: string[] };
  limit?: number;
  /** Matches to skip: set by `next`, together with page_identity. */
  skip?: number;
  page_identity?: string;
  /** Only lines the build compiles, in files the build reads. */
  build_only?: boolean;
  ignore_case?: boolean;
}

/** Where a query goes. `lane` identifier: declarations named exactly so, then content words; fuzzy when both are empty. */
export interface FindRoute {
  target: Exclude<FindTarget, 'auto'> | 'identifier';
  match: FindMatch;
  /** The text to look for, with /.../ or "..." syntax removed. */
  text: string;
  regexFlags: string;
  ignoreCase: boolean;
  /** How auto routing or the query syntax changed what was asked. */
  notes: string[];
}

const IDENTIFIER = /^[A-Za-z_~][A-Za-z0-9_]*((::|\.)[A-Za-z_~][A-Za-z0-9_]*)*$/;

const FILE_EXTENSION = /\.(c|cc|cpp|cxx|h|hh|hpp|hxx|inc|s|S|asm|ld|lds|cmake|txt|md|rst|json|yml|yaml|ini|py|dts|dtsi|overlay|conf|mk|map|sct|icf|html)$/;

/** A path or a file name (drivers/uart.c, main.cpp, CMakeLists.txt), not an identifier or Type.member. */
export function isPathLike(q: string): boolean {
  return q.includes('/') || FILE_EXTENSION.test(q);
}

function checkArgs(req: FindRequest): { limit: number; skip: number } {
  if (typeof req.query !== 'string' || req.query.trim() === '') throw new QueryError((s) => `${s.arg('query')} is empty`, 'give a text, an identifier, a path, /regex/ or "phrase"');
  if (req.target && !(FIND_TARGETS as readonly string[]).includes(req.target)) throw new QueryError((s) => `unknown ${s.arg('target')} "${req.target}"; valid targets: ${FIND_TARGETS.join(', ')}`, `use one of: ${FIND_TARGETS.join(', ')}`);
  if (req.match && !(FIND_MATCHES as readonly string[]).includes(req.match)) throw new QueryError((s) => `unknown ${s.arg('match')} "${req.match}"; valid modes: ${FIND_MATCHES.join(', ')}`, `use one of: ${FIND_MATCHES.join(', ')}`);
  const limit = req.limit ?? FIND_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > FIND_MAX_LIMIT) throw new QueryError((s) => `${s.arg('limit')} must be an integer from 1 to ${FIND_MAX_LIMIT}, got ${req.limit}`, (s) => `use ${s.arg('limit')} between 1 and ${FIND_MAX_LIMIT} and ${NEXT_PAGE(s)} for more`);
  const skip = req.skip ?? 0;
  if (!Number.isInteger(skip) || skip < 0) throw new QueryError((s) => `${s.arg('skip')} must be a non-negative integer, got ${req.skip}`, (s) => NEXT_PAGE(s));
  if (skip > 0 && !req.page_identity) throw new QueryError((s) => `${s.arg('skip')} needs the ${s.arg('page_identity')} of the page it continues`, (s) => `${NEXT_PAGE(s)}, or call again without ${s.arg('skip')}`);
  return { limit, skip };
}

function regexRoute(source: string, flags: string, req: FindRequest, notes: string[]): FindRoute {
  if (/[^i]/.test(flags)) throw new QueryError(`unsupported regex flag(s) "${flags.replace(/i/g, '')}" in ${req.query}`, 'only /pattern/i (ignore case) is supported; lines are matched one by one');
  const ignoreCase = flags.includes('i') || !!req.ignore_case;
  const problem = regexProblem(source, ignoreCase ? 'i' : '');
  if (problem) {
    const marker = `${source}\n${' '.repeat(problem.position - 1)}^`;
    throw new QueryError(`invalid regex /${source}/: ${problem.message} at position ${problem.position}\n${marker}`, (s) => `fix the pattern (escape ( ) [ ] { } * + ? | \\ . ^ $ to match them literally), or use ${s.arg('match', 'literal')}`, {
      regex: source,
      position: problem.position,
    });
  }
  const target = req.target && req.target !== 'auto' ? req.target : 'content';
  if (target === 'symbols') throw new QueryError('regex is not offered for declarations', (s) => `use ${s.tool('search_symbols')} with * and ? wildcards, or ${s.arg('target', 'content')}`);
  return { target, match: 'regex', text: source, regexFlags: ignoreCase ? 'i' : '', ignoreCase, notes };
}

/** Checked limits and the route of a request. */
export function routeFind(req: FindRequest): { route: FindRoute; limit: number; skip: number } {
  const { limit, skip } = checkArgs(req);
  const raw = req.query.trim();
  const notes: string[] = [];
  const ignoreCase = !!req.ignore_case;
  const slashed = /^\/(.+)\/([a-z]*)$/s.exec(raw);
  if (slashed || req.match === 'regex') {
    if (slashed && req.match && req.match !== 'regex') notes.push(`the query is written /.../, so it runs as a regex, not as ${req.match}`);
    return { route: regexRoute(slashed ? slashed[1] : raw, slashed ? slashed[2] : '', req, notes), limit, skip };
  }
  const quoted = /^"(.+)"$/s.exec(raw);
  let text = quoted ? quoted[1] : raw;
  let match = req.match;
  if (quoted && match && match !== 'literal') notes.push(`the query is quoted, so it runs as a literal phrase, not as ${match}`);
  if (quoted) match = 'literal';
  let target: FindRoute['target'];
  if (req.target && req.target !== 'auto') target = req.target;
  else if (quoted) target = 'content';
  else if (isPathLike(text)) target = 'files';
  else if (IDENTIFIER.test(text)) target = match === undefined ? 'identifier' : 'symbols';
  else target = 'content';
  if (req.target === undefined || req.target === 'auto') notes.push(`auto: ${target === 'identifier' ? 'declarations named so, then content words (fuzzy when neither exists)' : target}`);
  if (target === 'symbols' && IDENTIFIER.test(text)) text = text.replace(/\./g, '::');
  const defaultMatch: FindMatch = target === 'files' ? 'fuzzy' : target === 'identifier' ? 'word' : 'literal';
  return { route: { target, match: match ?? defaultMatch, text, regexFlags: ignoreCase ? 'i' : '', ignoreCase, notes }, limit, skip };
}
