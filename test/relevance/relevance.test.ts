// Relevance of search_code on firmware-shaped fixture repos: the top-5 hit rate over every query set is at
// least 95 %, the misses are printed; API-wrapper macros answer with the function they wrap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProject, type ProjectContext } from '../../src/query/project-context.js';
import { searchCode } from '../../src/query/search-code.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { formatMisses, formatScores, queryFiles, scoreSet } from './relevance-harness.js';

const contexts = new Map<string, ProjectContext>();

beforeAll(async () => {
  for (const { data } of queryFiles()) {
    const { root } = await indexedFixture(['relevance', data.fixture]);
    contexts.set(data.fixture, openProject(root));
  }
});
afterAll(() => contexts.forEach((c) => c.close()));

describe('search_code relevance', () => {
  it('finds the expected symbol in the top five for at least 95 % of the queries', () => {
    const scores = queryFiles().flatMap(({ data }) => data.sets.map((s) => scoreSet(contexts.get(data.fixture)!, s)));
    const queries = scores.reduce((n, s) => n + s.queries, 0);
    const hits = scores.reduce((n, s) => n + s.top5 * s.queries, 0);
    console.log(formatScores(scores));
    const misses = formatMisses(scores);
    if (misses) console.log(misses);
    expect(queries).toBeGreaterThanOrEqual(40);
    expect(hits / queries, misses).toBeGreaterThanOrEqual(0.95);
  });

  it('answers "mutex take" with the API macro and the function it wraps in the top five', () => {
    const ctx = contexts.get('stm32-freertos-app')!;
    const rows = (searchCode(ctx, { query: 'mutex take', limit: 5 }) as Record<string, any>[]).filter((r) => 'kind' in r);
    const macro = rows.find((r) => r.name === 'xSemaphoreTake');
    expect(macro).toMatchObject({ kind: 'macro', function_like: true, wraps: 'xQueueSemaphoreTake', file: 'Middlewares/Third_Party/FreeRTOS/Source/include/semphr.h' });
    expect(macro!._macro_value).toBe('xQueueSemaphoreTake((xSemaphore), (xBlockTime))');
    expect(macro!._macro_expanded_value).toMatch(/^xQueueSemaphoreTake ?\( ?\( ?xSemaphore ?\) ?, ?\( ?xBlockTime ?\) ?\)$/);
    expect(macro!.docstring).toMatch(/Obtain a semaphore or a mutex/);
    const fn = rows.find((r) => r.name === 'xQueueSemaphoreTake');
    expect(fn).toMatchObject({ kind: 'function', is_definition: true, file: 'Middlewares/Third_Party/FreeRTOS/Source/queue.c' });
    expect(fn!.declarations).toEqual([{ file: 'Middlewares/Third_Party/FreeRTOS/Source/include/queue.h', line: expect.any(Number) }]);
  });

  it('expands a wrapper through the macros it uses (nested API macros, casts, constants)', () => {
    const ctx = contexts.get('stm32-freertos-app')!;
    const rows = (searchCode(ctx, { query: 'xSemaphoreGive', limit: 3 }) as Record<string, any>[]).filter((r) => 'kind' in r);
    expect(rows[0]).toMatchObject({ name: 'xSemaphoreGive', kind: 'macro', wraps: 'xQueueGenericSend' });
    expect(rows[0]._macro_expanded_value).not.toMatch(/semGIVE_BLOCK_TIME|queueSEND_TO_BACK|NULL/);
    expect(rows[1]).toMatchObject({ name: 'xQueueGenericSend', kind: 'function' });
    const critical = (searchCode(ctx, { query: 'taskENTER_CRITICAL', limit: 2 }) as Record<string, any>[]).filter((r) => 'kind' in r);
    expect(critical[0]).toMatchObject({ name: 'taskENTER_CRITICAL', wraps: 'vPortEnterCritical' });
    // A statement macro (do { } while (0)) is no API wrapper: it stays out of the symbol results.
    const lock = (searchCode(ctx, { query: 'hal lock', limit: 50 }) as Record<string, any>[]).filter((r) => 'kind' in r);
    expect(lock.map((r) => r.name)).not.toContain('__HAL_LOCK');
  });

  it('keeps a declaration-only symbol as one row with is_definition false', () => {
    const ctx = contexts.get('stm32-freertos-app')!;
    // The kernel declares vApplicationIdleHook and the application defines it: one row at the definition.
    const hook = (searchCode(ctx, { query: 'idle hook', limit: 5 }) as Record<string, any>[]).filter((r) => r.name === 'vApplicationIdleHook');
    expect(hook).toHaveLength(1);
    expect(hook[0]).toMatchObject({ file: 'Core/Src/app_tasks.c', is_definition: true, declarations: [{ file: 'Middlewares/Third_Party/FreeRTOS/Source/include/task.h' }] });
    // The kernel's docstring (on the prototype) comes with the definition that has none.
    expect(hook[0].docstring).toMatch(/idle task calls/);
    // Declared in task.h; its definition in tasks.c is compiled out (INCLUDE_xTaskGetHandle is not set).
    const decl = (searchCode(ctx, { query: 'task get handle', limit: 20 }) as Record<string, any>[]).filter((r) => r.name === 'xTaskGetHandle');
    expect(decl).toHaveLength(1);
    expect(decl[0]).toMatchObject({ is_definition: false, file: 'Middlewares/Third_Party/FreeRTOS/Source/include/task.h', declarations: [] });
  });
});
