// A file-scope declaration of a function pointer whose type is a typedef name (ThreadX's `VOID (*hook)(TX_THREAD
// *t);`, `handler_t (*table[4])(void);`, Mbed TLS's `mbedtls_time_t (*mbedtls_time)(mbedtls_time_t *t) = time;`):
// tree-sitter, which does not know typedef names, reads it as a call of the type name with `*hook` as argument (with
// an initializer, as an assignment to that call). No statement stands at file scope in C, so there that shape is the
// declaration.
import type { SyntaxNode } from './tree-sitter-parser.js';

/**
 * Of a call standing as a statement at file scope, or as the left side of an assignment standing so, read as
 * `T(*name)(...)` or `T(*name[N])(...)`: the declared name and the parenthesized declarator `(*name)`. Null for any
 * other call.
 */
export function pointerDeclarationName(call: SyntaxNode): { name: SyntaxNode; declarator: SyntaxNode } | null {
  if (call.type !== 'call_expression') return null;
  const up = call.parent;
  const statement = up?.type === 'assignment_expression' && up.childForFieldName('left')?.id === call.id ? up.parent : up;
  if (statement?.type !== 'expression_statement') return null;
  const inner = call.childForFieldName('function');
  if (inner?.type !== 'call_expression' || inner.childForFieldName('function')?.type !== 'identifier') return null;
  const args = inner.childForFieldName('arguments');
  if (!args || args.namedChildCount !== 1) return null;
  const pointer = args.namedChild(0);
  if (pointer?.type !== 'pointer_expression') return null;
  let n = pointer.childForFieldName('argument');
  while (n?.type === 'subscript_expression') n = n.childForFieldName('argument');
  return n?.type === 'identifier' ? { name: n, declarator: args } : null;
}
