// A function pointer declared at file scope with a typedef name for its type (`VOID (*hook)(TX_THREAD *t);`) is read
// by tree-sitter as a call of the type name: it is a variable defined there, and no call or use is recorded for it.
// With an initializer (Mbed TLS's `mbedtls_time_t (*mbedtls_time)(mbedtls_time_t *timer) = MBEDTLS_PLATFORM_STD_TIME;`)
// tree-sitter reads an assignment to that call: the variable is defined and the initializer stored into it.
// Inside a function the same shape may be a real call (of what `f(*p)` returns) and stays one.
import { describe, expect, it } from 'vitest';
import { extractCalls } from '../../src/parser/extract-calls.js';
import { extractSymbols } from '../../src/parser/extract-symbols.js';

const TEXT = `typedef void VOID;
typedef struct thread TX_THREAD;
VOID (*_tx_thread_mutex_release)(TX_THREAD *thread_ptr);
handler_t (*handlers[4])(int irq);
extern VOID (*declared_only)(void);
void run(void)
{
    get_hook(*slot)(1);
}
`;

describe('function pointers declared with a typedef name at file scope', () => {
  for (const language of ['c', 'cpp'] as const) {
    it(`${language}: defines the variables, calls nothing at file scope`, () => {
      const relPath = `x.${language}`;
      const symbols = extractSymbols(TEXT, { relPath, language }).symbols.filter((s) => s.kind === 'varglobal');
      expect(symbols.map((s) => `${s.line}:${s.column} ${s.name} ${s.isDefinition ? 'def' : 'decl'} | ${s.signature}`)).toEqual([
        '3:6 _tx_thread_mutex_release def | VOID (*_tx_thread_mutex_release)(TX_THREAD *thread_ptr)',
        '4:11 handlers def | handler_t (*handlers[4])(int irq)',
        '5:13 declared_only decl | extern VOID (*declared_only)(void)',
      ]);
      const refs = extractCalls(TEXT, { relPath, language, fileText: TEXT }).references;
      expect(refs.filter((r) => r.caller === null).map((r) => r.name)).toEqual([]);
      expect(refs.filter((r) => r.kind === 'call').map((r) => `${r.caller} -> ${r.name}`)).toEqual(['run -> get_hook']);
    });
  }

  const INITIALIZED = `typedef long mbedtls_time_t;
static mbedtls_time_t platform_time_uninit(mbedtls_time_t *timer)
{
    return 0;
}
mbedtls_time_t (*mbedtls_time)(mbedtls_time_t *timer) = platform_time_uninit;
void set_time(void)
{
    get_hook(*slot)(1) = 0;
}
`;
  for (const language of ['c', 'cpp'] as const) {
    it(`${language}: an initialized one is defined and holds its initializer`, () => {
      const relPath = `t.${language}`;
      const symbols = extractSymbols(INITIALIZED, { relPath, language }).symbols.filter((s) => s.kind === 'varglobal');
      expect(symbols.map((s) => `${s.line}:${s.column} ${s.name} ${s.isDefinition ? 'def' : 'decl'} | ${s.signature}`)).toEqual([
        '6:16 mbedtls_time def | mbedtls_time_t (*mbedtls_time)(mbedtls_time_t *timer) = platform_time_uninit',
      ]);
      const refs = extractCalls(INITIALIZED, { relPath, language, fileText: INITIALIZED }).references;
      expect(refs.filter((r) => r.caller === null).map((r) => `${r.kind} ${r.name} ${r.slot} | ${r.detail}`)).toEqual([
        'fn_pointer platform_time_uninit var:mbedtls_time | mbedtls_time = platform_time_uninit',
      ]);
      expect(refs.filter((r) => r.kind === 'call').map((r) => `${r.caller} -> ${r.name}`)).toEqual(['set_time -> get_hook']);
    });
  }
});
