// The find fixture indexed in a temp folder that is a git work tree (so .gitignore applies, as for ripgrep),
// and an MCP session on it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openIndexForRead, openIndexForUpdate } from '../../src/index/open-index.js';
import { SqliteContentIndex } from '../../src/index/sqlite-content-index.js';
import { fillDeferredContent, type FillContentOptions } from '../../src/indexer/fill-content-index.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, indexPath, writeConfig } from '../../src/project/config.js';
import { find, type FindResult } from '../../src/query/find.js';
import type { FindRequest } from '../../src/query/find-request.js';
import { openProject } from '../../src/query/project-context.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { connectClient, type ToolCaller } from '../helpers/mcp-client.js';

export async function indexedFindFixture(): Promise<string> {
  const root = copyFixtureToTemp('find', 'two-boards-cpp');
  fs.mkdirSync(path.join(root, '.git'));
  writeConfig(root, { ...DEFAULT_CONFIG });
  await indexProject({ root });
  return root;
}

/** `fn` on the content index of `root`'s index, opened for reading and closed after. */
export function withContentIndex<T>(root: string, fn: (c: SqliteContentIndex) => T): T {
  const db = openIndexForRead(indexPath(root))!;
  try {
    return fn(new SqliteContentIndex(db));
  } finally {
    db.close();
  }
}

/** One find in the project at `root`, as the CLI runs it (`keepTreeState`: as a server keeps its tree state). */
export async function findIn(root: string, req: FindRequest, keepTreeState = false): Promise<FindResult> {
  const ctx = openProject(root);
  try {
    return await find(ctx, req, { keepTreeState });
  } finally {
    ctx.close();
  }
}

/** Fills the deferred trigrams of `root`'s index as `fw-context serve` does (all of them unless bounded). */
export function fillDeferredIn(root: string, options: FillContentOptions = {}): ReturnType<typeof fillDeferredContent> {
  const db = openIndexForUpdate(indexPath(root))!;
  try {
    return fillDeferredContent(db, root, options);
  } finally {
    db.close();
  }
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
