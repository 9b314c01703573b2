// A nested class defined outside the class that declares it (`struct Paint::Impl { ... };` in namespace tvg, thorvg's
// pattern) is named as the compiler names it, `tvg::Paint::Impl`, with its members under that name: found by lookup
// with the out-of-line definitions, and listed by get_class_members as declared in it.
import { beforeAll, describe, expect, it } from 'vitest';
import { getClassMembers, type ClassMember } from '../../src/query/class-members.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

/** get_class_members' answer, its member groups typed. */
const membersOf = (root: string, className: string) =>
  withProject(root, (ctx) => getClassMembers(ctx, { className })) as ReturnType<typeof getClassMembers> & Record<'fields' | 'methods' | 'constructors', ClassMember[]>;

describe('nested classes defined out of their enclosing class', () => {
  let root: string;

  const members = (className: string) => membersOf(root, className);

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'nested-class-names'])).root;
  });

  const places = (name: string) =>
    (withProject(root, (ctx) => lookupSymbol(ctx, { name })) as Record<string, unknown>[])
      .filter((r) => 'qualified_name' in r)
      .map((r) => `${r.kind} ${r.qualified_name} ${r.file}:${r.line}${r.is_definition ? '' : ' decl'}`);

  it('names the class and its members through the enclosing class, as the compiler does', () => {
    expect(places('tvg::Paint::Impl')).toEqual(['struct tvg::Paint::Impl include/paint_impl.h:4']);
    expect(places('tvg::Impl')).toEqual([]);
    expect(places('tvg::Paint::Impl::ref')).toEqual(['method tvg::Paint::Impl::ref src/paint.cpp:4', 'method tvg::Paint::Impl::ref include/paint_impl.h:7 decl']);
    expect(places('tvg::Paint::Impl::Impl')).toEqual(['constructor tvg::Paint::Impl::Impl src/paint.cpp:3', 'constructor tvg::Paint::Impl::Impl include/paint_impl.h:6 decl']);
    expect(places('Outer::Inner::size')).toEqual(['method Outer::Inner::size src/paint.cpp:7', 'method Outer::Inner::size include/paint_impl.h:13 decl']);
  });

  it('lists the members declared in it, with their out-of-line definitions', () => {
    const m = members('tvg::Paint::Impl');
    expect(m.class).toMatchObject({ qualified_name: 'tvg::Paint::Impl', file: 'include/paint_impl.h', line: 4 });
    expect(m.fields.map((f) => [f.name, f.access])).toEqual([['refs', 'public']]);
    expect(m.methods.map((f) => [f.name, f.line, f.definition])).toEqual([
      ['ref', 7, { file: 'src/paint.cpp', line: 4 }],
      ['count', 8, { file: 'include/paint_impl.h', line: 8 }],
    ]);
    expect(m.constructors.map((f) => [f.name, f.definition])).toEqual([['Impl', { file: 'src/paint.cpp', line: 3 }]]);
    const outer = members('Outer::Inner');
    expect(outer.methods.map((f) => [f.name, f.access, f.definition])).toEqual([['size', 'public', { file: 'src/paint.cpp', line: 7 }]]);
  });
});
