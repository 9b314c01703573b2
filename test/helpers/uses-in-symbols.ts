// Test helper: the references to a name that sit inside a symbol, each as "in_symbol file:line kind", sorted: what
// tests of macro expansion compare with what gcc -E makes of the same text.
import { findReferences } from '../../src/query/find-references.js';
import { withProject } from '../../src/query/project-context.js';

export function usesInSymbols(root: string, name: string): string[] {
  return (withProject(root, (ctx) => findReferences(ctx, { name })) as unknown as Record<string, unknown>[])
    .filter((r) => 'in_symbol' in r)
    .map((r) => `${r.in_symbol} ${r.file}:${r.line} ${r.kind}`)
    .sort();
}
