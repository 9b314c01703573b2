// Ninja's variable scopes (file scope, subninja child scopes, per-edge scopes) and rules, and evaluation of
// `$`-strings against a scope. Rule-level lookups for `$in`/`$out`/rule variables live in edge-command.ts.
import type { EvalString } from './ninja-lexer.js';

export interface NinjaRule {
  name: string;
  /** Unevaluated bindings (`command`, `depfile`, `description`, `rspfile`...): rule variables are evaluated per edge. */
  bindings: Map<string, EvalString>;
  file: string;
  line: number;
}

export class NinjaScope {
  readonly vars = new Map<string, string>();
  readonly rules = new Map<string, NinjaRule>();
  constructor(readonly parent?: NinjaScope) {}

  /** A variable through this scope and its parents ('' when unset, as ninja does). */
  lookup(name: string): string {
    for (let s: NinjaScope | undefined = this; s; s = s.parent) {
      const v = s.vars.get(name);
      if (v !== undefined) return v;
    }
    return '';
  }

  lookupRule(name: string): NinjaRule | undefined {
    for (let s: NinjaScope | undefined = this; s; s = s.parent) {
      const r = s.rules.get(name);
      if (r) return r;
    }
    return undefined;
  }
}

export function evaluate(value: EvalString, lookup: (name: string) => string): string {
  let out = '';
  for (const p of value) out += 'text' in p ? p.text : lookup(p.ref);
  return out;
}

/** Ninja's CanonicalizePath: drop `.` parts and empty parts, fold `x/..`, keep a leading `/` and leading `..`s. */
export function canonicalizePath(p: string): string {
  if (!p) return p;
  const abs = p.startsWith('/');
  const parts: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') {
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  const joined = parts.join('/');
  if (abs) return '/' + joined;
  return joined || '.';
}

/** Ninja's POSIX shell escaping of a path in `$in`/`$out`. */
export function shellEscape(p: string): string {
  if (/^[A-Za-z0-9_+\-./]*$/.test(p)) return p;
  return `'${p.replace(/'/g, `'\\''`)}'`;
}
