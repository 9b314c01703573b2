// Decorating macros are rewritten before parsing without moving any column: empty and attribute-only
// macros blanked, keyword macros replaced by their keywords, everything else untouched.
import { describe, expect, it } from 'vitest';
import { blankableMacros, blankMacroUses } from '../../src/indexer/blank-macros.js';
import { compilerKeywordRecords } from '../../src/indexer/compiler-keywords.js';
import { extractSymbols } from '../../src/parser/extract-symbols.js';
import type { MacroRecord } from '../../src/preprocessor/api.js';

const def = (name: string, value: string, params: string | null = null): MacroRecord => ({ name, params, value, functionLike: params !== null, file: 'x.h', line: 1, expandedValue: null });

describe('function-like macros that expand to an empty block', () => {
  // Zephyr's asserts with CONFIG_ASSERT off: `#define __ASSERT(test, fmt, ...) { }`, read unexpanded a call of __ASSERT.
  const macros = blankableMacros([def('__ASSERT', '{ }', '(test, fmt, ...)'), def('CHECK', 'do { } while (0)', '(x)'), def('EVAL', '(void)0', '(x)')]);

  it('are blanked (with the `;` of a use standing alone), an expression-like one is not', () => {
    expect([...macros.functionLike].sort()).toEqual(['CHECK', '__ASSERT']);
    const text = '  __ASSERT(!in_isr(), "no ISRs");\n  if (x) CHECK(y);\n';
    expect(blankMacroUses(text, macros)).toBe(`${' '.repeat(33)}\n  if (x)${' '.repeat(9)};\n`);
  });
});

describe('an empty macro used as a member or statement of its own', () => {
  // Zephyr's kernel.h: `struct k_sem { ...; _POLL_EVENT; };` with `#define _POLL_EVENT` empty (CONFIG_POLL off).
  const macros = blankableMacros([def('_POLL_EVENT', ''), def('TRACE', '', '(x)')]);

  it('is blanked with its `;`, so the struct reads without error; a `;` that is a statement of its own stays', () => {
    const text = 'struct k_sem {\n\tunsigned int limit;\n\n\t_POLL_EVENT;\n};\nvoid f(int x)\n{\n\tif (x) TRACE(x);\n\telse TRACE(x);\n}\n';
    const out = blankMacroUses(text, macros);
    expect(out).toBe(`struct k_sem {\n\tunsigned int limit;\n\n\t${' '.repeat(12)}\n};\nvoid f(int x)\n{\n\tif (x)${' '.repeat(9)};\n\telse${' '.repeat(9)};\n}\n`);
    expect(extractSymbols(out, { relPath: 'k.h', language: 'c' }).errors).toEqual([]);
  });
});

describe('an empty macro inside a for header', () => {
  // FreeRTOS tasks.c: `for( ; configCONTROL_INFINITE_LOOP(); )` with `#define configCONTROL_INFINITE_LOOP()` empty.
  const macros = blankableMacros([def('configCONTROL_INFINITE_LOOP', '', '()'), def('FOREVER', '')]);

  it('keeps the header\'s `;` after it, so the loop reads without error', () => {
    const text = 'void idle(void)\n{\n    for( ; configCONTROL_INFINITE_LOOP(); )\n    {\n        work();\n    }\n    for (;FOREVER;) { }\n    x = 1; FOREVER;\n}\n';
    const out = blankMacroUses(text, macros);
    expect(out.split('\n')[2]).toBe(`    for( ; ${' '.repeat(29)}; )`);
    expect(out.split('\n')[6]).toBe(`    for (;${' '.repeat(7)};) { }`);
    // A use standing alone as a statement still loses its `;`.
    expect(out.split('\n')[7]).toBe(`    x = 1;${' '.repeat(9)}`);
    expect(extractSymbols(out, { relPath: 'tasks.c', language: 'c' }).errors).toEqual([]);
  });
});

describe('string macros next to string literals', () => {
  // lwIP makefsdata.c `#define NEWLINE "\r\n"`; glibc inttypes.h `PRIu32 "u"`, `PRIu64 __PRI64_PREFIX "u"`.
  const macros = blankableMacros([def('NEWLINE', '"\\r\\n"'), def('PRIu32', '"u"'), def('__PRI64_PREFIX', '"l"'), def('PRIu64', '__PRI64_PREFIX "u"'), def('S', '"s"'), def('NAME', 'name')]);

  it('become an empty literal there, so the call reads without error; elsewhere they stay', () => {
    const text = [
      'void f(FILE *f, int n, unsigned long long v)',
      '{',
      '  fprintf(f, NEWLINE NEWLINE);',
      '  fprintf(f, "#define FS_NUMFILES %d" NEWLINE, n);',
      '  printf("%" PRIu64 " items" /* count */ NEWLINE, v);',
      '  puts(NEWLINE);',
      '  printf(S "x");',
      '}',
      '',
    ].join('\n');
    const out = blankMacroUses(text, macros);
    const lines = out.split('\n');
    expect(lines[2]).toBe('  fprintf(f, ""      ""     );');
    expect(lines[3]).toBe('  fprintf(f, "#define FS_NUMFILES %d" ""     , n);');
    expect(lines[4]).toBe('  printf("%" ""     " items" /* count */ ""     , v);');
    // Alone, the name reads as an expression: it stays. A name too short for `""` stays too.
    expect(lines[5]).toBe('  puts(NEWLINE);');
    expect(lines[6]).toBe('  printf(S "x");');
    expect(extractSymbols(text, { relPath: 'm.c', language: 'c' }).errors).not.toEqual([]);
    expect(extractSymbols(out.replace('S "x"', '"x"  '), { relPath: 'm.c', language: 'c' }).errors).toEqual([]);
  });

  it('are decided by every definition the build saw', () => {
    const mixed = blankableMacros([def('TAG', '"app"'), def('TAG', '42')]);
    expect(blankMacroUses('puts(TAG "x");\n', mixed)).toBe('puts(TAG "x");\n');
  });
});

