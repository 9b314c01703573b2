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
import { SEARCH_BODIES_TOOL } from './search-bodies.js';
import { READ_FILE_TOOL } from './read-file.js';
import { GET_FILE_MAP_TOOL } from './get-file-map.js';
import { FIND_VARIABLES_TOOL } from './find-variables.js';
import { GET_SYMBOL_CONTEXT_TOOL } from './get-symbol-context.js';
import { GET_INHERITANCE_CHAIN_TOOL } from './get-inheritance-chain.js';
import { GET_CLASS_MEMBERS_TOOL } from './get-class-members.js';
import { GET_METHOD_OVERRIDES_TOOL } from './get-method-overrides.js';
import { GET_TEMPLATE_INSTANCES_TOOL } from './get-template-instances.js';
import { SEARCH_SYMBOLS_TOOL } from './search-symbols.js';
import { FIND_TOOL } from './find.js';
import { FIND_CALLERS_TOOL } from './find-callers.js';
import { FIND_CALLEES_TOOL } from './find-callees.js';
import { FIND_CALL_PATH_TOOL } from './find-call-path.js';
import { FIND_CALLERS_RECURSIVE_TOOL } from './find-callers-recursive.js';
import { FIND_CALLEES_RECURSIVE_TOOL } from './find-callees-recursive.js';
import { FIND_HOTSPOTS_TOOL } from './find-hotspots.js';
import { FIND_DEAD_CODE_TOOL } from './find-dead-code.js';
import { FIND_INDIRECT_CALL_SITES_TOOL } from './find-indirect-call-sites.js';
import { FIND_INDIRECT_TARGETS_TOOL } from './find-indirect-targets.js';
import { GET_VECTOR_TABLE_TOOL } from './get-vector-table.js';

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
  SEARCH_BODIES_TOOL,
  READ_FILE_TOOL,
  GET_FILE_MAP_TOOL,
  FIND_VARIABLES_TOOL,
  GET_SYMBOL_CONTEXT_TOOL,
  GET_INHERITANCE_CHAIN_TOOL,
  GET_CLASS_MEMBERS_TOOL,
  GET_METHOD_OVERRIDES_TOOL,
  GET_TEMPLATE_INSTANCES_TOOL,
  SEARCH_SYMBOLS_TOOL,
  FIND_TOOL,
  FIND_CALLERS_TOOL,
  FIND_CALLEES_TOOL,
  FIND_CALL_PATH_TOOL,
  FIND_CALLERS_RECURSIVE_TOOL,
  FIND_CALLEES_RECURSIVE_TOOL,
  FIND_HOTSPOTS_TOOL,
  FIND_DEAD_CODE_TOOL,
  FIND_INDIRECT_CALL_SITES_TOOL,
  FIND_INDIRECT_TARGETS_TOOL,
  GET_VECTOR_TABLE_TOOL,
];
