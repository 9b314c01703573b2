// Extraction on small C and C++ snippets: kinds, qualified names, declarations vs definitions,
// docstrings, enum values, templates and virtuals, name tokens.
import { describe, expect, it } from 'vitest';
import { extractSymbols } from '../../src/parser/extract-symbols.js';
import { nameTokens } from '../../src/parser/name-tokens.js';

const c = (text: string) => extractSymbols(text, { relPath: 'x.c', language: 'c' }).symbols;
const cpp = (text: string) => extractSymbols(text, { relPath: 'x.cpp', language: 'cpp' }).symbols;
const by = (syms: ReturnType<typeof c>, q: string) => syms.find((s) => s.qualifiedName === q);

describe('name tokens', () => {
  it('splits CamelCase, snake_case and acronyms', () => {
    expect(nameTokens('BuildType')).toBe('build type');
    expect(nameTokens('modem_parser_oob_init')).toBe('modem parser oob init');
    expect(nameTokens('HAL_UART_Init')).toBe('hal uart init');
    expect(nameTokens('parseHTTPResponse')).toBe('parse http response');
    expect(nameTokens('uart2_init')).toBe('uart2 init');
  });

  it('separates words at anything but ASCII letters and digits, and splits digits before letters', () => {
    expect(nameTokens('ns::Foo::~Foo')).toBe('ns foo foo');
    expect(nameTokens('operator+=')).toBe('operator');
    expect(nameTokens('x2y_9ab')).toBe('x2 y 9 ab');
    expect(nameTokens('GPIO2_Pin3x')).toBe('gpio2 pin3 x');
    expect(nameTokens('ÄbcDef')).toBe('bc def');
    expect(nameTokens('__')).toBe('');
    expect(nameTokens('')).toBe('');
  });
});

describe('C extraction', () => {
  const syms = c(`
/** Doc of f. */
int f(int a);
int f(int a) { int local = a; return local; }
extern int g_count;
int g_total = 3, g_other;
static void one_liner(void) { }
struct point { int x; int y; };
typedef struct { int a; } anon_t;
union u { int i; float f; };
typedef void (*callback_t)(int);
void (*handler)(int);
enum color { RED, GREEN = 5, BLUE, MASK = (1 << 4) | GREEN, NEG = -2, NEXT };
// Not a docstring: a blank line follows.

int after_blank(void);
`);
  it('tells declarations from definitions', () => {
    const fs = syms.filter((s) => s.name === 'f' && s.kind === 'function');
    expect(fs.map((s) => [s.kind, s.isDefinition])).toEqual([['function', false], ['function', true]]);
    expect(by(syms, 'g_count')).toMatchObject({ kind: 'varglobal', isDefinition: false });
    expect(by(syms, 'g_total')).toMatchObject({ kind: 'varglobal', isDefinition: true });
    expect(by(syms, 'g_other')?.kind).toBe('varglobal');
  });
  it('finds locals under their function', () => {
    expect(by(syms, 'f::local')).toMatchObject({ kind: 'varlocal' });
  });
  it('keeps one-line bodies', () => {
    expect(by(syms, 'one_liner')?.body).toBe('static void one_liner(void) { }');
  });
  it('qualifies fields by their struct tag or typedef name', () => {
    expect(by(syms, 'point::x')?.kind).toBe('field');
    expect(by(syms, 'anon_t::a')?.kind).toBe('field');
    expect(by(syms, 'u')?.kind).toBe('union');
    expect(syms.filter((s) => s.name === 'anon_t').map((s) => s.kind).sort()).toEqual(['struct', 'typedef']);
  });
  it('treats function pointers as typedefs and variables, not functions', () => {
    expect(by(syms, 'callback_t')?.kind).toBe('typedef');
    expect(by(syms, 'handler')?.kind).toBe('varglobal');
  });
  it('computes explicit and implicit enum values', () => {
    const v = (n: string) => by(syms, `color::${n}`)?.enumValue;
    expect([v('RED'), v('GREEN'), v('BLUE'), v('MASK'), v('NEG'), v('NEXT')]).toEqual(['0', '5', '6', '21', '-2', '-1']);
  });
  it('leaves values unknown after a constant it cannot compute', () => {
    const e = c('enum sized { FIRST = sizeof(int), SECOND, THIRD = 7, FOURTH };');
    expect(e.filter((s) => s.kind === 'enum_constant').map((s) => s.enumValue)).toEqual([null, null, '7', '8']);
  });
  it('attaches the adjacent comment block only', () => {
    expect(syms.find((s) => s.name === 'f')?.docstring).toBe('Doc of f.');
    expect(by(syms, 'after_blank')?.docstring).toBe('');
  });
  it('gives stable ids and parent ids', () => {
    const x = by(syms, 'point::x')!;
    expect(x.parentId).toBe(by(syms, 'point')!.stableId);
    const again = c(`struct point { int x; int y; };`);
    expect(again.find((s) => s.qualifiedName === 'point::x')!.stableId).toBe(x.stableId);
  });
});