describe('macros that hand their argument on', () => {
  // lwIP arch.h and prot/*.h: packed struct members written through field wrappers, and optional parameters.
  const macros = blankableMacros([
    def('PACK_STRUCT_FIELD', 'x', '(x)'),
    def('PACK_STRUCT_FLD_8', 'PACK_STRUCT_FIELD(x)', '(x)'),
    def('PACK_STRUCT_STRUCT', '__attribute__((packed))'),
    def('LWIP_DNS_ADDRTYPE_ARG', ', x', '(x)'),
    def('TWO', 'x', '(x, y)'),
    def('PAREN', '(x)', '(x)'),
  ]);

  it('are read as their argument: a wrapped member is a member, an optional parameter a parameter', () => {
    expect([...macros.unwrapped].sort()).toEqual([['LWIP_DNS_ADDRTYPE_ARG', ',|'], ['PACK_STRUCT_FIELD', '|'], ['PACK_STRUCT_FLD_8', '|']]);
    const text = [
      'struct ip_hdr {',
      '  PACK_STRUCT_FLD_8(u8_t _v_hl);',
      '  PACK_STRUCT_FIELD(u16_t _len);',
      '  PACK_STRUCT_FIELD(PACK_STRUCT_FLD_8(u8_t _ttl));',
      '} PACK_STRUCT_STRUCT;',
      'static err_t dns_lookup(const char *name, ip_addr_t *addr LWIP_DNS_ADDRTYPE_ARG(u8_t dns_addrtype))',
      '{',
      '  return TWO(a, b) + PAREN(c);',
      '}',
      '',
    ].join('\n');
    const out = blankMacroUses(text, macros);
    const lines = out.split('\n');
    expect(lines[1]).toBe(`  ${' '.repeat(18)}u8_t _v_hl ;`);
    expect(lines[2]).toBe(`  ${' '.repeat(18)}u16_t _len ;`);
    expect(lines[3]).toBe(`  ${' '.repeat(18)}${' '.repeat(18)}u8_t _ttl  ;`);
    // The `;` after a decorated struct ends its declaration: it stays.
    expect(lines[4]).toBe(`} ${' '.repeat(18)};`);
    expect(lines[5]).toBe(`static err_t dns_lookup(const char *name, ip_addr_t *addr ${' '.repeat(21)},u8_t dns_addrtype )`);
    // Other shapes stay as they are written.
    expect(lines[7]).toBe('  return TWO(a, b) + PAREN(c);');
    expect(out.split('\n').map((l) => l.length)).toEqual(text.split('\n').map((l) => l.length));
    const ex = extractSymbols(out, { relPath: 'ip.h', language: 'c' });
    expect(ex.errors).toEqual([]);
    expect(ex.symbols.filter((x) => x.kind === 'field').map((x) => x.name)).toEqual(['_v_hl', '_len', '_ttl']);
    expect(extractSymbols(text, { relPath: 'ip.h', language: 'c' }).errors).not.toEqual([]);
  });
});

describe('macros that write a piece of an argument list', () => {
  // lwIP api_msg.c `WRITE_DELAYED` → `, 1` and `WRITE_DELAYED_PARAM` → `, u8_t delayed`; netif.c `LOOPIF_ADDRINIT`
  // → `&loop_ipaddr, &loop_netmask, &loop_gw,` (longer than its name: each argument stands as `0`).
  const macros = blankableMacros([
    def('WRITE_DELAYED', ', 1'),
    def('WRITE_DELAYED_PARAM', ', u8_t delayed'),
    def('LOOPIF_ADDRINIT', '&loop_ipaddr, &loop_netmask, &loop_gw,'),
    def('LONG_PARAMS', ', unsigned char *buffer, size_t length'),
    def('STATEMENT', 'x = 1;'),
    def('UNBALANCED', ', f(1'),
  ]);

  it('are read as the arguments or parameters they write', () => {
    expect(Object.fromEntries(macros.objectLike)).toEqual({
      WRITE_DELAYED: ',1'.padEnd(13),
      WRITE_DELAYED_PARAM: ',u8_t delayed'.padEnd(19),
      LOOPIF_ADDRINIT: '0,0,0,'.padEnd(15),
    });
    const text = [
      'static err_t do_writemore(struct netconn *conn WRITE_DELAYED_PARAM);',
      'void do_close(struct netconn *conn)',
      '{',
      '  do_writemore(conn WRITE_DELAYED);',
      '  netif_add(&loop_netif, LOOPIF_ADDRINIT NULL, netif_loopif_init, tcpip_input);',
      '}',
      '',
    ].join('\n');
    expect(extractSymbols(text, { relPath: 'api_msg.c', language: 'c' }).errors).not.toEqual([]);
    const out = blankMacroUses(text, macros);
    const lines = out.split('\n');
    expect(lines[0]).toBe(`static err_t do_writemore(struct netconn *conn ,u8_t delayed${' '.repeat(6)});`);
    expect(lines[3]).toBe(`  do_writemore(conn ,1${' '.repeat(11)});`);
    expect(lines[4]).toBe(`  netif_add(&loop_netif, 0,0,0,${' '.repeat(9)} NULL, netif_loopif_init, tcpip_input);`);
    expect(out.split('\n').map((l) => l.length)).toEqual(text.split('\n').map((l) => l.length));
    const ex = extractSymbols(out, { relPath: 'api_msg.c', language: 'c' });
    expect(ex.errors).toEqual([]);
    expect(ex.symbols.filter((x) => x.kind === 'function').map((x) => x.signature)).toEqual([
      'static err_t do_writemore(struct netconn *conn ,u8_t delayed )',
      'void do_close(struct netconn *conn)',
    ]);
  });
});

