// Uses of names in expressions, each classified as a read, a write (assignment target, ++/--, compound
// assignment) or an address taken (&x). The tree-sitter patterns (queries/variable-refs-<lang>.scm) do the
// classifying; this module keeps the strongest capture per node. Types are not resolved: `p[i] = v` counts as
// a write of p, and a variable passed by C++ reference to a function that changes it counts as a read.
import type { Language } from '../model/compile-args.js';
import type { AccessKind, VariableRef } from '../model/code-relations.js';
import type { CaptureIds, Tree } from './tree-sitter-parser.js';

/** The capture names, weakest first: a stronger capture of the same node replaces a weaker one; skip drops it. */
const CAPTURES = ['use', 'member', 'address', 'member.address', 'write', 'member.write', 'skip'] as const;
const RANK = [1, 1, 2, 2, 3, 3, 4];
const ACCESS: AccessKind[] = ['read', 'read', 'address', 'address', 'write', 'write', 'read'];
const SKIP = CAPTURES.indexOf('skip');
const INDEX = new Map<string, number>(CAPTURES.map((c, i) => [c, i]));

function unknownCapture(name: string): never {
  throw new Error(`variable-refs table: unknown capture @${name} (known: ${CAPTURES.join(', ')})`);
}

/** The capture table whose captures extractVariableRefs reads (walkCaptures collects them in its walk). */
export const variableRefsTable = (language: Language) => `variable-refs-${language}`;

/**
 * The references of the captured nodes, in document order. Captures may come in any order: a node's strongest
 * capture does not depend on it (two captures of one node with equal rank have the same name), and every
 * captured node is a name token, so the nodes' ids (pre-order) are their document order.
 */
export function extractVariableRefs(tree: Tree, captures: CaptureIds): VariableRef[] {
  // The strongest capture of each node (index + 1; 0: none yet), and the nodes captured.
  const strongest = new Uint8Array(tree.count);
  const order = capturedNodes(captures, strongest);
  const refs: VariableRef[] = [];
  for (let i = 0; i < order.length; i++) {
    const id = order[i];
    const k = strongest[id] - 1;
    if (k === SKIP || tree.missing[id]) continue;
    refs.push(refOf(tree, id, k));
  }
  return refs;
}

/** The captured nodes in document order, each one's strongest capture set in `strongest`. */
function capturedNodes({ names, ids }: CaptureIds, strongest: Uint8Array): Int32Array {
  const captured: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const k = INDEX.get(names[i]) ?? unknownCapture(names[i]);
    if (strongest[id] === 0) captured.push(id);
    else if (RANK[k] <= RANK[strongest[id] - 1]) continue;
    strongest[id] = k + 1;
  }
  return Int32Array.from(captured).sort();
}

function refOf(tree: Tree, id: number, k: number): VariableRef {
  const p = tree.pointAt(tree.start[id]);
  return { name: tree.text.slice(tree.start[id], tree.end[id]), line: p.row + 1, column: p.column + 1, access: ACCESS[k], via: k === 1 || k === 3 || k === 5 ? 'member' : 'name' };
}
