// The MCP tools the server registers, in the order clients list them. Adding a tool: one module in this
// folder (schema, description, query together) and one line here.
import type { ToolDefinition } from '../tool-kit.js';
import { GET_ACTIVE_BUILD_TOOL } from './get-active-build.js';
import { LIST_VARIANTS_TOOL } from './list-variants.js';
import { SEARCH_CODE_TOOL } from './search-code.js';
import { LOOKUP_SYMBOL_TOOL } from './lookup-symbol.js';
import { GET_SOURCE_TOOL } from './get-source.js';
import { FIND_REFERENCES_TOOL } from './find-references.js';
import { WHICH_BUILDS_TOOL } from './which-builds.js';
import { IS_COMPILED_TOOL } from './is-compiled.js';
import { DIFF_BUILDS_TOOL } from './diff-builds.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const TOOLS: ToolDefinition<any>[] = [
  GET_ACTIVE_BUILD_TOOL,
  LIST_VARIANTS_TOOL,
  SEARCH_CODE_TOOL,
  LOOKUP_SYMBOL_TOOL,
  GET_SOURCE_TOOL,
  FIND_REFERENCES_TOOL,
  WHICH_BUILDS_TOOL,
  IS_COMPILED_TOOL,
  DIFF_BUILDS_TOOL,
];
