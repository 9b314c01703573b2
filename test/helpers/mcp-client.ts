// A real MCP client connected to the fw-context server over the SDK's in-memory transport, for tests and the
// find benchmark: `call` answers a tool result as parsed JSON (or its text), with the isError flag.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createServer } from '../../src/mcp/server.js';

export interface ToolAnswer {
  /** The result text parsed as JSON, or the text itself when it is not JSON. */
  value: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
  isError: boolean;
}

export interface ToolCaller {
  /** The SDK client itself (listTools, raw callTool). */
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<ToolAnswer>;
  close(): Promise<void>;
}

/** A server whose working folder is `cwd` (the default project) and a client connected to it. */
export async function connectClient(cwd: string): Promise<ToolCaller> {
  const server = createServer({ cwd });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(b);
  return {
    client,
    async call(name, args) {
      const r = (await client.callTool({ name, arguments: args })) as { content: { text: string }[]; isError?: boolean };
      const text = r.content[0].text;
      let value: unknown = text;
      try {
        value = JSON.parse(text);
      } catch {
        /* plain text */
      }
      return { value, text, isError: !!r.isError };
    },
    close: () => client.close(),
  };
}
