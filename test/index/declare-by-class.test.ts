// A declaration a macro writes differently in each define class of its header (`THREAD_DECLARE` empty in the unit
// that sets TX_THREAD_INIT, `extern` in the others, as ThreadX declares its globals; a function-like `TIMER_VAR(t, n)`
// alike): the build defines the variable at that line, so it is indexed as a definition; the compiler's object
// agrees. A function-like macro writing a plain declaration at file scope (`DEFINE_COUNTER(rx)`) declares its name.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture, tempDir } from '../helpers/fixture-project.js';

const symbols = (root: string) =>
  withProject(root, (ctx) => listSymbols(ctx, {}).symbols)
    .filter((s) => s.kind !== 'macro')
    .map((s) => `${s.file}:${s.line} ${s.kind} ${s.name}${s.is_definition ? ' def' : ''} | ${s.signature}`)
    .sort();

describe('a header whose declaration macro is empty in one unit and extern in the others', () => {
  let root: string;

  beforeAll(async () => {
    ({ root } = await indexedFixture(['index', 'declare-by-class']));
  });

  it('indexes the variables as defined at the header lines, with the defining reading’s signature, and those macros declare', () => {
    expect(symbols(root)).toEqual([
      'include/tx_thread.h:10 varglobal thread_count def | int thread_count',
      'include/tx_thread.h:11 varglobal thread_current def | void *thread_current',
      'include/tx_thread.h:13 function thread_init | void thread_init(void)',
      'include/tx_timer.h:10 typedef tick_t def | typedef unsigned long tick_t',
      'include/tx_timer.h:12 varglobal timer_ticks def | tick_t timer_ticks',
      'src/init.c:6 function thread_init def | void thread_init(void)',
      'src/use.c:10 function thread_users def | int thread_users(void)',
      'src/use.c:7 varglobal rx_counter def | static unsigned int rx_counter = 0',
      'src/use.c:8 varglobal pair_value | extern int pair_value',
    ]);
  });

  it.runIf(hasTool('gcc') && hasTool('nm'))('agrees with the compiler: the unit that sets the selectors defines the variables', () => {
    const obj = path.join(tempDir(), 'init.o');
    execFileSync('gcc', ['-std=gnu11', '-fno-common', '-c', `-I${path.join(root, 'include')}`, path.join(root, 'src', 'init.c'), '-o', obj]);
    const defined = execFileSync('nm', ['--defined-only', obj], { encoding: 'utf8' }).split('\n').filter((l) => / [BDC] /.test(l)).map((l) => l.split(' ').pop());
    expect(defined.sort()).toEqual(['thread_count', 'thread_current', 'timer_ticks']);
  });
});