describe('function-like macros that write a piece of a list of expressions', () => {
  // Mbed TLS's ssl_test_common_source.c: `#define MBEDTLS_SSL_SIG_ALG(hash) ((hash << 8) | MBEDTLS_SSL_SIG_RSA), (0x800 |
  // hash),` used once per hash in an array's initializer, no comma between the uses.
  const macros = blankableMacros([
    def('SIG_ALG', '((hash << 8) | SIG_RSA), (0x800 | hash),', '(hash)'),
    def('MORE_ARGS', ', (x) + 1', '(x)'),
    def('BOTH_ENDS', ', x,', '(x)'),
    def('CALLS', ', compute(x)', '(x)'),
    def('PARAM', ', unsigned char *x', '(x)'),
    def('UNBALANCED', ', (x', '(x)'),
  ]);

  it('are blanked with their arguments, so the list reads as it does without those items; others stay', () => {
    expect([...macros.functionLike].sort()).toEqual(['MORE_ARGS', 'SIG_ALG']);
    const text = ['unsigned short sig_algs[] = {', '    SIG_ALG(HASH_SHA512)', '    SIG_ALG(HASH_SHA256)', '    SIG_NONE', '};', 'int n = sum(1 MORE_ARGS(2));', ''].join('\n');
    expect(extractSymbols(text, { relPath: 'sig.c', language: 'c' }).errors).not.toEqual([]);
    const out = blankMacroUses(text, macros);
    expect(out.split('\n')).toEqual(['unsigned short sig_algs[] = {', ' '.repeat(24), ' '.repeat(24), '    SIG_NONE', '};', `int n = sum(1 ${' '.repeat(12)});`, '']);
    const ex = extractSymbols(out, { relPath: 'sig.c', language: 'c' });
    expect(ex.errors).toEqual([]);
    expect(ex.symbols.map((x) => `${x.kind} ${x.name}`)).toEqual(['varglobal sig_algs', 'varglobal n']);
  });
});

describe('a macro that writes an array declarator', () => {
  // glibc sys/cdefs.h `__flexarr` (`[]` for C99, `[0]` or `[1]` before), used in bits/socket.h's struct cmsghdr.
  it('is read as its brackets where they fit; other bracket values stay', () => {
    const macros = blankableMacros([def('__flexarr', '[ ]'), def('ONE', '[1]'), def('N', '[ 16 ]'), def('SUM', '[a + b]')]);
    expect(Object.fromEntries(macros.objectLike)).toEqual({ __flexarr: '[]'.padEnd(9), ONE: '[1]' });
    const text = 'struct cmsghdr {\n  int cmsg_type;\n  __extension__ unsigned char __cmsg_data __flexarr;\n};\n';
    expect(extractSymbols(text, { relPath: 'socket.h', language: 'c' }).errors).not.toEqual([]);
    const out = blankMacroUses(text, macros);
    expect(out.split('\n')[2]).toBe(`  __extension__ unsigned char __cmsg_data []${' '.repeat(7)};`);
    const ex = extractSymbols(out, { relPath: 'socket.h', language: 'c' });
    expect(ex.errors).toEqual([]);
    expect(ex.symbols.filter((x) => x.kind === 'field').map((x) => x.name)).toEqual(['cmsg_type', '__cmsg_data']);
  });
});

