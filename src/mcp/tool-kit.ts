// What every MCP tool module shares: the ToolDefinition shape, the build-scoping arguments, the shared
// description paragraphs, and the answer/error helpers. A tool module holds its own schema, text and query.
import path from 'node:path';
import { z, type ZodRawShape } from 'zod';
import { openProject, type ProjectContext } from '../query/project-context.js';
import { MCP_SURFACE, QueryError } from '../query/query-error.js';
import { withDetectorOnDemand } from '../project/declared-builds.js';
import type { RefreshState } from '../indexer/refresh-runner.js';
import type { FreshnessKeeper } from './keep-fresh.js';

export type ToolResult = { content: { type: 'text'; text: string }[]; isError?: boolean };

/** How a tool reaches the project: the call's project_root resolved against the server's folder. */
export interface ToolEnv {
  /** The server's working folder (the default project). */
  cwd: string;
  /** The server's background refresh of a project, when the server keeps projects fresh. */
  background(root: string): RefreshState | null;
  /** Run a query on the project a call names (or the server's); errors become isError results. */
  /** `noticeEdits: false` keeps the call from starting a background refresh (get_active_build only reports). */
  answer(projectRoot: string | undefined, run: (ctx: ProjectContext) => unknown, onError?: (err: unknown) => ToolResult, options?: { noticeEdits?: boolean }): Promise<ToolResult>;
}

export interface ToolDefinition<S extends ZodRawShape = ZodRawShape> {
  name: string;
  title: string;
  description: string;
  inputSchema: S;
  /** Read-only tools (every tool so far) carry READ_ONLY annotations. */
  annotations?: typeof READ_ONLY;
  handler(args: z.infer<z.ZodObject<S>>, env: ToolEnv): Promise<ToolResult>;
}

/** Typed helper: the handler's args follow the schema. */
export function defineTool<S extends ZodRawShape>(tool: ToolDefinition<S>): ToolDefinition<S> {
  return tool;
}

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const BUILD_ARGS = `Build scoping: every answer comes from exactly ONE build (a variant — a board, a PlatformIO env, an mbed target, a build folder — and an image — the application, a bootloader, a second slot). A project with one build needs neither argument. With several, pass variant (and image when that variant has more than one) or the tool refuses and lists the valid choices; [build] default_variant/default_image in .fw-context/config.ini stand in when set, and without default_variant a PlatformIO project's default_envs (its first env, as pio run builds by default). "*" is refused: ask once per build.`;

/** The cross-build tools say so: they are the only ones that answer from more than one build. */
export const CROSS_BUILD = `Unlike every other tool, which answers from exactly one build, this one spans builds BY DESIGN: it compares what the builds compile and labels each part of the answer with its build ("variant:image"); the usual variant/image arguments and [build] default_variant do not narrow it. Use it to ask which builds something reaches; then query one build with the other tools.`;

export const PAGING = `Paging: the answer is a JSON array. An optional {warning} comes first when a file the answer names changed on disk since indexing (line numbers may be off; run fw-context index). Then the page notice {total, offset, shown, more, next_offset, variant, image}: total counts every match of the step that answered; when more is true, call again with offset = next_offset. Find the notice by its keys, not its position.`;

