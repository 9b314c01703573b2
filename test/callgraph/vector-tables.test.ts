// get_vector_table beyond startup assembler: a C array placed in .isr_vector with weak aliases of Default_Handler
// (written out and through an NXP-style ALIAS macro) and a run-time NVIC_SetVector install; Zephyr's
// IRQ_CONNECT / IRQ_DIRECT_CONNECT (IRQ from devicetree macros, by number, by enum) and irq_connect_dynamic.
// Also find_callers paging across files, the differential check on the C startup where gcc exists, and slot 0
// (the initial stack pointer) written as an expression.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkCallGraph } from '../../src/query/call-graph/compiler-call-graph.js';
import { findCallers } from '../../src/query/call-graph/call-sites.js';
import { findDeadCode } from '../../src/query/call-graph/dead-code.js';
import { getVectorTable } from '../../src/query/call-graph/vector-table.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import fs from 'node:fs';
import path from 'node:path';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { copyFixtureToTemp, hasTool, indexedFixture } from '../helpers/fixture-project.js';

type Row = Record<string, unknown>;
const rows = (answer: unknown[]) => (answer as Row[]).filter((r) => !('total' in r) && !('warning' in r) && !('note' in r));
const total = (answer: unknown[]) => (answer as Row[]).find((r) => 'total' in r)?.total;

describe('a C vector table in .isr_vector (STM32/NXP startup in C)', () => {
  let root: string;
  let slots: Row[];
  const at = (slot: number) => slots.filter((s) => s.slot === slot);
  beforeAll(async () => {
    ({ root } = await indexedFixture(['callgraph', 'c-vector-table']));
    slots = rows(withProject(root, (ctx) => getVectorTable(ctx, {})));
  });

  it('lists every slot of the array with its CMSIS name, zero entries as unhandled', () => {
    expect(slots.filter((s) => s.source === 'c_array').map((s) => s.slot)).toEqual(Array.from({ length: 22 }, (_, i) => i));
    expect(at(0)[0]).toMatchObject({ name: 'Initial_SP', handler: '_estack', status: 'stack_pointer', table: 'g_pfnVectors', file: 'src/startup_stm32.c', line: 24 });
    expect(at(4)[0]).toMatchObject({ name: 'MemManage', handler: null, status: 'unhandled' });
    expect(at(18)[0]).toMatchObject({ name: 'IRQ2', handler: null, status: 'unhandled' });
  });

  it('a strong definition in another file is handled; a weak alias is default, written out or through ALIAS(f)', () => {
    expect(at(1)[0]).toMatchObject({ name: 'Reset', handler: 'Reset_Handler', status: 'handled', defined_in: 'src/startup_stm32.c:48' });
    expect(at(15)[0]).toMatchObject({ name: 'SysTick', handler: 'SysTick_Handler', status: 'handled', defined_in: 'src/stm32_it.c:4' });
    expect(at(17)[0]).toMatchObject({ name: 'USART1_IRQn', handler: 'USART1_IRQHandler', status: 'handled', defined_in: 'src/stm32_it.c:9' });
    expect(at(2)[0]).toMatchObject({ name: 'NMI', status: 'default', default_handler: 'Default_Handler' });
    expect(at(16)[0]).toMatchObject({ name: 'EXTI0_IRQn', handler: 'EXTI0_IRQHandler', status: 'default', default_handler: 'Default_Handler' });
    expect(at(19)[0]).toMatchObject({ name: 'TIM2_IRQn', handler: 'TIM2_IRQHandler', status: 'default', default_handler: 'Default_Handler' });
  });

  it('a handler declared but defined nowhere is unhandled; a run-time NVIC_SetVector install is runtime', () => {
    expect(at(21)[0]).toMatchObject({ name: 'DMA1_IRQn', handler: 'DMA1_IRQHandler', status: 'unhandled' });
    expect(at(20)).toEqual([
      expect.objectContaining({ name: 'TIM3_IRQn', handler: 'tim3_isr', status: 'runtime', source: 'runtime_install', file: 'src/main.c', line: 11 }),
      expect.objectContaining({ name: 'TIM3_IRQn', handler: null, status: 'unhandled', source: 'c_array' }),
    ]);
  });

  it('the macro-written alias declares TIM2_IRQHandler with its expanded attributes; attributes are not calls', () => {
    const [tim2] = rows(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'TIM2_IRQHandler' })));
    expect(tim2).toMatchObject({ file: 'src/startup_stm32.c', line: 20, kind: 'function' });
    expect(tim2.signature).toMatch(/alias\s*\(\s*"Default_Handler"/);
    expect(rows(withProject(root, (ctx) => findCallers(ctx, { name: 'alias' })))).toEqual([]);
    // Default_Handler is kept alive by the aliases that name it.
    const dead = rows(withProject(root, (ctx) => findDeadCode(ctx, {}))).map((r) => r.name);
    expect(dead).not.toContain('Default_Handler');
  });

  it('find_callers pages across files in file order, the pages adding up to the whole answer', () => {
    const all = withProject(root, (ctx) => findCallers(ctx, { name: 'log_event' }));
    expect(total(all)).toBe(5);
    const whole = rows(all).map((r) => `${r.file}:${r.line}:${r.caller}`);
    expect(whole).toEqual(['src/hal.c:10:HAL_IncTick', 'src/main.c:6:tim3_isr', 'src/main.c:12:main', 'src/main.c:13:main', 'src/stm32_it.c:11:USART1_IRQHandler']);
    const paged = [0, 2, 4].flatMap((offset) => rows(withProject(root, (ctx) => findCallers(ctx, { name: 'log_event', limit: 2, offset }))).map((r) => `${r.file}:${r.line}:${r.caller}`));
    expect(paged).toEqual(whole);
  });

  it.skipIf(!hasTool('gcc'))('gcc agrees on every call edge', () => {
    const r = withProject(root, (ctx) => checkCallGraph(ctx, {}));
    expect(r.units.filter((u) => u.status === 'checked')).toHaveLength(4);
    expect(r.missing).toEqual([]);
    expect(r.edges).toBeGreaterThanOrEqual(8);
    // printf("ready\n") reaches the compiler's graph as puts: substituted, not missing.
    expect(r.implicit).toBe(1);
    // The calls GCC locates at the first line of hal_window's return statement are found on the lines they are written.
    expect(r.edges).toBeGreaterThanOrEqual(11);
  });
});

