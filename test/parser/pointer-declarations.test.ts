// A function pointer declared at file scope with a typedef name for its type (`VOID (*hook)(TX_THREAD *t);`) is read
// by tree-sitter as a call of the type name: it is a variable defined there, and no call or use is recorded for it.
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
});
