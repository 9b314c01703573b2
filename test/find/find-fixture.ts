// The find fixture indexed in a temp folder that is a git work tree (so .gitignore applies, as for ripgrep),
// and an MCP session on it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { connectClient, type ToolCaller } from '../helpers/mcp-client.js';

export async function indexedFindFixture(): Promise<string> {
  const root = copyFixtureToTemp('find', 'two-boards-cpp');
  fs.mkdirSync(path.join(root, '.git'));
  writeConfig(root, { ...DEFAULT_CONFIG });
  await indexProject({ root });
  return root;
}

export const BOARD_A = { variant: 'build-board-a' };
export const BOARD_B = { variant: 'build-board-b' };

/** The indexed fixture and an MCP client on it for the tests of one file (set up before them, closed after). */
export function useFindSession(): { root: string; client: ToolCaller } {
  const session = {} as { root: string; client: ToolCaller };
  beforeAll(async () => {
    session.root = await indexedFindFixture();
    session.client = await connectClient(session.root);
  });
  afterAll(() => session.client?.close());
  return session;
}
