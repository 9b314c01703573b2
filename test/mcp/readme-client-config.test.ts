// The client configuration the README gives works as written for clients that start servers in a folder of
// their own choosing (Claude Desktop starts them in /, Claude Code ignores a `cwd` key): the server is
// started outside the project, with the README's args, and answers for the project they name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { CLI, copyFixtureToTemp, runCli } from '../helpers/fixture-project.js';

const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../README.md');

/** The first JSON block of the README holding an `mcpServers` entry for fw-context. */
function readmeServerEntry(): { command: string; args: string[]; cwd?: string } {
  const blocks = [...fs.readFileSync(README, 'utf8').matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
  const block = blocks.find((b) => b.includes('"mcpServers"'));
  expect(block, 'README has an mcpServers JSON block').toBeDefined();
  return JSON.parse(block!).mcpServers['fw-context'];
}

describe('the README client configuration', () => {
  it('names the firmware folder in args, so a server started elsewhere answers for it', async () => {
    const entry = readmeServerEntry();
    expect(entry.command).toBe('fw-context');
    expect(entry.cwd).toBeUndefined();
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    expect(runCli(root, ['index']).status).toBe(0);
    const args = entry.args.map((a) => (a === '/path/to/your/firmware' ? root : a));
    expect(args).toContain(root);
    const client = new Client({ name: 'readme-config', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, ...args], cwd: os.tmpdir(), stderr: 'pipe' }));
    try {
      const r = (await client.callTool({ name: 'get_active_build', arguments: {} })) as { content: { text: string }[] };
      expect(JSON.parse(r.content[0].text)).toMatchObject({ status: 'ready', project_root: fs.realpathSync(root) });
    } finally {
      await client.close();
    }
  });
});