describe('C++ extraction', () => {
  const syms = cpp(`
namespace drv { namespace spi {
/// A bus.
class Bus {
public:
  Bus();
  ~Bus();
  virtual int transfer(int n) = 0;
  virtual void reset() {}
  static int count;
  enum class Mode : unsigned char { M0, M3 = 3 };
};
template <typename T> T clamp(T v) { return v; }
}}
drv::spi::Bus::Bus() {}
int drv::spi::Bus::count = 0;
using byte_t = unsigned char;
`);
  it('builds qualified names through namespaces and classes', () => {
    expect(by(syms, 'drv::spi::Bus')?.kind).toBe('class');
    expect(by(syms, 'drv::spi::Bus::transfer')).toMatchObject({ kind: 'method', isVirtual: true, isPureVirtual: true, isDefinition: false });
    expect(by(syms, 'drv::spi::Bus::reset')).toMatchObject({ kind: 'method', isVirtual: true, isPureVirtual: false, isDefinition: true });
    expect(by(syms, 'drv::spi::Bus::Mode::M3')?.enumValue).toBe('3');
  });
  it('recognises constructors and destructors, in and out of the class', () => {
    const ctors = syms.filter((s) => s.kind === 'constructor');
    expect(ctors.map((s) => s.isDefinition)).toEqual([false, true]);
    expect(syms.find((s) => s.kind === 'destructor')?.name).toBe('~Bus');
  });
  it('marks templates and aliases', () => {
    expect(by(syms, 'drv::spi::clamp')).toMatchObject({ kind: 'function', isTemplate: true });
    expect(by(syms, 'byte_t')?.kind).toBe('typedef');
    expect(by(syms, 'drv::spi::Bus')?.docstring).toBe('A bus.');
  });
});

describe('empty function bodies followed by a semicolon', () => {
  // tree-sitter-cpp reads `{}` then `;` as an initializer list: `void f() {};` is still a definition.
  const syms = cpp(`
struct A {
  void e1() {};
  int n1() { return 1; };
  virtual ~A() {};
  void c1() const { /* nothing */ };
  int x{};
};
void free1() {};
template <typename T> void tfree() {} ;
namespace n { void inner() {}; }
int (*fp)() {};
int v{};
`);
  const def = (q: string) => {
    const s = by(syms, q);
    return s && { kind: s.kind, isDefinition: s.isDefinition, signature: s.signature, body: s.body, isTemplate: s.isTemplate };
  };
  it('makes them definitions with the signature up to the body, in and out of a class', () => {
    expect(def('A::e1')).toEqual({ kind: 'method', isDefinition: true, signature: 'void e1()', body: 'void e1() {}', isTemplate: false });
    expect(def('A::n1')).toMatchObject({ kind: 'method', isDefinition: true, signature: 'int n1()' });
    expect(def('A::c1')).toMatchObject({ kind: 'method', isDefinition: true, signature: 'void c1() const' });
    expect(def('free1')).toEqual({ kind: 'function', isDefinition: true, signature: 'void free1()', body: 'void free1() {}', isTemplate: false });
    expect(def('tfree')).toMatchObject({ kind: 'function', isDefinition: true, signature: 'void tfree()', isTemplate: true });
    expect(def('n::inner')).toMatchObject({ kind: 'function', isDefinition: true, signature: 'void inner()' });
  });
  it('leaves braced variables alone', () => {
    expect(by(syms, 'A::x')?.kind).toBe('field');
    expect(by(syms, 'fp')).toMatchObject({ kind: 'varglobal', isDefinition: true });
    expect(by(syms, 'v')).toMatchObject({ kind: 'varglobal', isDefinition: true });
  });
  it('reads C the same way', () => {
    const cs = c('void free1(void) {};\nstatic int one(void) { return 1; };\n');
    expect(cs.map((s) => [s.name, s.isDefinition, s.signature])).toEqual([
      ['free1', true, 'void free1(void)'],
      ['one', true, 'static int one(void)'],
    ]);
  });
});

