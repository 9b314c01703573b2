// Members a macro defined in the build writes in a class or struct body (fixtures/index/macro-written-members, after
// thorvg's `INLIST_ITEM(LoadModule);` and `_TVG_DECLARE_PRIVATE(Paint);`, and a C struct's `LIST_LINKS(node);`)
// are the fields and constructors the expansion declares, members of that class, not a method named after the macro;
// one that declares no name (`friend A`, `static_assert(...)`) makes no symbol.
import { beforeAll, describe, expect, it } from 'vitest';
import { getClassMembers, type ClassMember } from '../../src/query/class-members.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

/** get_class_members' answer, its member groups typed. */
const membersOf = (root: string, className: string) =>
  withProject(root, (ctx) => getClassMembers(ctx, { className })) as ReturnType<typeof getClassMembers> & Record<'fields' | 'methods' | 'constructors', ClassMember[]>;

describe('members written by a macro in a class body', () => {
  let root: string;

  const members = (className: string) => membersOf(root, className);

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'macro-written-members'])).root;
  });

  const symbols = (file: string) => withProject(root, (ctx) => listSymbols(ctx, { file }).symbols);

  it('indexes the fields and constructors the expansion declares, at the invocation, in the class', () => {
    const syms = symbols('include/module.h');
    const id = (q: string) => syms.find((s) => s.qualified_name === q)?.id;
    const row = (q: string) => syms.filter((s) => s.qualified_name === q).map((s) => [s.kind, s.line, s.parent_id === id(q.replace(/::\w+$/, '')), s.signature]);
    expect(row('tvg::LoadModule::prev')).toEqual([['field', 6, true, 'LoadModule* prev']]);
    expect(row('tvg::LoadModule::next')).toEqual([['field', 6, true, 'LoadModule* next']]);
    expect(row('tvg::Paint::pImpl')).toEqual([['field', 14, true, 'Impl* pImpl']]);
    expect(syms.filter((s) => s.qualified_name === 'tvg::Paint::Paint').map((s) => [s.kind, s.line])).toEqual([['constructor', 14], ['constructor', 14]]);
    expect(syms.filter((s) => /INLIST_ITEM|DECLARE_PRIVATE/.test(s.qualified_name))).toEqual([]);
  });

  it('leaves out what a macro declaring no name was read as (friend, static_assert), and reads the class around it', () => {
    const syms = symbols('include/module.h').filter((s) => s.line >= 17);
    expect(syms.map((s) => `${s.kind} ${s.qualified_name} ${s.line}`)).toEqual(['class tvg::Picture 18', 'method tvg::Picture::width 22']);
  });

  it('lists them among the class members', () => {
    const m = members('tvg::LoadModule');
    // prev and next share the invocation's line and column.
    expect(m.fields.map((f) => [f.name, f.line, f.access]).sort()).toEqual([['next', 6, 'public'], ['prev', 6, 'public'], ['sharing', 7, 'public']]);
    expect(m.methods).toEqual([]);
  });

  it('reads a C struct the same way, tagged or named by its typedef', () => {
    const syms = symbols('include/list.h').map((s) => `${s.kind} ${s.qualified_name}`);
    expect(syms).toEqual(expect.arrayContaining(['field node::next', 'field node::prev', 'field node::value', 'field item_t::next', 'field item_t::prev']));
    expect(syms.filter((s) => s.includes('LIST_LINKS'))).toEqual([]);
  });
});
