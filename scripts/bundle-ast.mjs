// The bundle plugins' view of code as a program (rolldown's parser): nodes with their offsets, what each identifier
// is where it stands, and a splice of edits at node ranges, so that a rewrite never touches a string, template or comment.
import { parseSync } from 'rolldown/utils';

/** The ESTree program of CODE (offsets in UTF-16 units, as JavaScript strings index) and its comments; a syntax error throws. */
export function parseProgram(code, { sourceType = 'module', name = 'code.js' } = {}) {
  const result = parseSync(name, code, { lang: 'js', sourceType, preserveParens: false });
  if (result.errors.length) throw new Error(`${name}: cannot parse: ${result.errors.map((e) => e.message).join('; ')}`);
  return { program: result.program, comments: result.comments };
}

/** Binding positions: the declared names of each node type (a pattern below them declares too). */
const BINDING_KEYS = {
  VariableDeclarator: ['id'],
  FunctionDeclaration: ['id', 'params'],
  FunctionExpression: ['id', 'params'],
  ArrowFunctionExpression: ['params'],
  ClassDeclaration: ['id'],
  ClassExpression: ['id'],
  CatchClause: ['param'],
  ImportSpecifier: ['local'],
  ImportDefaultSpecifier: ['local'],
  ImportNamespaceSpecifier: ['local'],
};
/** Nodes a pattern is made of: below them, a name declares (or is assigned) as the pattern does. */
const PATTERN_NODES = new Set(['ObjectPattern', 'ArrayPattern', 'RestElement', 'AssignmentPattern', 'Property', 'Identifier']);

/** How a child at KEY of NODE stands, given how NODE stands (null: an expression; 'binding' or 'write': a pattern). */
function childPattern(node, key, pattern) {
  if (BINDING_KEYS[node.type]?.includes(key)) return 'binding';
  if ((node.type === 'AssignmentExpression' && key === 'left') || ((node.type === 'ForInStatement' || node.type === 'ForOfStatement') && key === 'left' && node.left.type !== 'VariableDeclaration')) return 'write';
  if (!pattern || !PATTERN_NODES.has(node.type)) return null;
  if (node.type === 'AssignmentPattern' && key === 'right') return null;
  if (node.type === 'Property' && key === 'key' && node.computed) return null;
  return pattern;
}

/**
 * What an identifier is where it stands: 'name' (a property, key, label or meta property's name, no variable),
 * 'binding' (declared there), 'write' (assigned or updated there) or 'read' (its value is used there).
 */
function identifierRole(parent, key, pattern) {
  if (parent) {
    const named = !parent.computed && key === 'key' && ['Property', 'MethodDefinition', 'PropertyDefinition', 'AccessorProperty'].includes(parent.type);
    if (named || (parent.type === 'MemberExpression' && key === 'property' && !parent.computed)) return 'name';
    if (key === 'label' || parent.type === 'MetaProperty' || ((parent.type === 'ImportSpecifier' || parent.type === 'ExportSpecifier') && key !== 'local')) return 'name';
    if (parent.type === 'ExportSpecifier') return 'read';
    if (parent.type === 'UpdateExpression') return 'write';
  }
  return pattern ?? 'read';
}

/**
 * Calls VISIT(node, parent, key) for every node of PROGRAM, and IDENTIFIER(node, parent, key, role) for every
 * identifier (see identifierRole). A shorthand property's one name is visited once, as its value.
 */
export function walkProgram(program, visit, identifier = () => {}) {
  // One stack per field of an entry: the node, its parent, its key there, how it stands (see childPattern).
  const nodes = [program];
  const parents = [null];
  const keys = [null];
  const patterns = [null];
  const push = (node, parent, key, pattern) => {
    nodes.push(node);
    parents.push(parent);
    keys.push(key);
    patterns.push(pattern);
  };
  while (nodes.length) {
    const node = nodes.pop();
    const parent = parents.pop();
    const key = keys.pop();
    const pattern = patterns.pop();
    visit(node, parent, key);
    if (node.type === 'Identifier') {
      identifier(node, parent, key, identifierRole(parent, key, pattern));
      continue;
    }
    for (const k in node) {
      const value = node[k];
      if (typeof value !== 'object' || value === null || (k === 'key' && node.shorthand === true && node.type === 'Property')) continue;
      const below = pattern === null && BINDING_KEYS[node.type] === undefined && k !== 'left' ? null : childPattern(node, k, pattern);
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) if (value[i] !== null && typeof value[i].type === 'string') push(value[i], node, k, below);
      } else if (typeof value.type === 'string') push(value, node, k, below);
    }
  }
}

/** The text of an identifier's read where it stands: TEXT, or `name: TEXT` for a shorthand property's value. */
export function readReplacement(node, parent, key, text) {
  return parent?.type === 'Property' && parent.shorthand && key === 'value' ? `${node.name}: ${text}` : text;
}

/** CODE with each edit {start, end, text} made (ranges of the code as parsed, none overlapping another). */
export function spliceEdits(code, edits, what = 'code') {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const pieces = [];
  let at = 0;
  for (const e of sorted) {
    if (e.start < at || e.end < e.start || e.end > code.length) throw new Error(`${what}: overlapping or misplaced edit at ${e.start}-${e.end}: ${JSON.stringify(code.slice(e.start, e.end + 20))}`);
    pieces.push(code.slice(at, e.start), e.text);
    at = e.end;
  }
  pieces.push(code.slice(at));
  return pieces.join('');
}
