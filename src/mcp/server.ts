// The MCP server: registers every tool module of tools/ (schema, description and handler live there).
// Each call opens the project's index afresh, so readers never block an index run; with keepFresh, edited
// files are re-indexed in the background (keep-fresh.ts).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import path from 'node:path';
import { findProjectRoot } from '../project/config.js';
import { VERSION } from '../version.js';
import { FreshnessKeeper, type KeepFreshOptions } from './keep-fresh.js';
import { toolEnv } from './tool-kit.js';
import { TOOLS } from './tools/index.js';

export { explainError } from './tool-kit.js';

export interface ServerOptions {
  /** Folder whose project answers when a call names no project_root. */
  cwd: string;
  /** Re-index edited files in the background (watcher + calls). Off unless asked: `fw-context serve` asks. */
  keepFresh?: KeepFreshOptions | boolean;
}

export interface FwContextServer {
  server: McpServer;
  /** Stop watchers and background runs. */
  close(): void;
}

export function createServer(options: ServerOptions): McpServer {
  return createFwContextServer(options).server;
}

export function createFwContextServer(options: ServerOptions): FwContextServer {
  const server = new McpServer({ name: 'fw-context', version: VERSION });
  const keeper = options.keepFresh ? new FreshnessKeeper(options.keepFresh === true ? {} : options.keepFresh) : undefined;
  const cwdRoot = findProjectRoot(path.resolve(options.cwd));
  if (keeper && cwdRoot) {
    keeper.watch(cwdRoot);
    // Edits made while no server ran are refreshed at start, without waiting for a call.
    setTimeout(() => keeper.check(cwdRoot), 200).unref();
  }
  const env = toolEnv(options.cwd, keeper);
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations },
      (args: unknown) => tool.handler(args as never, env),
    );
  }
  return { server, close: () => keeper?.close() };
}