describe('macros that write a declaration of their arguments', () => {
  // lwIP tcpip_priv.h (LWIP_MPU_COMPATIBLE off): `API_MSG_M_DEF_C(t, m) const t * m`, `API_MSG_M_DEF(m) *m`, used
  // for members of api_msg.h's structs; read unexpanded, the first is a syntax error, the second a member function.
  const macros = blankableMacros([
    def('API_MSG_M_DEF_C', 'const t * m', '(t, m)'),
    def('API_MSG_M_DEF', '*m', '(m)'),
    def('API_MSG_M_DEF_SEM', 'API_MSG_M_DEF(m)', '(m)'),
    def('PAIR', 't m', '(t, m)'),
    def('SWAPPED', 'm t', '(t, m)'),
    def('TWICE', 't m, m', '(t, m)'),
    def('CALL', 'f(x)', '(f, x)'),
    def('AND', 'a && b', '(a, b)'),
  ]);

  it('are read as the declaration they write, where the glue fits; other shapes stay', () => {
    expect([...macros.unwrapped].sort()).toEqual([['API_MSG_M_DEF', '*|'], ['API_MSG_M_DEF_C', 'const|*|'], ['API_MSG_M_DEF_SEM', '*|'], ['PAIR', '||']]);
    const text = [
      'struct api_msg {',
      '  struct {',
      '    API_MSG_M_DEF_C(ip_addr_t, ipaddr);',
      '    ip_addr_t API_MSG_M_DEF(addr);',
      '    sys_sem_t API_MSG_M_DEF_SEM(sem);',
      '    PAIR(u16_t,port);',
      '    PAIR(u8_t',
      '         , if_idx);',
      '  } bc;',
      '};',
      'void f(API_MSG_M_DEF_C(char, name), int n);',
      'int g(void) { return CALL(h, 1) + AND(1, 2); }',
      '',
    ].join('\n');
    const before = extractSymbols(text, { relPath: 'api_msg.h', language: 'c' });
    expect(before.errors).not.toEqual([]);
    const out = blankMacroUses(text, macros);
    const lines = out.split('\n');
    expect(lines[2]).toBe(`    ${' '.repeat(10)}const ip_addr_t* ipaddr ;`);
    expect(lines[3]).toBe(`    ip_addr_t ${' '.repeat(13)}*addr ;`);
    expect(lines[4]).toBe(`    sys_sem_t ${' '.repeat(17)}*sem ;`);
    expect(lines[5]).toBe(`    ${' '.repeat(5)}u16_t port ;`);
    expect(lines.slice(6, 8)).toEqual([`    ${' '.repeat(5)}u8_t`, `           if_idx ;`]);
    expect(lines[11]).toBe('int g(void) { return CALL(h, 1) + AND(1, 2); }');
    expect(out.split('\n').map((l) => l.length)).toEqual(text.split('\n').map((l) => l.length));
    const after = extractSymbols(out, { relPath: 'api_msg.h', language: 'c' });
    expect(after.errors).toEqual([]);
    expect(after.symbols.filter((x) => x.kind === 'field').map((x) => [x.name, x.signature])).toEqual([
      ['bc', 'struct { const ip_addr_t* ipaddr ; ip_addr_t *addr ; sys_sem_t *sem ; u16_t port ; u8_t if_idx ; } bc'],
      ['ipaddr', 'const ip_addr_t* ipaddr'],
      ['addr', 'ip_addr_t *addr'],
      ['sem', 'sys_sem_t *sem'],
      ['port', 'u16_t port'],
      ['if_idx', 'u8_t if_idx'],
    ]);
    expect(after.symbols.filter((x) => x.kind === 'function').map((x) => x.name)).toEqual(['f', 'g']);
  });

  it('stay where the glue does not fit', () => {
    const short = blankableMacros([def('D', 'const t * m', '(t, m)')]);
    expect(blankMacroUses('D(a,b);', short)).toBe('D(a,b);');
    expect(blankMacroUses('D(a, b);', short)).toBe('D(a, b);');
  });
});

describe('a macro that decorates its argument', () => {
  // glibc sys/cdefs.h (C): `__NTH(fct)` → `__attribute__ ((__nothrow__ __LEAF)) fct`; bits/socket.h uses it on a definition.
  const macros = blankableMacros([def('__LEAF', ', __leaf__'), def('__NTH', '__attribute__ ((__nothrow__ __LEAF)) fct', '(fct)'), def('KEEP', 'static fct', '(fct)')]);

  it('is read as its argument, so the function it declares is named', () => {
    expect(macros.unwrapped.get('__NTH')).toBe('|');
    expect(macros.unwrapped.has('KEEP')).toBe(false);
    const text = 'extern struct cmsghdr * __NTH (__cmsg_nxthdr (struct msghdr *__mhdr, struct cmsghdr *__cmsg))\n{\n  return 0;\n}\n';
    const out = blankMacroUses(text, macros);
    expect(out.split('\n')[0]).toBe(`extern struct cmsghdr * ${' '.repeat(7)}__cmsg_nxthdr (struct msghdr *__mhdr, struct cmsghdr *__cmsg) `);
    const ex = extractSymbols(out, { relPath: 'socket.h', language: 'c' });
    expect(ex.symbols.filter((x) => x.kind === 'function').map((x) => x.name)).toEqual(['__cmsg_nxthdr']);
  });
});

