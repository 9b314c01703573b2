// The fields node-types.json implies: one answer or none (null: the cursor is asked).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type TreeSitter from 'tree-sitter';
import { ChildFields, type NodeTypeFields } from '../../src/parser/child-fields.js';
import { flatten, newGrammarNames } from '../../src/parser/flat-tree.js';

const NODE_TYPES: NodeTypeFields[] = [
  { type: 'expression', named: true, subtypes: [{ type: 'identifier', named: true }, { type: 'call', named: true }] },
  {
    type: 'call',
    named: true,
    fields: {
      function: { types: [{ type: 'expression', named: true }] },
      arguments: { types: [{ type: 'argument_list', named: true }, { type: '(', named: false }] },
      callee_name: { types: [{ type: 'call', named: true }] },
    },
    children: { types: [{ type: 'call', named: true }] },
  },
];

describe('fields implied by node-types.json', () => {
  it('gives a named type one field lists its field, through supertypes', () => {
    const f = new ChildFields(NODE_TYPES);
    expect(f.fieldOf('1:call', '1:identifier')).toBe('function');
    expect(f.fieldOf('1:call', '1:argument_list')).toBe('arguments');
  });

  it('gives a type no field lists no field, and leaves open anonymous tokens a field lists and types listed twice', () => {
    const f = new ChildFields(NODE_TYPES);
    expect(f.fieldOf('1:call', '1:comment')).toBe('');
    expect(f.fieldOf('1:call', '0:;')).toBe('');
    expect(f.fieldOf('1:call', '0:(')).toBeNull();
    // `call` is in two fields and among the unfielded children.
    expect(f.fieldOf('1:call', '1:call')).toBeNull();
    expect(f.fieldOf('1:unknown', '1:identifier')).toBe('');
  });

  it('leaves few fields to the cursor in a C file without syntax errors', () => {
    const require = createRequire(import.meta.url);
    const Parser = require('tree-sitter') as typeof TreeSitter;
    const grammar = require('tree-sitter-c');
    const parser = new Parser();
    parser.setLanguage(grammar);
    const text = 'struct s { int a; char *b; };\nstatic int f(int x, struct s *p) { /* c */ return p->a + g(x, p->b[1]) * 2; }\n';
    const tree = parser.parse(text);
    let asked = 0;
    const walk = tree.walk.bind(tree);
    const counted = Object.assign(tree, {
      walk: () =>
        new Proxy(walk(), {
          get: (cursor, key) => {
            if (key === 'currentFieldId') asked++;
            const v = Reflect.get(cursor, key, cursor);
            return typeof v === 'function' ? v.bind(cursor) : v;
          },
        }),
    });
    const names = newGrammarNames(grammar.nodeTypeInfo);
    // The first copy learns the grammar's names; the second asks only what they leave open.
    flatten(counted, text, names);
    asked = 0;
    const flat = flatten(counted, text, names);
    const fielded = Array.from({ length: flat.count }, (_, id) => id).filter((id) => flat.field[id] !== 0).length;
    expect(fielded).toBeGreaterThan(25);
    // Asked: the first meeting of each field name (its id) and the children node-types.json leaves open.
    expect(asked).toBeLessThan(fielded);
  });
});
