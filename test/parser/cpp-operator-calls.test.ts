// C++ operators that tree-sitter reads as calls (the named casts as calls of a template function, `typeid` and
// `noexcept` as calls of a name) are no call sites: hotspots, callers and callees leave them out, while the calls
// inside their operands stay. In C, a function may be named `typeid`: its calls stay calls.
import { describe, expect, it } from 'vitest';
import { extractCalls } from '../../src/parser/extract-calls.js';

const calls = (text: string, language: 'c' | 'cpp') =>
  extractCalls(text, { relPath: language === 'c' ? 'x.c' : 'x.cpp', language, fileText: text })
    .references.filter((r) => r.kind === 'call' || r.kind === 'indirect')
    .map((r) => `${r.kind} ${r.name} ${r.line}`);

describe('C++ operators read as calls', () => {
  it('are no calls; the calls in their operands are', () => {
    const text = [
      'void f(Base *p, int x)',
      '{',
      '    int a = static_cast<int>(scale(x));',
      '    auto *d = dynamic_cast<Derived *>(p);',
      '    char *c = reinterpret_cast<char *>(buffer());',
      '    int *w = const_cast<int *>(&a);',
      '    const auto &t = typeid(*d);',
      '    bool n = noexcept(run());',
      '    convert<int>(x);',
      '}',
      '',
    ].join('\n');
    expect(calls(text, 'cpp')).toEqual(['call scale 3', 'call buffer 5', 'call run 8', 'call convert 9']);
  });

  it('a C function named typeid stays a call', () => {
    const text = ['int typeid(int x);', 'int g(int x) { return typeid(x); }', ''].join('\n');
    expect(calls(text, 'c')).toEqual(['call typeid 2']);
  });
});