describe("Zephyr's IRQ_CONNECT and IRQ_DIRECT_CONNECT", () => {
  let slots: Row[];
  beforeAll(async () => {
    const { root } = await indexedFixture(['callgraph', 'zephyr-irq']);
    slots = rows(withProject(root, (ctx) => getVectorTable(ctx, {})));
  });

  it('places each registration at 16 + its IRQ, resolved through devicetree macros, numbers and enum constants', () => {
    expect(slots.map((s) => [s.slot, s.name, s.handler, s.status, s.source])).toEqual([
      [18, 'UARTE0_UART0_IRQn', 'uarte_nrfx_isr', 'handled', 'irq_connect'],
      [22, 'GPIOTE_IRQn', 'gpiote_isr', 'handled', 'irq_connect'],
      [24, 'TIMER0_IRQn', 'timer0_direct_isr', 'handled', 'irq_connect'],
      [33, 'RTC1_IRQn', 'rtc1_isr', 'runtime', 'runtime_install'],
    ]);
    expect(slots[0]).toMatchObject({ file: 'zephyr/drivers/serial/uart_nrfx_uarte.c', line: 16, defined_in: 'zephyr/drivers/serial/uart_nrfx_uarte.c:8' });
    // The ISR_DIRECT_DECLARE handler is a function the macro defines, found where the macro is written.
    expect(slots[2]).toMatchObject({ defined_in: 'app/src/main.c:9' });
  });
});

describe('slot 0 of a startup assembler table', () => {
  it('is the stack pointer, shown as the entry writes it (an expression such as Zephyr\'s z_main_stack + size)', async () => {
    const root = copyFixtureToTemp('callgraph', 'driver-stack');
    const startup = path.join(root, 'startup/startup_cm4.s');
    fs.writeFileSync(startup, fs.readFileSync(startup, 'utf8').replace('.word _estack', '.word z_main_stack + 2048'));
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
    const slot0 = rows(withProject(root, (ctx) => getVectorTable(ctx, {}))).filter((s) => s.slot === 0);
    expect(slot0).toEqual([expect.objectContaining({ name: 'Initial_SP', handler: 'z_main_stack+2048', status: 'stack_pointer', source: 'vector_table' })]);
  });
});
