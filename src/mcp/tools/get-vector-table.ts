// get_vector_table: the interrupt vector table of one build with each slot's handler and status.
import { z } from 'zod';
import { getVectorTable } from '../../query/call-graph/vector-table.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `The interrupt vector table of one build, slot by slot, sorted by slot: {slot, name, handler, status, file, line, source, table?, default_handler?, defined_in?}. source says where a row comes from: "vector_table" — the startup assembler file the build assembles (.word/.long/DCD entries under an .isr_vector/.vectors section or a *vector* label); "c_array" — a C array placed in a vector section (__attribute__((section(".isr_vector"))) const void *g_pfnVectors[] = {...}; entries that name no function, such as 0, are listed as unhandled slots up to the last entry); "irq_connect" — a Zephyr IRQ_CONNECT / IRQ_DIRECT_CONNECT registration, its IRQ read from the macro expansion (devicetree macros such as DT_INST_IRQN(0) resolved with the build's values); "runtime_install" — irq_connect_dynamic, NVIC_SetVector (also through CMSIS's __NVIC_SetVector). A slot can appear more than once (a zero table entry and the run-time install that fills it). table names the assembler label or C array.

slot is the exception number (IRQ n is slot 16 + n on Cortex-M; null when the IRQ is not a constant the build defines — then name is the IRQ as written); name the CMSIS name: Initial_SP, Reset, NMI, HardFault, ..., SVCall, PendSV, SysTick, Reserved for slots below 16, then the build's own *_IRQn enum constant of that IRQ (device header), else one made from the handler name (USART1_IRQHandler → USART1_IRQn), else IRQ<n>. 

status: "stack_pointer" — slot 0 of the table: the initial stack pointer the core loads at reset, not a handler; handler then holds what the entry writes (a linker symbol such as _estack or __StackTop, an expression such as z_main_stack+CONFIG_MAIN_STACK_SIZE, an address), null when the entry names nothing (a C array whose first entry is not a symbol); "handled" — a strong definition of the handler is compiled in this build (defined_in says where; a handler written through a macro rename such as #define xPortPendSVHandler PendSV_Handler counts under its real name); "default" — only a weak alias exists (.weak X with .thumb_set X, Default_Handler; __attribute__((weak, alias("Default_Handler"))), also written through a macro such as NXP's ALIAS(IntDefaultHandler)), default_handler names the function the interrupt falls into; "unhandled" — a zero entry, or a handler name nothing in the build defines; "runtime" — installed while the firmware runs (handler is the function passed). Not read: Zephyr's generated isr_tables.c (it holds handler addresses, not names: the IRQ_CONNECT rows stand for it) and exception handlers of a vector file the build does not assemble. A build with no table answers a {note} and total 0.

${PAGING} limit: 1-500, default 100.

${BUILD_ARGS}`;

export const GET_VECTOR_TABLE_TOOL = defineTool({
  name: 'get_vector_table',
  title: 'Interrupt vector table',
  description: DESCRIPTION,
  inputSchema: {
    limit: z.number().int().min(1).max(500).optional().describe('Slots per page, 1-500 (default 100).'),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => getVectorTable(ctx, args)),
});
