// A real MCP client connected to the fw-context server over the SDK's in-memory transport, for tests and the
// find benchmark: `call` answers a tool result as parsed JSON (or its text), with the isError flag; a server kept
// fresh as `serve` runs it is waited on until its background refresh is done.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createFwContextServer, type ServerOptions } from '../../src/mcp/server.js';
import { until } from './until.js';

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

/**
 * A server whose working folder is `cwd` (the default project) and a client connected to it; `keepFresh` runs the
 * server's background refresh as `fw-context serve` does. close() ends the client and the server's watchers.
 */
export async function connectClient(cwd: string, keepFresh?: ServerOptions['keepFresh']): Promise<ToolCaller> {
  const fw = createFwContextServer({ cwd, keepFresh });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await fw.server.connect(a);
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
    async close() {
      await client.close();
      fw.close();
    },
  };
}

/** get_active_build once the server's background refresh has ended done, the index ready and no run holding it. */
export async function activeAfterRefresh(mcp: ToolCaller): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return until(async () => {
    const st = (await mcp.call('get_active_build', {})).value;
    return st.status === 'ready' && !st.bg_reindex_running && st.last_refresh?.outcome === 'done' ? st : null;
  });
}