describe('blankMacroUses', () => {
  const macros = blankableMacros([
    def('API', ''),
    def('EXPORT', '__attribute__((visibility("default")))'),
    def('PRIVATE', 'static'),
    def('LONG_NAME_INLINE', 'static inline'),
    def('TRACE', '', '(fmt, ...)'),
    def('SIZE', '16'),
    def('TWICE', ''),
    def('TWICE', '1'),
    def('THRICE', '1'),
    def('THRICE', ''),
    def('THRICE', ''),
    def('KEPT_TWICE', ''),
    def('KEPT_TWICE', ''),
    def('SPELT_TWICE', 'static'),
    def('SPELT_TWICE', 'extern'),
  ]);

  it('classifies macros by every definition the build saw', () => {
    expect([...macros.objectLike.keys()].sort()).toEqual(['API', 'EXPORT', 'KEPT_TWICE', 'LONG_NAME_INLINE', 'PRIVATE']);
    expect([...macros.functionLike]).toEqual(['TRACE']);
  });

  it('keeps every line and column', () => {
    const text = 'API int f(void);\nPRIVATE int g(void) {\n  TRACE("x=%d",\n        1)\n  return SIZE; /* API */ "API";\n}\n';
    const out = blankMacroUses(text, macros);
    expect(out.length).toBe(text.length);
    expect(out.split('\n').map((l) => l.length)).toEqual(text.split('\n').map((l) => l.length));
    expect(out).toBe('    int f(void);\nstatic  int g(void) {\n               \n          \n  return SIZE; /* API */ "API";\n}\n');
  });

  it('lets tree-sitter read declarations it could not read before', () => {
    const text = 'EXPORT int api_call(int a);\nLONG_NAME_INLINE int helper(void) { return 1; }\n';
    const before = extractSymbols(text, { relPath: 'a.c', language: 'c' });
    const after = extractSymbols(blankMacroUses(text, macros), { relPath: 'a.c', language: 'c' });
    expect(before.errors.length).toBeGreaterThan(0);
    expect(after.errors).toEqual([]);
    expect(after.symbols.map((s) => [s.name, s.line, s.signature])).toEqual([
      ['api_call', 1, 'int api_call(int a)'],
      ['helper', 2, 'static inline int helper(void)'],
    ]);
  });

  it('drops qualifiers a short macro name cannot hold, keeping storage classes', () => {
    const cmsis = blankableMacros([
      def('__IO', 'volatile'),
      def('__I', 'volatile const'),
      def('__STATIC_INLINE', 'static inline'),
      def('STAT_INL', '__attribute__((always_inline)) static inline'),
      def('EXT', 'extern volatile'),
    ]);
    expect(Object.fromEntries(cmsis.objectLike)).toEqual({ __IO: '    ', __I: '   ', __STATIC_INLINE: 'static inline  ', STAT_INL: 'static  ' });
    const text = 'typedef struct {\n  __IO uint32_t CR;\n  __I  uint32_t SR;\n} UART_Type;\nSTAT_INL int ready(void) { return 1; }\n';
    const before = extractSymbols(text, { relPath: 'dev.h', language: 'c' });
    const after = extractSymbols(blankMacroUses(text, cmsis), { relPath: 'dev.h', language: 'c' });
    expect(before.errors.length).toBeGreaterThan(0);
    expect(after.errors).toEqual([]);
    expect(after.symbols.map((s) => [s.name, s.kind, s.line])).toEqual(
      expect.arrayContaining([['CR', 'field', 2], ['SR', 'field', 3], ['ready', 'function', 5]]),
    );
  });

  it('CMSIS compiler macros: asm, restrict and packed structs as keywords that fit; function-like attribute macros blanked with their arguments', () => {
    const cmsis = blankableMacros([
      def('__ASM', '__asm'),
      def('_ASM', '__asm__'),
      def('__RESTRICT', '__restrict'),
      def('__PACKED_STRUCT', 'struct __attribute__((packed, aligned(1)))'),
      def('__ALIGNED', '__attribute__((aligned(x)))', '(x)'),
      def('__COMPILER_BARRIER', '__ASM volatile("":::"memory")', '()'),
      def('NOT_A_KEYWORD', 'staticinline'),
    ]);
    expect(Object.fromEntries(cmsis.objectLike)).toEqual({ __ASM: '__asm', _ASM: 'asm ', __RESTRICT: '__restrict', __PACKED_STRUCT: 'struct         ' });
    expect([...cmsis.functionLike]).toEqual(['__ALIGNED']);
    const text = [
      '__PACKED_STRUCT T_UINT32 { uint32_t v; };',
      'static uint8_t buffer[64] __ALIGNED(4);',
      'static inline unsigned get_control(void)',
      '{',
      '  unsigned r;',
      '  __ASM volatile ("MRS %0, control" : "=r" (r) );',
      '  return r;',
      '}',
      'void copy(volatile uint32_t* dst, const uint32_t* __RESTRICT src);',
      '',
    ].join('\n');
    const before = extractSymbols(text, { relPath: 'cmsis.h', language: 'c' });
    const after = extractSymbols(blankMacroUses(text, cmsis), { relPath: 'cmsis.h', language: 'c' });
    expect(before.errors.length).toBeGreaterThan(0);
    expect(after.errors).toEqual([]);
    expect(after.symbols.filter((s) => s.kind !== 'varlocal').map((s) => [s.name, s.kind])).toEqual(
      expect.arrayContaining([['T_UINT32', 'struct'], ['v', 'field'], ['buffer', 'varglobal'], ['get_control', 'function'], ['copy', 'function']]),
    );
  });

  it('asm operand macros: the name becomes the constraint it wraps, the argument stays; other shapes stay', () => {
    const cmsis = blankableMacros([
      def('__ASM', '__asm'),
      def('__CMSIS_GCC_OUT_REG', '"=r" (r)', '(r)'),
      def('__CMSIS_GCC_USE_REG', '"r" (r)', '(r)'),
      def('OTHER_PARAM', '"r" (x)', '(r)'),
      def('TWO_PARAMS', '"r" (r)', '(r, s)'),
      def('LONG', '"=r,m,l" (r)', '(r)'),
      def('PER_TARGET', '"=l" (r)', '(r)'),
      def('PER_TARGET', '"=r" (r)', '(r)'),
    ]);
    expect(Object.fromEntries(cmsis.objectLike)).toEqual({ __ASM: '__asm', __CMSIS_GCC_OUT_REG: '"=r"'.padEnd(19), __CMSIS_GCC_USE_REG: '"r"'.padEnd(19) });
    const text = [
      'static inline unsigned rev16(unsigned value)',
      '{',
      '  unsigned result;',
      '  __ASM ("rev16 %0, %1" : __CMSIS_GCC_OUT_REG (result) : __CMSIS_GCC_USE_REG (value) );',
      '  return result;',
      '}',
      'static inline unsigned after(void) { return 0; }',
      '',
    ].join('\n');
    const before = extractSymbols(text, { relPath: 'cmsis_gcc.h', language: 'c' });
    const out = blankMacroUses(text, cmsis);
    const after = extractSymbols(out, { relPath: 'cmsis_gcc.h', language: 'c' });
    expect(out.split('\n')[3]).toBe('  __asm ("rev16 %0, %1" : "=r"                (result) : "r"                 (value) );');
    expect(before.errors.length).toBeGreaterThan(0);
    expect(after.errors).toEqual([]);
    expect(after.symbols.filter((s) => s.kind === 'function').map((s) => [s.name, s.line])).toEqual([['rev16', 1], ['after', 7]]);
  });

  it('glibc type macros: __STD_TYPE (typedef, with or without __extension__) reads as typedef', () => {
    const glibc = blankableMacros([def('__STD_TYPE', '__extension__ typedef'), def('__STD_TYPE', '__extension__ typedef')]);
    expect(Object.fromEntries(glibc.objectLike)).toEqual({ __STD_TYPE: 'typedef   ' });
    const text = '__STD_TYPE __DEV_T_TYPE __dev_t;\n__STD_TYPE __UID_T_TYPE __uid_t;\n';
    const before = extractSymbols(text, { relPath: 'types.h', language: 'c' });
    const after = extractSymbols(blankMacroUses(text, glibc), { relPath: 'types.h', language: 'c' });
    expect(before.symbols.filter((s) => s.kind === 'typedef')).toEqual([]);
    expect(after.errors).toEqual([]);
    expect(after.symbols.map((s) => [s.name, s.kind, s.line])).toEqual([['__dev_t', 'typedef', 1], ['__uid_t', 'typedef', 2]]);
  });

  it('decorations built on decorations are followed (glibc/newlib __nonnull, __wur); an alias-making macro stays', () => {
    const libc = blankableMacros([
      def('__LEAF', ', __leaf__'),
      def('__THROW', '__attribute__ ((__nothrow__ __LEAF))'),
      def('__attribute_nonnull__', '__attribute__ ((__nonnull__ params))', '(params)'),
      def('__nonnull', '__attribute_nonnull__ (params)', '(params)'),
      def('__attribute_warn_unused_result__', '__attribute__ ((__warn_unused_result__))'),
      def('__wur', '__attribute_warn_unused_result__'),
      def('__attr_access', '__attribute__ ((__access__ x))', '(x)'),
      def('ALIAS', '__attribute__((weak, alias(#f)))', '(f)'),
      def('WEAK_ALIAS', '__wur ALIAS(f)', '(f)'),
      def('NOT_DECOR', '__wur + 1'),
      def('UNKNOWN', '__not_defined_here'),
    ]);
    expect([...libc.functionLike].sort()).toEqual(['__attr_access', '__attribute_nonnull__', '__nonnull']);
    // `__LEAF` (`, __leaf__`) is a piece of an attribute's list: written `,0` where it stands alone.
    expect([...libc.objectLike.keys()].sort()).toEqual(['__LEAF', '__THROW', '__attribute_warn_unused_result__', '__wur']);
    const text = [
      'extern void *memcpy (void *__restrict __dest, const void *__restrict __src,',
      '                     size_t __n) __THROW __nonnull ((1, 2));',
      'extern char *stpncpy (char *__dest, const char *__src, size_t __n)',
      '    __THROW __nonnull ((1, 2)) __attr_access ((__write_only__, 1, 3)) __wur;',
      'void NMI_Handler(void) ALIAS(Default_Handler);',
      '',
    ].join('\n');
    const out = blankMacroUses(text, libc);
    // The alias stays for the call-graph extraction, which reads it expanded.
    expect(out.split('\n')[4]).toBe('void NMI_Handler(void) ALIAS(Default_Handler);');
    const declarations = (t: string) => t.split('\n').slice(0, 4).join('\n');
    const before = extractSymbols(declarations(text), { relPath: 'string.h', language: 'c' });
    const after = extractSymbols(declarations(out), { relPath: 'string.h', language: 'c' });
    expect(before.errors.length).toBeGreaterThan(0);
    expect(after.errors).toEqual([]);
    expect(after.symbols.filter((s) => s.kind === 'function').map((s) => [s.name, s.line])).toEqual([['memcpy', 1], ['stpncpy', 3]]);
  });

  it('pragma macros built on a _Pragma of a stringized argument are blanked (rapidjson RAPIDJSON_DIAG_OFF, _PUSH)', () => {
    const rapidjson = blankableMacros([
      def('RAPIDJSON_STRINGIFY', 'RAPIDJSON_DO_STRINGIFY(x)', '(x)'),
      def('RAPIDJSON_DO_STRINGIFY', '#x', '(x)'),
      def('RAPIDJSON_JOIN', 'RAPIDJSON_DO_JOIN(X, Y)', '(X, Y)'),
      def('RAPIDJSON_PRAGMA', '_Pragma(RAPIDJSON_STRINGIFY(x))', '(x)'),
      def('RAPIDJSON_DIAG_PRAGMA', 'RAPIDJSON_PRAGMA(GCC diagnostic x)', '(x)'),
      def('RAPIDJSON_DIAG_OFF', 'RAPIDJSON_DIAG_PRAGMA(ignored RAPIDJSON_STRINGIFY(RAPIDJSON_JOIN(-W,x)))', '(x)'),
      def('RAPIDJSON_DIAG_PUSH', 'RAPIDJSON_DIAG_PRAGMA(push)'),
      def('RAPIDJSON_DIAG_POP', 'RAPIDJSON_DIAG_PRAGMA(pop)'),
      def('PRAGMA_THEN_CODE', '_Pragma("once") int'),
    ]);
    expect([...rapidjson.functionLike].sort()).toEqual(['RAPIDJSON_DIAG_OFF', 'RAPIDJSON_DIAG_PRAGMA', 'RAPIDJSON_PRAGMA']);
    expect([...rapidjson.objectLike.keys()].sort()).toEqual(['RAPIDJSON_DIAG_POP', 'RAPIDJSON_DIAG_PUSH']);
    const text = ['RAPIDJSON_DIAG_PUSH', 'RAPIDJSON_DIAG_OFF(effc++)', 'struct DiyFp { int e; };', 'RAPIDJSON_DIAG_POP', ''].join('\n');
    const out = blankMacroUses(text, rapidjson);
    expect(out.split('\n').map((l) => l.trim())).toEqual(['', '', 'struct DiyFp { int e; };', '', '']);
    const before = extractSymbols(text, { relPath: 'diyfp.h', language: 'cpp' });
    const after = extractSymbols(out, { relPath: 'diyfp.h', language: 'cpp' });
    expect(before.errors.length).toBeGreaterThan(0);
    expect(after.errors).toEqual([]);
    expect(after.symbols.map((s) => s.qualifiedName)).toEqual(['DiyFp', 'DiyFp::e']);
  });

  it('noexcept macros are replaced by noexcept (libstdc++ _GLIBCXX_NOEXCEPT, rapidjson RAPIDJSON_NOEXCEPT), or blanked where it does not fit', () => {
    const cxx = blankableMacros([
      def('_GLIBCXX_NOEXCEPT', 'noexcept'),
      def('_GLIBCXX_USE_NOEXCEPT', 'noexcept'),
      def('_GLIBCXX_NOTHROW', '_GLIBCXX_USE_NOEXCEPT'),
      def('NOEXC', 'noexcept'),
    ]);
    expect(Object.fromEntries(cxx.objectLike)).toEqual({
      _GLIBCXX_NOEXCEPT: 'noexcept         ',
      _GLIBCXX_USE_NOEXCEPT: 'noexcept             ',
      _GLIBCXX_NOTHROW: 'noexcept        ',
      NOEXC: '     ',
    });
    expect(cxx.functionLike.size).toBe(0);
    const text = [
      'struct V {',
      '  int begin() _GLIBCXX_NOEXCEPT { return 0; }',
      '  int size() const _GLIBCXX_NOTHROW;',
      '  V() NOEXC : n(0) {}',
      '  int n;',
      '};',
      '',
    ].join('\n');
    const names = (t: string) => extractSymbols(t, { relPath: 'v.h', language: 'cpp' }).symbols.map((s) => `${s.kind} ${s.qualifiedName}`);
    expect(names(text)).not.toContain('method V::begin');
    expect(names(blankMacroUses(text, cxx))).toEqual(['struct V', 'method V::begin', 'method V::size', 'constructor V::V', 'field V::n']);
  });

  it('constexpr macros are replaced by constexpr, and a noexcept(expr) macro by noexcept before its argument list (libstdc++)', () => {
    const cxx = blankableMacros([
      def('_GLIBCXX17_CONSTEXPR', 'constexpr'),
      def('_GLIBCXX_USE_CONSTEXPR', 'constexpr'),
      def('_GLIBCXX_NOEXCEPT_IF', 'noexcept(__VA_ARGS__)', '(...)'),
      def('NOEXCEPT_OF', 'noexcept(x)', '(x)'),
      def('NOT_A_WRAPPER', 'noexcept(x && y)', '(x, y)'),
    ]);
    expect(Object.fromEntries(cxx.objectLike)).toEqual({
      _GLIBCXX17_CONSTEXPR: 'constexpr           ',
      _GLIBCXX_USE_CONSTEXPR: 'constexpr             ',
      _GLIBCXX_NOEXCEPT_IF: 'noexcept            ',
      NOEXCEPT_OF: 'noexcept   ',
    });
    const text = [
      'struct A {',
      '  static _GLIBCXX_USE_CONSTEXPR int digits = 8;',
      '  _GLIBCXX17_CONSTEXPR int',
      '  begin() NOEXCEPT_OF(true) { if _GLIBCXX17_CONSTEXPR (true) return 0; return 1; }',
      '  void swap(A& o) _GLIBCXX_NOEXCEPT_IF(noexcept(o.digits)) { }',
      '};',
      '',
    ].join('\n');
    const out = blankMacroUses(text, cxx);
    expect(out.split('\n')[4]).toBe('  void swap(A& o) noexcept            (noexcept(o.digits)) { }');
    const read = (t: string) => extractSymbols(t, { relPath: 'a.h', language: 'cpp' });
    // Unexpanded, the macros are read as names: methods `NOEXCEPT_OF` and `noexcept`, and syntax errors.
    expect(read(text).symbols.map((s) => s.qualifiedName)).toContain('A::NOEXCEPT_OF');
    expect(read(text).errors).not.toEqual([]);
    expect(read(out).errors).toEqual([]);
    expect(read(out).symbols.map((s) => `${s.kind} ${s.qualifiedName}`)).toEqual(['struct A', 'field A::digits', 'method A::begin', 'method A::swap']);
  });

  it('keyword macros built on keyword macros are replaced by the keywords they come to (glibc __STDIO_INLINE)', () => {
    const stdio = blankableMacros([
      def('__gnu_inline_attr', '__attribute__ ((__gnu_inline__))'),
      def('__extern_inline', 'extern __inline __gnu_inline_attr'),
      def('__STDIO_INLINE', '__extern_inline'),
      def('__SHORT', '__extern_inline'),
      def('__OPERAND', '"=r" (x)', '(x)'),
      def('NOT_KEYWORDS', '__OPERAND(y)'),
    ]);
    expect(Object.fromEntries(stdio.objectLike)).toEqual({
      __gnu_inline_attr: ' '.repeat(17),
      __extern_inline: 'extern __inline',
      __STDIO_INLINE: 'extern inline ',
      // `extern inline` does not fit in 7 characters; the qualifier goes, the storage class stays.
      __SHORT: 'extern ',
      // An asm operand macro is no keyword: NOT_KEYWORDS, which uses one, stays.
      __OPERAND: '"=r"     ',
    });
    const text = '__STDIO_INLINE int\ngetchar (void)\n{\n  return getc (stdin);\n}\n';
    const before = extractSymbols(text, { relPath: 'stdio.h', language: 'c' });
    const after = extractSymbols(blankMacroUses(text, stdio), { relPath: 'stdio.h', language: 'c' });
    expect(before.errors.length).toBeGreaterThan(0);
    expect(after.errors).toEqual([]);
    expect(after.symbols.filter((s) => s.kind === 'function').map((s) => [s.name, s.line, s.signature])).toEqual([['getchar', 1, 'extern inline int getchar (void)']]);
  });
});

