// The pieces of search_code's ranking and API-wrapper detection on their own: call shapes, stems, tiers, merge keys.
import { describe, expect, it } from 'vitest';
import { wrappedFunction } from '../../src/model/api-wrapper.js';
import { nameTier, rankQuery, rankRows, stem, type Rankable } from '../../src/query/search-ranking.js';
import { parameterTypes } from '../../src/query/search-merge.js';

const row = (name: string, tokens: string, extra: Partial<Rankable> = {}): Rankable => ({
  name, kind: 'function', name_tokens: tokens, is_definition: true, is_vendor: false, text_score: 0, covers_all: false, file: 'a.c', line: 1, ...extra,
});

describe('API-wrapper call shapes', () => {
  it('accepts one call, in parentheses or behind casts, and a choice between two calls', () => {
    expect(wrappedFunction('xQueueSemaphoreTake ( ( xSemaphore ) , ( xBlockTime ) )', '(xSemaphore, xBlockTime)')).toBe('xQueueSemaphoreTake');
    expect(wrappedFunction('( ( void ) vQueueDelete ( ( QueueHandle_t ) ( x ) ) )', '(x)')).toBe('vQueueDelete');
    expect(wrappedFunction('( ( c ) < 6 ? fromTask ( t , c ) : fromISR ( t , c ) )', '(t, c)')).toBe('fromTask');
    expect(wrappedFunction('( ( ( ( BaseType_t ) 1 ) ) < ( ( BaseType_t ) 6 ) ? fromTask ( t ) : fromISR ( t ) )', '(t)')).toBe('fromTask');
  });

  it('refuses statements, operators, builtins and calls through a parameter', () => {
    expect(wrappedFunction('do { } while ( 0 )', '()')).toBeNull();
    expect(wrappedFunction('f ( x ) + 1', '(x)')).toBeNull();
    expect(wrappedFunction('__builtin_expect ( x , 1 )', '(x)')).toBeNull();
    expect(wrappedFunction('sizeof ( x )', '(x)')).toBeNull();
    expect(wrappedFunction('cb ( x )', '(cb, x)')).toBeNull();
    expect(wrappedFunction('( x ) -> fn ( x )', '(x)')).toBeNull();
  });
});

describe('ranking', () => {
  it('cuts plurals to a stem that still prefixes both forms', () => {
    expect(stem('tasks')).toBe('task');
    expect(stem('bits')).toBe('bit');
    expect(stem('process')).toBe('process');
    expect(stem('status')).toBe('status');
    expect(stem('irqs')).toBe('irq');
  });

  it('puts exact names, then words in sequence, then all words in the name', () => {
    const q = rankQuery('task create');
    expect(nameTier(q, row('task_create', 'task create'))).toBe(5);
    expect(nameTier(q, row('xTaskCreateStatic', 'x task create static'))).toBe(4);
    expect(nameTier(q, row('xCreateTask', 'x create task'))).toBe(3);
    expect(nameTier(q, row('vTaskDelete', 'v task delete', { covers_all: true }))).toBe(2);
    expect(nameTier(q, row('prvInit', 'prv init', { covers_all: true }))).toBe(1);
    expect(nameTier(q, row('prvInit', 'prv init'))).toBe(0);
  });

  it('ranks closer names first, callables before fields for a verb-like query, project before vendor', () => {
    const q = rankQuery('notify give');
    const names = rankRows(q, [row('vTaskGenericNotifyGiveFromISR', 'v task generic notify give from isr'), row('xTaskNotifyGive', 'x task notify give', { kind: 'macro' })], 1000).map((r) => r.name);
    expect(names).toEqual(['xTaskNotifyGive', 'vTaskGenericNotifyGiveFromISR']);
    const init = rankQuery('uart init');
    const rows = [row('uart_init_done', 'uart init done', { kind: 'field' }), row('uart_init_pins', 'uart init pins')];
    expect(rankRows(init, rows, 1000).map((r) => r.kind)).toEqual(['function', 'field']);
    const tie = [row('uart_init', 'uart init', { is_vendor: true, file: 'a.c' }), row('uart_init', 'uart init', { file: 'b.c' })];
    expect(rankRows(init, tie, 1000).map((r) => r.file)).toEqual(['b.c', 'a.c']);
  });
});

describe('merge keys', () => {
  it('reads C++ parameter types without names and default values', () => {
    expect(parameterTypes('void f(int a, const char *name = nullptr)')).toBe('int,constchar*');
    expect(parameterTypes('void f(int, const char*)')).toBe('int,constchar*');
    expect(parameterTypes('void Foo::poll()')).toBe('');
    expect(parameterTypes('void f(void)')).toBe('');
    expect(parameterTypes('int g(std::vector<int> v, unsigned long n)')).toBe('std::vector<int>,unsignedlong');
  });
});