describe('classes defined with a qualified name', () => {
  const syms = cpp(`
namespace tvg { struct Paint::Impl { void ref(); }; }
struct ns::Outer::Inner : Base { int b; };
template <> struct ns::Foo<int> { int z; };
template <> struct Bar<int> { int z; };
`);
  it('keeps the classes the name writes before the tag, for the class and its members', () => {
    expect(by(syms, 'tvg::Paint::Impl')).toMatchObject({ kind: 'struct', name: 'Impl', parentId: by(syms, 'tvg')?.stableId });
    expect(by(syms, 'tvg::Paint::Impl::ref')).toMatchObject({ kind: 'method', parentId: by(syms, 'tvg::Paint::Impl')?.stableId });
    expect(by(syms, 'ns::Outer::Inner::b')?.kind).toBe('field');
  });
  it('names a specialization without its arguments, qualified or not', () => {
    expect(by(syms, 'ns::Foo::z')?.kind).toBe('field');
    expect(by(syms, 'Bar::z')?.kind).toBe('field');
  });
});

describe('C language linkage in a namespace', () => {
  const syms = cpp(`
namespace std {
extern "C" {
int remove(const char *path);
struct tm_like { int field(); };
}
extern "C" int rename(const char *a, const char *b);
extern "C" int errno_like;
int cxx_only(int x);
}
extern "C" { namespace outer { void c_fn(void) {} } }
extern "C" { extern "C++" { namespace cxx { int kept(); } } }
`);
  const named = (name: string) => syms.filter((s) => s.name === name).map((s) => ({ q: s.qualifiedName, alias: s.alias ?? null }));

  it('names a function or variable with C linkage by its C name, the namespace spelling kept as its alias', () => {
    expect(named('remove')).toEqual([{ q: 'remove', alias: 'std::remove' }]);
    expect(named('rename')).toEqual([{ q: 'rename', alias: 'std::rename' }]);
    expect(named('errno_like')).toEqual([{ q: 'errno_like', alias: 'std::errno_like' }]);
    expect(named('c_fn')).toEqual([{ q: 'c_fn', alias: 'outer::c_fn' }]);
  });

  it('keeps C++ linkage for class members, functions outside the block and an inner extern "C++"', () => {
    expect(named('field')).toEqual([{ q: 'std::tm_like::field', alias: null }]);
    expect(named('cxx_only')).toEqual([{ q: 'std::cxx_only', alias: null }]);
    expect(named('kept')).toEqual([{ q: 'cxx::kept', alias: null }]);
  });
});

describe('masked text', () => {
  it('accepts a comment separated from its declaration by blanked lines only', () => {
    const text = '/** Doc. */\n            \nint g(void);\n';
    const masked = extractSymbols(text, { relPath: 'm.c', language: 'c', rowsMasked: Uint8Array.from([0, 1, 0, 0]) }).symbols;
    expect(masked[0].docstring).toBe('Doc.');
    const unmasked = extractSymbols(text, { relPath: 'm.c', language: 'c' }).symbols;
    expect(unmasked[0].docstring).toBe('');
  });
  it('reads unnamed bit-fields (padding of register structs) as no syntax error, in C and C++', () => {
    const text = 'struct regs {\n  int a;\n  int :32;\n  unsigned : 0;\n  int b : 3;\n};\n';
    for (const language of ['c', 'cpp'] as const) {
      const r = extractSymbols(text, { relPath: language === 'c' ? 'r.h' : 'r.hpp', language });
      expect(r.errors).toEqual([]);
      expect(r.nameless).toEqual([]);
      expect(r.symbols.map((s) => `${s.kind} ${s.name}`)).toEqual(['struct regs', 'field a', 'field b']);
    }
  });
  it('records syntax errors but keeps the symbols it can read', () => {
    const r = extractSymbols('int ok(void) { return 1; }\nint broken( { \n', { relPath: 'b.c', language: 'c' });
    expect(r.symbols.some((s) => s.name === 'ok')).toBe(true);
    expect(r.errors[0]).toMatch(/syntax errors near line/);
  });
});

