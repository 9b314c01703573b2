// The MCP server: registers every tool module of tools/ (schema, description and handler live there).
// Each call opens the project's index afresh, so readers never block an index run.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { VERSION } from '../version.js';
import { toolEnv } from './tool-kit.js';
import { TOOLS } from './tools/index.js';

export { explainError } from './tool-kit.js';

export interface ServerOptions {
  /** Folder whose project answers when a call names no project_root. */
  cwd: string;
}

export function createServer(options: ServerOptions): McpServer {
  const server = new McpServer({ name: 'fw-context', version: VERSION });
  const env = toolEnv(options.cwd);
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations },
      (args: unknown) => tool.handler(args as never, env),
    );
  }
  return server;
}
