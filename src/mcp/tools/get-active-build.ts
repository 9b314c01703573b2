// get_active_build: the state of the index and of the build queries answer from (the health contract).
// A failure answers {error} alone, so a caller never mistakes it for a state.
import { getActiveBuild } from '../../query/active-build.js';
import { z } from 'zod';
import { buildArgs, defineTool, explainError, READ_ONLY, type ToolResult } from '../tool-kit.js';

const DESCRIPTION = `State of the fw-context index of this project and of the build queries answer from. Call it first, and again when answers look stale.

status:
- ready: the index matches the build; every query works.
- reindex_needed: the index no longer matches the build; queries still answer from the old index. reindex_reasons says why, and each reason names the command that fixes it: \`fw-context index\` (the compile database changed; the build was relinked, so a linker script, map file or Kconfig output its memory, entry point, linker-script symbols and Kconfig summary were read from changed by content, or a map file or linker script appeared where the build looks for one (the firmware configured or linked after the index); the build was reconfigured with another link command — linker scripts, -L folders, --defsym or -D of the link — in build.ninja's link edge or link.txt; a file the builds are described from — platformio.ini or a config it takes in, a board manifest, a build folder's description file — changed by content, went or appeared since indexing (the reason names it; \`fw-context check\` names the builds it changes); or the index has an older schema/row format) or \`fw-context index --build\` (source files were added that no compile database knows yet, so the build itself must be regenerated first). Read bg_reindex_running before naming a command: when a run is already under way, a second one only waits for its lock. This status wins over reindexing on purpose: the answers of this moment come from the last finished run.
- reindexing: an index run is in progress — the server's own background refresh or one somebody started (reindex_progress holds its last step); queries keep answering from the last finished run until it commits, then reflect the edit. Continue working.
- no_index: the project is initialized but nothing is indexed: run \`fw-context index\`.
- not_initialized: no .fw-context/ folder here or above: run \`fw-context init\` then \`fw-context index\`. Only status, project_root and index_message are returned.
A failure (a damaged index, no access to it) returns {error} alone, without status: read that key first.

Edited files: the server notices indexed files that changed on disk (through its file watcher, and on every query call — this tool only reports and starts nothing) and re-indexes just those in the background; meanwhile modified_files_count counts them and answers that name them carry a warning. They never set reindex_needed.

client_restart_required: the index was written by a NEWER fw-context than this server process reads. The index is right and this process is old: status stays ready and queries keep working. No command repairs it and a reindex must NOT be run; tell the operator to restart the LLM client (the server is its child process), using client_restart_reason, which index_message also opens with.

Fields: bg_reindex_running (an index run holds the lock now, this server's or another's), reindex_progress (its last progress line, or null), last_refresh (this server's last background refresh: {outcome: done|busy|failed, message, finished_at, runs}; absent before the first), indexed_at / first_indexed_at (UTC, "YYYY-MM-DD HH:MM:SS"; file times on disk are local, never compare them directly), symbol_count, file_count, reference_count (call sites), modified_files_count (indexed files whose content differs from the index, checked by content hash, so a touched but unchanged file does not count; modified_files lists up to 20), content_index (what find's trigram index covers: {text_files, trigram_indexed, deferred: text files no build reads whose trigrams are not filled in yet, deferred_bytes, large: files over 8 MB}; find reads deferred and large files whole, so its answers stay exact, and this server fills deferred ones in the background), header_affected_tus (compile units that include a changed header), schema_version vs current_schema and row_format_version vs current_row_format, stale (reindex_needed or header_affected_tus > 0), compile_commands (the compile database of the build), build_system, units / linked_units / linking (as list_variants: how many units the build compiles, how many of them the image links and answers from, and how that was determined), provenance ("read": from files the build wrote; "derived": reconstructed because the build system left none), vendor_paths / project_paths (config), multi (more than one build), variants [{name, description, board}], images [{name, description, dir, type}] of the active variant, variant_images (variant → image names), active_variant / active_image, defines (the -D names EVERY unit of the image carries with the same value: the units it links, or every compiled unit when the link is unknown) and defines_varying (names left out because some of those units differ), implicit_macros (per compiler: whether its predefined macros came from the real compiler or from fw-context's built-in table, which table, and for a table compilerFound: false when the compiler is not installed here, true when it refused the unit's flags; answers from a table are GCC's own for known targets but cannot know a toolchain's exact version), kconfig (Zephyr builds: {dot_config, autoconf_h, symbols} — where the build's Kconfig output is and how many CONFIG_ symbols it sets; a Zephyr build keeps its configuration there rather than in -D flags, and lookup_symbol with kind macro reads each CONFIG_ value; null for builds without Kconfig), entry_point and memory (the ENTRY and MEMORY regions of that build's linker script, read as GNU ld reads it: each region {name, attributes, origin and length as the script writes them, origin_value and length_value as numbers or null when a name in them cannot be resolved, file_path, line, used: bytes placed in it according to the map file, present only when the build has one}; the end of a region is origin_value + length_value; an empty list means "not recorded", never "no memory", and memory_note says why), index_message (a one-paragraph summary for people).

Fields that describe one build (counts, defines, memory) follow the build the arguments or the config name; with several builds and none named, counts cover all builds and memory is empty.

Args: project_root (optional; defaults to the project of the server's working directory), variant, image, fast (default true: a file whose size and mtime match the index counts as unchanged; false hashes every indexed file, slower, and also catches an edit that kept both).`;

/** get_active_build fails with {error} alone: no status, so a caller never mistakes a failure for a state. */
function statusFailure(err: unknown): ToolResult {
  const e = explainError(err);
  return { content: [{ type: 'text', text: JSON.stringify({ error: `${e.error} (${e.hint})` }) }], isError: true };
}

export const GET_ACTIVE_BUILD_TOOL = defineTool({
  name: 'get_active_build',
  title: 'Index and build state',
  description: DESCRIPTION,
  inputSchema: { ...buildArgs, fast: z.boolean().optional().describe('Default true. false hashes every indexed file even when its size and mtime match the index (slower).') },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => getActiveBuild(ctx, args, env.background(ctx.root)), statusFailure, { noticeEdits: false }),
});