describe("armcc's __asm (compiler-keywords.ts)", () => {
  const armcc = blankableMacros([...compilerKeywordRecords(new Map([['__CC_ARM', undefined as never]])), def('__ASM', '__asm')]);
  const gcc = blankableMacros([...compilerKeywordRecords(new Map()), def('__ASM', '__asm')]);

  it("blanks an embedded-assembler function's armasm body and the keyword, and an inline block whole; columns kept", () => {
    const text = '__asm void sleep(void)\n{\n  ldmia r0!, {r4-r11} ; restore\n  WFI\n}\nint f(void) { __asm { mov r0, r1 } return 0; }\n';
    const out = blankMacroUses(text, armcc);
    expect(out).toBe(`      void sleep(void)\n{\n${' '.repeat(31)}\n     \n}\nint f(void) { ${' '.repeat(20)} return 0; }\n`);
    expect(out.length).toBe(text.length);
    expect(extractSymbols(out, { relPath: 'main.c', language: 'c' }).errors).toEqual([]);
  });

  it('reads a macro standing for it alike; leaves __asm("...") statements, and blanks the keyword of a declaration', () => {
    expect(blankMacroUses('__ASM unsigned rev(unsigned v) { rev16 r0, r0 }', armcc)).toBe(`      unsigned rev(unsigned v) {${' '.repeat(14)}}`);
    expect(blankMacroUses('void f(void) { __asm("nop"); __asm volatile ("wfi"); }', armcc)).toBe('void f(void) { __asm("nop"); __asm volatile ("wfi"); }');
    expect(blankMacroUses('__asm void sleep(void);', armcc)).toBe('      void sleep(void);');
  });

  it('is not a rule for GCC builds', () => {
    expect(blankMacroUses('__asm void sleep(void) { WFI }', gcc)).toBe('__asm void sleep(void) { WFI }');
  });
});

describe("IAR's @ placement (compiler-keywords.ts)", () => {
  const iar = blankableMacros(compilerKeywordRecords(new Map([['__ICCARM__', undefined as never]])));

  it('blanks @ with its address, section or expression; not in strings, comments or other builds', () => {
    const text = '__no_init volatile unsigned reg @ 0x40021000;\nconst char v[] @ ".version" = "a@b";\nint w @ (BASE + 4); // mail@x\n';
    const out = blankMacroUses(text, iar);
    expect(out).toBe(`${' '.repeat(10)}volatile unsigned reg${' '.repeat(13)};\nconst char v[]${' '.repeat(13)} = "a@b";\nint w${' '.repeat(13)}; // mail@x\n`);
    expect(extractSymbols(out, { relPath: 'main.c', language: 'c' }).errors).toEqual([]);
    expect(blankMacroUses(text, blankableMacros(compilerKeywordRecords(new Map())))).toBe(text);
  });
});