describe('heads the parser cannot read', () => {
  // FreeRTOS writes task functions through a port macro: portTASK_FUNCTION( name, params ) { ... }.
  const syms = c(`
static portTASK_FUNCTION_PROTO( prvIdleTask, pvParameters ) ;
static portTASK_FUNCTION( prvIdleTask, pvParameters )
{
  prvCheckTasksWaitingTermination();
}
int after;
`);
  it('keeps no nameless symbol', () => {
    expect(syms.filter((s) => !s.name)).toEqual([]);
  });
  it('names a definition written by a macro after its first argument', () => {
    const f = syms.filter((s) => s.name === 'prvIdleTask');
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ kind: 'function', isDefinition: true });
    expect(by(syms, 'after')?.kind).toBe('varglobal');
  });
});

describe('statement macros followed by a block inside a function body', () => {
  const body = `
void f(void)
{
  FOREACH_ITEM(entry) {
    int seen = 1;
  }
  CHECKIF(is_empty(list)) {
    return;
  }
}
`;
  it('define nothing in C (no function named after a macro argument); their locals are the function\'s', () => {
    const syms = c(body);
    expect(syms.filter((s) => s.kind === 'function').map((s) => s.qualifiedName)).toEqual(['f']);
    expect(by(syms, 'f::seen')?.kind).toBe('varlocal');
  });
  it('define nothing in C++ (no function named after the macro)', () => {
    expect(cpp(body).filter((s) => s.kind === 'function' || s.kind === 'method').map((s) => s.qualifiedName)).toEqual(['f']);
  });
  it('leave a GNU nested function, and a local class\'s methods, defined', () => {
    expect(c('void f(void)\n{\n  int helper(int x) { return x; }\n}\n').map((s) => s.qualifiedName)).toContain('f::helper');
    const local = cpp('void f()\n{\n  struct L { int get() { return 1; } };\n}\n');
    expect(local.filter((s) => s.kind === 'method').map((s) => s.name)).toEqual(['get']);
  });
});

describe('docstrings from the comments beside a declaration', () => {
  const syms = c(
    [
      '/* Licence. */',
      '',
      '/** First line. */',
      '/** Second line. */',
      'int two_comments;',
      'int x; /* belongs to x */',
      '/** Own line. */',
      'int after_code_comment;',
      'struct s {',
      '  int a; /**< Field a. */',
      '  int b; // plain comment, not marked',
      '  int c;',
      '  /**< on the next line */',
      '  /// Leading of d.',
      '  int d; ///< Trailing of d.',
      '};',
      'enum e {',
      '  E_A = 1, ///< Value A.',
      '  E_B, /*!< Value B. */',
      '  E_C /**< Value C, no comma. */',
      '};',
      '',
    ].join('\n'),
  );
  it('reads a run of leading comments, and a marked trailing one on the same line after at most one `,`/`;`', () => {
    expect(syms.map((s) => [s.name, s.docstring])).toEqual([
      ['two_comments', 'First line.\nSecond line.'],
      ['x', ''],
      ['after_code_comment', 'Own line.'],
      ['s', ''],
      ['a', 'Field a.'],
      ['b', ''],
      ['c', ''],
      ['d', 'Leading of d.'],
      ['e', ''],
      ['E_A', 'Value A.'],
      ['E_B', 'Value B.'],
      ['E_C', 'Value C, no comma.'],
    ]);
  });
});
