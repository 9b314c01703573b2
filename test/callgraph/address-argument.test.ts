// A function whose address is passed as an argument (`xTaskCreateStatic(&task, ...)`, as FreeRTOS examples
// write it) is stored into that parameter like a plain `task` argument: a reference, not dead code. So is a
// function chosen by a conditional expression (`cb ? uarte_evt_handler : NULL`, as the nRF5 SDK's UART driver passes
// its handlers), in an argument, an assignment or an initializer.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { findDeadCode } from '../../src/query/call-graph/dead-code.js';
import { findReferences } from '../../src/query/find-references.js';
import { withProject } from '../../src/query/project-context.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('a function address passed as an argument', () => {
  it('is a reference of the function, which is then not dead', async () => {
    const root = copyFixtureToTemp('callgraph', 'driver-stack');
    fs.appendFileSync(
      path.join(root, 'src/main.c'),
      '\ntypedef void (*task_fn)(void *);\nint task_create(task_fn f, const char *name);\nstatic void by_address(void *p) { (void)p; }\nstatic void by_name(void *p) { (void)p; }\n' +
        'int start_tasks(void)\n{\n\t(void)task_create(&by_address, "a");\n\treturn task_create(by_name, "b");\n}\n',
    );
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
    const dead = answerRows(withProject(root, (ctx) => findDeadCode(ctx, { limit: 500 })) as unknown[]).map((r) => r.name);
    expect(dead).not.toContain('by_name');
    expect(dead).not.toContain('by_address');
    const refs = answerRows(withProject(root, (ctx) => findReferences(ctx, { name: 'by_address' })) as unknown[]);
    expect(refs).toEqual([expect.objectContaining({ file: 'src/main.c', in_symbol: 'start_tasks' })]);
  });

  it('is a reference of each function a conditional expression may give', async () => {
    const root = copyFixtureToTemp('callgraph', 'driver-stack');
    fs.appendFileSync(
      path.join(root, 'src/main.c'),
      '\ntypedef void (*evt_fn)(int);\nint drv_init(int inst, evt_fn f);\nstatic void uarte_evt(int e) { (void)e; }\nstatic void uart_evt(int e) { (void)e; }\n' +
        'static void kept_evt(int e) { (void)e; }\nstatic void other_evt(int e) { (void)e; }\nstatic evt_fn current;\n' +
        'int start_driver(evt_fn cb, int dma)\n{\n\tevt_fn chosen = dma ? &other_evt : (evt_fn)0;\n\tcurrent = cb ?: kept_evt;\n\t(void)chosen;\n' +
        '\treturn dma ? drv_init(0, cb ? uarte_evt : 0) : drv_init(1, cb ? (uart_evt) : 0);\n}\n',
    );
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
    const dead = answerRows(withProject(root, (ctx) => findDeadCode(ctx, { limit: 500 })) as unknown[]).map((r) => r.name);
    for (const name of ['uarte_evt', 'uart_evt', 'kept_evt', 'other_evt']) {
      expect(dead).not.toContain(name);
      const refs = answerRows(withProject(root, (ctx) => findReferences(ctx, { name })) as unknown[]);
      expect(refs).toEqual([expect.objectContaining({ file: 'src/main.c', in_symbol: 'start_driver' })]);
    }
  });
});
