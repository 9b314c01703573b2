// The MCP server: registers the read-only query tools with zod input schemas and turns QueryErrors into
// `isError` results with a recovery hint. Each call opens the project's index afresh (readers never block).
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { getActiveBuild } from '../query/active-build.js';
import { getSource } from '../query/get-source.js';
import { lookupSymbol } from '../query/lookup-symbol.js';
import { withProject, type ProjectContext } from '../query/project-context.js';
import { QueryError } from '../query/query-error.js';
import { searchCode } from '../query/search-code.js';
import { listVariants } from '../query/list-variants.js';
import { findReferences } from '../query/find-references.js';
import { FILTER_KINDS } from '../model/symbol.js';
import { ARG_DESCRIPTIONS as A, DESCRIPTIONS } from './tool-descriptions.js';
import { VERSION } from '../version.js';

export interface ServerOptions {
  /** Folder whose project answers when a call names no project_root. */
  cwd: string;
}

type ToolResult = { content: { type: 'text'; text: string }[]; isError?: boolean };

function ok(value: unknown): ToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/** An error as an agent can act on it: QueryErrors as they are, SQLite failures explained, never raw. */
export function explainError(err: unknown): { error: string; hint: string } & Record<string, unknown> {
  if (err instanceof QueryError) return err.toJSON() as { error: string; hint: string };
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) {
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      return { error: 'the index is busy: an index run is committing a build', hint: 'retry in a few seconds' };
    }
    return { error: `the index could not be read (${code})`, hint: 'rebuild it with `fw-context index`; if that fails, delete .fw-context/index.db and index again' };
  }
  return { error: (err as Error).message ?? String(err), hint: 'check the arguments; if the index is damaged, run `fw-context index`' };
}

function fail(err: unknown): ToolResult {
  const body = explainError(err);
  return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const buildArgs = {
  project_root: z.string().optional().describe(A.project_root),
  variant: z.string().optional().describe(A.variant),
  image: z.string().optional().describe(A.image),
};

export function createServer(options: ServerOptions): McpServer {
  const server = new McpServer({ name: 'fw-context', version: VERSION });
  const rootOf = (p?: string) => (p ? path.resolve(options.cwd, p) : options.cwd);
  /** Run one query against the project a call names (or the server's), errors as isError results. */
  const answer = async (projectRoot: string | undefined, run: (ctx: ProjectContext) => unknown, onError: (err: unknown) => ToolResult = fail): Promise<ToolResult> => {
    try {
      return ok(withProject(rootOf(projectRoot), run));
    } catch (err) {
      return onError(err);
    }
  };
  // get_active_build fails with {error} alone: no status, so a caller never mistakes a failure for a state.
  const statusFailure = (err: unknown): ToolResult => ({
    content: [{ type: 'text', text: JSON.stringify({ error: ((e) => `${e.error} (${e.hint})`)(explainError(err)) }) }],
    isError: true,
  });

  server.registerTool(
    'get_active_build',
    { title: 'Index and build state', description: DESCRIPTIONS.get_active_build, inputSchema: buildArgs, annotations: READ_ONLY },
    async (args) => answer(args.project_root, (ctx) => getActiveBuild(ctx, args), statusFailure),
  );

  server.registerTool(
    'search_code',
    {
      title: 'Search symbols by concept',
      description: DESCRIPTIONS.search_code,
      inputSchema: {
        query: z.string().min(1).describe(A.query),
        kind: z.enum(FILTER_KINDS).optional().describe(A.kind),
        limit: z.number().int().min(1).max(100).optional().describe(A.limit),
        offset: z.number().int().min(0).optional().describe(A.offset),
        project_only: z.boolean().optional().describe(A.project_only),
        ...buildArgs,
      },
      annotations: READ_ONLY,
    },
    async (args) => answer(args.project_root, (ctx) => searchCode(ctx, { ...args, projectOnly: args.project_only })),
  );

  server.registerTool(
    'lookup_symbol',
    {
      title: 'Look up symbols by name',
      description: DESCRIPTIONS.lookup_symbol,
      inputSchema: {
        name: z.string().min(1).describe(A.name),
        kind: z.enum(FILTER_KINDS).optional().describe(A.kind),
        prefix: z.boolean().optional().describe(A.prefix),
        limit: z.number().int().min(1).max(100).optional().describe(A.limit),
        offset: z.number().int().min(0).optional().describe(A.offset),
        project_only: z.boolean().optional().describe(A.project_only),
        ...buildArgs,
      },
      annotations: READ_ONLY,
    },
    async (args) => answer(args.project_root, (ctx) => lookupSymbol(ctx, { ...args, projectOnly: args.project_only })),
  );

  server.registerTool(
    'get_source',
    {
      title: 'Source text of a symbol',
      description: DESCRIPTIONS.get_source,
      inputSchema: {
        name: z.string().min(1).describe(A.name),
        file: z.string().optional().describe(A.file),
        line: z.number().int().min(1).optional().describe(A.line),
        max_lines: z.number().int().min(1).max(5000).optional().describe(A.max_lines),
        ...buildArgs,
      },
      annotations: READ_ONLY,
    },
    async (args) => answer(args.project_root, (ctx) => getSource(ctx, { ...args, maxLines: args.max_lines })),
  );

  server.registerTool(
    'find_references',
    {
      title: 'Call sites of a function',
      description: DESCRIPTIONS.find_references,
      inputSchema: {
        name: z.string().min(1).describe(A.name),
        limit: z.number().int().min(1).max(500).optional().describe('Results per page, 1-500 (default 50).'),
        offset: z.number().int().min(0).optional().describe(A.offset),
        project_only: z.boolean().optional().describe(A.project_only),
        ...buildArgs,
      },
      annotations: READ_ONLY,
    },
    async (args) => answer(args.project_root, (ctx) => findReferences(ctx, { ...args, projectOnly: args.project_only })),
  );

  server.registerTool(
    'list_variants',
    {
      title: 'Builds of the project',
      description: DESCRIPTIONS.list_variants,
      inputSchema: { project_root: buildArgs.project_root },
      annotations: READ_ONLY,
    },
    async (args) => answer(args.project_root, (ctx) => listVariants(ctx)),
  );

  return server;
}
