// Uses of names in expressions, each classified as a read, a write (assignment target, ++/--, compound
// assignment) or an address taken (&x). Types are not resolved: `p[i] = v` counts as a write of p, and a
// variable passed by C++ reference to a function that changes it counts as a read.
import type { Language } from '../model/compile-args.js';
import type { AccessKind, VariableRef } from '../model/code-relations.js';
import { queryCaptures, type SyntaxNode, type Tree } from './tree-sitter-parser.js';

/** Parents whose `declarator` field names what is declared, not a use. */
const DECLARATOR_PARENTS = new Set([
  'init_declarator', 'declaration', 'pointer_declarator', 'array_declarator', 'function_declarator', 'parameter_declaration',
  'optional_parameter_declaration', 'field_declaration', 'attributed_declarator', 'parenthesized_declarator', 'reference_declarator',
  'type_definition', 'variadic_parameter_declaration', 'structured_binding_declarator',
]);
/** Parents under which an identifier is never a variable use. */
const NO_USE_PARENTS = new Set([
  'template_function', 'using_declaration', 'namespace_alias_definition', 'attribute', 'attribute_specifier', 'lambda_capture_specifier',
  'preproc_def', 'preproc_function_def', 'preproc_params', 'preproc_defined', 'preproc_ifdef', 'preproc_call', 'field_initializer',
  'goto_statement', 'labeled_statement', 'destructor_name', 'operator_name', 'concept_definition', 'ERROR',
]);

function sameNode(a: SyntaxNode | null, b: SyntaxNode): boolean {
  return a !== null && a.id === b.id;
}

/** The expression node an identifier stands for (ns::x stands as a whole), or null when it is no use. */
function useNode(id: SyntaxNode): SyntaxNode | null {
  let node = id;
  let parent = node.parent;
  while (parent && parent.type === 'qualified_identifier') {
    node = parent;
    parent = node.parent;
  }
  if (!parent) return null;
  if (NO_USE_PARENTS.has(parent.type)) return null;
  if (parent.type === 'call_expression' && sameNode(parent.childForFieldName('function'), node)) return null;
  if (parent.type === 'enumerator' && sameNode(parent.childForFieldName('name'), node)) return null;
  if (DECLARATOR_PARENTS.has(parent.type) && parent.childrenForFieldName('declarator').some((d) => d.id === node.id)) return null;
  if (parent.type === 'function_definition') return null;
  return node;
}

/** Read, write or address of the value `expr` denotes, from the expressions around it. */
function accessOf(expr: SyntaxNode): AccessKind {
  let cur = expr;
  for (let p = cur.parent; p; p = cur.parent) {
    switch (p.type) {
      case 'parenthesized_expression':
        cur = p;
        continue;
      case 'assignment_expression':
        return sameNode(p.childForFieldName('left'), cur) ? 'write' : 'read';
      case 'update_expression':
        return 'write';
      case 'pointer_expression':
        return p.child(0)?.text === '&' ? 'address' : 'read';
      case 'field_expression':
        // s.x = 1 changes s; p->x = 1 only reads p.
        if (sameNode(p.childForFieldName('argument'), cur) && p.childForFieldName('operator')?.text !== '->' && p.child(1)?.text !== '->') {
          cur = p;
          continue;
        }
        return 'read';
      case 'subscript_expression':
        if (sameNode(p.childForFieldName('argument'), cur)) {
          cur = p;
          continue;
        }
        return 'read';
      default:
        return 'read';
    }
  }
  return 'read';
}

export function extractVariableRefs(tree: Tree, language: Language): VariableRef[] {
  const refs: VariableRef[] = [];
  for (const cap of queryCaptures(tree, language, 'variable-refs')) {
    const n = cap.node;
    if (n.hasError && n.text === '') continue;
    let expr: SyntaxNode | null;
    let via: VariableRef['via'];
    if (cap.name === 'member') {
      expr = n.parent;
      via = 'member';
    } else {
      expr = useNode(n);
      via = 'name';
    }
    if (!expr || n.isMissing) continue;
    refs.push({ name: n.text, line: n.startPosition.row + 1, column: n.startPosition.column + 1, access: accessOf(expr), via });
  }
  return refs;
}
