// Uses of names in expressions, each classified as a read, a write (assignment target, ++/--, compound
// assignment) or an address taken (&x). The tree-sitter patterns (queries/variable-refs-<lang>.scm) do the
// classifying; this module keeps the strongest capture per node. Types are not resolved: `p[i] = v` counts as
// a write of p, and a variable passed by C++ reference to a function that changes it counts as a read.
import type { Language } from '../model/compile-args.js';
import type { AccessKind, VariableRef } from '../model/code-relations.js';
import { queryCaptures, type SyntaxNode, type Tree } from './tree-sitter-parser.js';

/** Strength of each capture name: a stronger capture of the same node replaces a weaker one; skip drops it. */
const RANK: Record<string, number> = { use: 1, member: 1, address: 2, 'member.address': 2, write: 3, 'member.write': 3, skip: 4 };
const ACCESS: Record<string, AccessKind> = { use: 'read', member: 'read', address: 'address', 'member.address': 'address', write: 'write', 'member.write': 'write' };

export function extractVariableRefs(tree: Tree, language: Language): VariableRef[] {
  const seen = new Map<number, { node: SyntaxNode; capture: string }>();
  for (const cap of queryCaptures(tree, language, `variable-refs-${language}`)) {
    const id = cap.node.id;
    const prev = seen.get(id);
    if (!prev) seen.set(id, { node: cap.node, capture: cap.name });
    else if (RANK[cap.name] > RANK[prev.capture]) prev.capture = cap.name;
  }
  const refs: VariableRef[] = [];
  for (const { node, capture } of seen.values()) {
    if (capture === 'skip' || node.isMissing) continue;
    const p = node.startPosition;
    refs.push({ name: node.text, line: p.row + 1, column: p.column + 1, access: ACCESS[capture], via: capture.startsWith('member') ? 'member' : 'name' });
  }
  return refs;
}
