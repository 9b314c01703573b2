// Turns a kind argument into the symbol kinds to match: case-insensitive, `variable` = globals + locals,
// an unknown kind refused with the valid list.
import { FILTER_KINDS } from '../model/symbol.js';
import { QueryError } from './query-error.js';

export function kindsFor(kind: string | undefined): string[] | undefined {
  if (!kind) return undefined;
  const k = kind.toLowerCase();
  if (!(FILTER_KINDS as readonly string[]).includes(k)) {
    throw new QueryError((s) => `unknown ${s.arg('kind')} "${kind}"; valid kinds: ${FILTER_KINDS.join(', ')}`, (s) => `use one of: ${FILTER_KINDS.join(', ')}, or omit ${s.arg('kind')}`);
  }
  return k === 'variable' ? ['varglobal', 'varlocal'] : [k];
}
