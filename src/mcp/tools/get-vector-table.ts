// get_vector_table: the interrupt vector table of one build with each slot's handler and status.
import { z } from 'zod';
import { getVectorTable } from '../../query/call-graph/vector-table.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `The interrupt vector table of one build, slot by slot: {slot, name, handler, status, file, line, source, table?, default_handler?, defined_in?}. Read from the startup assembler file the build assembles (.word/.long/DCD entries under an .isr_vector/.vectors section or a *vector* label), from C arrays placed in a vector section (__attribute__((section(".isr_vector")))), and from Zephyr IRQ_CONNECT / IRQ_DIRECT_CONNECT registrations; runtime installs (irq_connect_dynamic, NVIC_SetVector) are listed too. slot is the exception number (IRQ n is slot 16 + n on Cortex-M; null when the IRQ is not a constant), name the CMSIS name (Reset, HardFault, PendSV, SysTick, USART1_IRQn; IRQ<n> when the handler name says nothing; Reserved), slot 0 holds the initial stack pointer (a linker symbol such as _estack; handled when named).

status: "handled" — a strong definition of the handler is compiled in this build (defined_in says where; a handler written through a macro rename such as #define xPortPendSVHandler PendSV_Handler counts under its real name); "default" — only a weak alias exists (.weak X with .thumb_set X, Default_Handler, or __attribute__((weak, alias("Default_Handler")))), default_handler names it: the interrupt falls into the default loop; "unhandled" — a zero entry, or a handler name nothing in the build defines; "runtime" — installed while the firmware runs. A build with no table answers a {note} and total 0.

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
