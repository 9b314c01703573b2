// How the CLI spells what query errors name: MCP arguments as the flags (or positional words) of the
// commands, MCP tools as the commands that answer the same question. Used when a CLI command fails.
import type { Surface } from '../query/query-error.js';

/** Arguments the CLI takes positionally, or under another flag name than the MCP argument. */
const CLI_ARGS: Record<string, string> = {
  query: 'QUERY',
  name: 'NAME',
  class_name: 'CLASS',
  method_name: 'METHOD',
  template_name: 'TEMPLATE',
  from_name: 'FROM',
  to_name: 'TO',
  a: 'A',
  b: 'B',
  max_depth: '--depth',
  maxResults: '--limit',
};

/** The command answering what each MCP tool answers. */
export const CLI_COMMANDS: Record<string, string> = {
  get_active_build: 'fw-context status',
  list_variants: 'fw-context variants',
  search_code: 'fw-context search',
  lookup_symbol: 'fw-context lookup',
  get_source: 'fw-context source',
  find_references: 'fw-context refs',
  which_builds: 'fw-context where NAME',
  is_compiled: 'fw-context where FILE:LINE',
  diff_builds: 'fw-context diff',
  search_bodies: 'fw-context bodies',
  read_file: 'fw-context read',
  get_file_map: 'fw-context file-map',
  find_variables: 'fw-context vars',
  get_symbol_context: 'fw-context context',
  get_inheritance_chain: 'fw-context inheritance',
  get_class_members: 'fw-context members',
  get_method_overrides: 'fw-context overrides',
  get_template_instances: 'fw-context instances',
  search_symbols: 'fw-context symbols --glob',
  find: 'fw-context find',
  find_callers: 'fw-context callers',
  find_callees: 'fw-context callees',
  find_call_path: 'fw-context call-path',
  find_callers_recursive: 'fw-context callers-tree',
  find_callees_recursive: 'fw-context callees-tree',
  find_hotspots: 'fw-context hotspots',
  find_dead_code: 'fw-context dead-code',
  find_indirect_call_sites: 'fw-context indirect-calls',
  find_indirect_targets: 'fw-context indirect-targets',
  get_vector_table: 'fw-context vectors',
};

function flagOf(name: string): string {
  return CLI_ARGS[name] ?? `--${name.replace(/_/g, '-')}`;
}

export const CLI_SURFACE: Surface = {
  kind: 'cli',
  arg(name, value) {
    const flag = flagOf(name);
    if (value === undefined) return flag;
    if (!flag.startsWith('--')) return String(value);
    return value === true ? flag : `${flag} ${value}`;
  },
  tool: (name) => `\`${CLI_COMMANDS[name] ?? name}\``,
};
