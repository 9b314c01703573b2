// Object-like macros that expand to statements (ThreadX's TX_DISABLE, FileX's FX_UNPROTECT), used without a `;`:
// no function or local named after the statement that follows a use, the calls their expansions make are kept,
// and a global the following statement writes is that global, not a local the misread declared.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { findCallees } from '../../src/query/call-graph/call-sites.js';
import { findVariables, type VariableAnswer } from '../../src/query/find-variables.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { isStatementValue, startsStatement } from '../../src/indexer/statement-macros.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('statement macros used without a semicolon', () => {
  let root: string;
  let diagnostics: Diagnostic[];

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'statement-object-macros']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  const symbols = () => withProject(root, (ctx) => listSymbols(ctx, { file: 'src/queue.c' }).symbols);

  it('defines the functions and globals nm lists, no function or local named after a following statement', () => {
    const all = symbols();
    expect(all.filter((s) => s.kind === 'function').map((s) => s.name).sort()).toEqual(['queue_get', 'queue_put']);
    expect(all.filter((s) => s.kind === 'varglobal').map((s) => s.name).sort()).toEqual(['count', 'in_isr', 'lock', 'pair']);
  });

  it('has the one local the compiler sees, the one SAVE_AREA declares, in queue_put', () => {
    const locals = symbols().filter((s) => s.kind === 'varlocal');
    expect(locals.map((s) => [s.qualified_name, s.line, s.signature])).toEqual([['queue_put::saved', 10, 'unsigned int saved']]);
    expect(locals[0].parent_id).toBe(symbols().find((s) => s.name === 'queue_put')?.id);
  });

  it('keeps the members a declaration macro writes in a struct', () => {
    expect(symbols().filter((s) => s.kind === 'field').map((s) => s.name)).toEqual(['puts', 'extra']);
  });

  it('reads the file without syntax errors', () => {
    expect(diagnostics.filter((d) => /syntax/.test(d.message))).toEqual([]);
  });

  it('keeps the calls the expansions make, in the function they are written in', () => {
    const callees = (fn: string) => answerRows(withProject(root, (ctx) => findCallees(ctx, { name: fn }))).map((c) => `${c.callee}:${c.line}`);
    expect(callees('queue_put')).toEqual(['irq_disable:15', 'irq_restore:22', 'irq_disable:24', 'irq_restore:26']);
    expect(callees('queue_get')).toEqual(['lock_put:38', 'lock_put:44']);
  });

  it('counts the writes of the global count after a statement macro', () => {
    const rows = withProject(root, (ctx) => findVariables(ctx, { name: 'count' })) as VariableAnswer[];
    const count = rows.filter((r) => r.name === 'count');
    expect(count.map((r) => r.storage)).toEqual(['global']);
    expect(count[0].counts).toEqual({ read: 2, write: 2, address: 0 });
  });
});

describe('what counts as a statement macro and a statement start', () => {
  it('takes expression, control and asm statements; not declarations, initializers or do-while blocks', () => {
    const yes = ['interrupt_save = __disable_interrupts ( ) ;', 'tx_mutex_put ( & ( m -> p ) ) ;', 'if ( busy ) return ( 2 ) ;', '__asm volatile ( "cpsid i" ) ;', '( void ) x ;', '{ a ( ) ; }', 'return ;'];
    const no = ['UINT interrupt_save ;', '{ 0 , 0 }', 'do { } while ( 0 )', 'x', 'f ( x )', 'static int n ;'];
    expect(yes.filter((v) => !isStatementValue(v))).toEqual([]);
    expect(no.filter((v) => isStatementValue(v))).toEqual([]);
  });

  it('starts a statement after ; { } ) : else, past comments and directive lines, not inside an expression', () => {
    const at = (text: string) => startsStatement(text, text.indexOf('M'));
    expect(['x = 1;\n  M', '{ M', 'if (a) M', '}\n/* c */\n  M', 'x = 1; // c\n#endif\n  M', 'else M', 'case 1: M'].filter((t) => !at(t))).toEqual([]);
    expect(['a = M', 'f(M', 'int M', 'a::M'].filter((t) => at(t))).toEqual([]);
  });
});
