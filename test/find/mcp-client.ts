// A real MCP client connected to the server over the SDK's in-memory transport, for the find tests.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createServer } from '../../src/mcp/server.js';

export interface ToolCaller {
  call(name: string, args: Record<string, unknown>): Promise<{ value: any; text: string; isError: boolean }>;
  close(): Promise<void>;
}

export async function connectClient(cwd: string): Promise<ToolCaller> {
  const server = createServer({ cwd });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(b);
  return {
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