/** Argument descriptions several tools share. */
export const ARG = {
  project_root: 'Project root (a folder with .fw-context/, or any folder inside it). Defaults to the project of the server\'s working directory.',
  variant: 'Variant of the build: a board, a PlatformIO env, an mbed target or a build folder, as get_active_build lists them. A name that is no variant may name one by its board, its board without qualifiers (qemu_cortex_m3 for qemu_cortex_m3/ti_lm3s6965) or its build folder, when only one variant matches (otherwise the error lists the candidates), or by the label answers print ("variant:image" or "variant/image"). Needed when the project has several builds and the config names no default.',
  image: 'Image within the variant: a separate program such as the application or the bootloader (mcuboot). Needed when the variant has several images.',
  query: 'FTS5 search terms: 1-3 plain words work best (uart init). Phrases in double quotes and FTS5 operators pass through.',
  kind: 'Only symbols of this kind: function, method, constructor, destructor, class, struct, union, enum, enum_constant, typedef, varglobal, varlocal, variable, field, namespace, macro.',
  limit: 'Results per page, 1-100 (default 20).',
  offset: 'Skip this many results: pass next_offset from the page notice to read the next page.',
  project_only: 'When true, leave out vendor code (SDK/HAL folders) and return only the application\'s own symbols. Default false.',
  name: 'Exact symbol name or qualified name (ns::Class::method). End it with * for a prefix match.',
  prefix: 'When true, match every name that starts with name.',
  file: 'Path of the file holding the symbol, project-relative or just its ending (drivers/uart.c), to pick one of several symbols of that name.',
  line: 'A line inside the wanted symbol, to pick one of several symbols of that name.',
  max_lines: 'Most lines of source to return (default 400).',
} as const;

/**
 * A file argument under its one name, `file`, and its deprecated old name `file_path` (read_file and
 * get_file_map took that), still accepted so that existing prompts keep working; `file` wins when both are given.
 */
export function fileArgs(description: string) {
  return {
    file: z.string().min(1).optional().describe(`${description} Required.`),
    file_path: z.string().min(1).optional().describe('Deprecated old name of file: still accepted, give file instead.'),
  };
}

/** The file a call names through fileArgs, or a QueryError asking for it. */
export function fileArgOf(args: { file?: string; file_path?: string }): string {
  const file = args.file ?? args.file_path;
  if (!file) throw new QueryError('no file given', 'give file: a project-relative path (src/main.c), an absolute path, or an unambiguous ending (main.c)');
  return file;
}

/** project_root, variant, image: the arguments that pick the project and the one build. */
export const buildArgs = {
  project_root: z.string().optional().describe(ARG.project_root),
  variant: z.string().optional().describe(ARG.variant),
  image: z.string().optional().describe(ARG.image),
};

export function ok(value: unknown): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/** An error as an agent can act on it: QueryErrors as they are, SQLite failures explained, never raw. */
export function explainError(err: unknown): { error: string; hint: string } & Record<string, unknown> {
  if (err instanceof QueryError) return err.render(MCP_SURFACE);
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) {
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      return { error: 'the index is busy: an index run is committing a build', hint: 'retry in a few seconds' };
    }
    return { error: `the index could not be read (${code})`, hint: 'rebuild it with `fw-context index`; if that fails, delete .fw-context/index.db and index again' };
  }
  return { error: (err as Error).message ?? String(err), hint: 'check the arguments; if the index is damaged, run `fw-context index`' };
}

export function fail(err: unknown): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(explainError(err)) }], isError: true };
}

/** The ToolEnv of a server rooted at cwd; with a keeper, each answered project is checked for edits afterwards. */
export function toolEnv(cwd: string, keeper?: FreshnessKeeper): ToolEnv {
  const rootOf = (p?: string) => (p ? path.resolve(cwd, p) : cwd);
  const notice = (ctx: ProjectContext) => {
    if (keeper && ctx.initialized && ctx.reader) keeper.noticeCall(ctx.root, ctx.reader.meta().indexedAt);
  };
  return {
    cwd,
    background: (root) => keeper?.state(root) ?? null,
    async answer(projectRoot, run, onError = fail, options = {}) {
      let noticed = false;
      const once = async () => {
        const ctx = openProject(rootOf(projectRoot));
        try {
          if (options.noticeEdits !== false && !noticed) notice(ctx);
          noticed = true;
          // A query may answer asynchronously (find's regex worker): the project stays open until it has.
          return ok(await run(ctx));
        } finally {
          ctx.close();
        }
      };
      try {
        return await withDetectorOnDemand(once);
      } catch (err) {
        return onError(err);
      }
    },
  };
}
