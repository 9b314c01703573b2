// Variable accesses (read / write / address), C++ base classes and template uses extracted from snippets.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { extractSymbols } from '../../src/parser/extract-symbols.js';
import { readPatterns, type QueryPattern } from '../../src/parser/query-patterns.js';

const relationsOf = (text: string, language: 'c' | 'cpp') => extractSymbols(text, { relPath: language === 'c' ? 'x.c' : 'x.cpp', language }).relations!;
const accesses = (text: string, language: 'c' | 'cpp' = 'c') =>
  relationsOf(text, language).variableRefs.map((r) => `${r.name}:${r.access}${r.via === 'member' ? ':member' : ''}`);

describe('variable accesses', () => {
  it('classifies assignments, increments, address-of and plain reads', () => {
    const refs = accesses(`
int g, h, *p;
struct s { int a; int b[2]; } st, *sp;
void f(void) { g = 1; h += g; ++g; p = &h; *p = 2; st.a = 3; sp->a = 4; st.b[1] = 5; if (g > h) foo(g); }
`);
    expect(refs).toEqual([
      'g:write', 'h:write', 'g:read', 'g:write', 'p:write', 'h:address', 'p:read', 'st:write', 'a:write:member',
      'sp:read', 'a:write:member', 'st:write', 'b:write:member', 'g:read', 'h:read', 'g:read',
    ]);
  });

  it('leaves out declared names, callees and enumerator names', () => {
    const refs = accesses(`
enum e { E_ONE = 1 };
int table[E_ONE];
static int helper(int arg) { int local = arg; return local; }
`);
    expect(refs).toEqual(['E_ONE:read', 'arg:read', 'local:read']);
  });
});

describe('variable access captures', () => {
  // extractVariableRefs orders the nodes it keeps by id (pre-order), which is document order for tokens only.
  it('land on name tokens only', () => {
    const capturedTypes = (p: QueryPattern, out: Set<string>): Set<string> => {
      if (p.captures.length) out.add(p.type);
      for (const f of p.fields) capturedTypes(f.pattern, out);
      return out;
    };
    for (const lang of ['c', 'cpp']) {
      const file = new URL(`../../src/parser/queries/variable-refs-${lang}.scm`, import.meta.url);
      const types = new Set<string>();
      for (const list of readPatterns(fs.readFileSync(file, 'utf8'), file.pathname).values()) for (const p of list) capturedTypes(p, types);
      expect([...types].sort()).toEqual(['field_identifier', 'identifier']);
    }
  });
});

describe('C++ class relations', () => {
  const r = relationsOf(`
namespace hw {
template <typename T, int N> class Ring { public: T buf[N]; };
class Base { public: virtual void run() = 0; };
class Uart : public Base, protected virtual Ring<char, 8> { public: void run() override; };
struct Spi : Base {};
}
template class hw::Ring<int, 4>;
template <> class Ring<long, 2> {};
void use() { hw::Ring<short, 16> r; auto m = max<int>(1, 2); }
`, 'cpp');

  it('records each base with its access and virtual flag', () => {
    expect(r.classBases.map((b) => [b.classQualifiedName, b.baseName, b.baseText, b.access, b.isVirtual])).toEqual([
      ['hw::Uart', 'Base', 'Base', 'public', false],
      ['hw::Uart', 'Ring', 'Ring<char, 8>', 'protected', true],
      ['hw::Spi', 'Base', 'Base', 'public', false],
    ]);
  });

  it('records explicit, specialized and implicit template uses', () => {
    expect(r.templateUses.map((t) => `${t.kind} ${t.name}${t.args}`)).toEqual([
      'implicit Ring<char, 8>', 'explicit hw::Ring<int, 4>', 'specialization Ring<long, 2>', 'implicit hw::Ring<short, 16>', 'implicit max<int>',
    ]);
  });
});
