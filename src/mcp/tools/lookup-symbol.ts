// lookup_symbol: symbols (and macros) of one build by exact name, qualified name or prefix.
import { z } from 'zod';
import { FILTER_KINDS } from '../../model/symbol.js';
import { lookupSymbol } from '../../query/lookup-symbol.js';
import { ARG, BUILD_ARGS, buildArgs, defineTool, PAGING, READ_ONLY } from '../tool-kit.js';

const DESCRIPTION = `Look up symbols of one build by exact name or qualified name (uart_init, app::SensorManager::poll), or by prefix (prefix=true, or a name ending in *: HAL_UART_*). Macros (#define) of the build with that name follow the symbols in the same list (kind "macro", with _macro_value and _macro_expanded_value). A name nothing in the build defines but its compiler does (__GNUC__, __ARM_ARCH, __ARM_FP, __CC_ARM, __ICCARM__) answers the built-in definition (file "<built-in>", line 0) for an exact name; -D options have file "<command-line>". Definitions come before declarations, project code before vendor code. Use search_code instead when you only know the concept.

Optional kind narrows to one kind (same values as search_code). Each result has the fields search_code returns.

${PAGING} limit: 1-100, default 20.

${BUILD_ARGS}`;

export const LOOKUP_SYMBOL_TOOL = defineTool({
  name: 'lookup_symbol',
  title: 'Look up symbols by name',
  description: DESCRIPTION,
  inputSchema: {
    name: z.string().min(1).describe(ARG.name),
    kind: z.enum(FILTER_KINDS).optional().describe(ARG.kind),
    prefix: z.boolean().optional().describe(ARG.prefix),
    limit: z.number().int().min(1).max(100).optional().describe(ARG.limit),
    offset: z.number().int().min(0).optional().describe(ARG.offset),
    project_only: z.boolean().optional().describe(ARG.project_only),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => lookupSymbol(ctx, { ...args, projectOnly: args.project_only })),
});
