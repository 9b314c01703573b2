// The content walk done ahead on another thread (content-walk-ahead.ts) leaves the content index as the update's
// own walk does: each run here is made both ways from the same index and tree, and the rows (ids, hashes, sizes,
// mtimes, kinds), the trigram matches and the run's content summary compared, through files edited, added, removed,
// renamed and ignored, a deferred header a build reads now, generated headers rewritten in the build folder, a file
// a build read after the walk, and a run that adds a build folder (the walk ahead skipped too few folders: the update
// walks itself).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexProject, type IndexOptions } from '../../src/indexer/index-project.js';
import { walkAheadFrom } from '../../src/indexer/content-walk-ahead.js';
import { openIndexForRead, openIndexForUpdate } from '../../src/index/open-index.js';
import { SqliteContentIndex, storedBuildFolders } from '../../src/index/sqlite-content-index.js';
import { walkScopeOf } from '../../src/content/walk-scope.js';
import { updateContentIndex } from '../../src/indexer/update-content-index.js';
import { walkAhead, type WalkAhead } from '../../src/indexer/walk-ahead.js';
import { DEFAULT_CONFIG, indexPath, writeConfig } from '../../src/project/config.js';
import { copyFixtureToTemp, touchFuture } from '../helpers/fixture-project.js';

const TOKENS = ['uart_isr', 'walk_ahead_marker', 'CONFIG_', 'renamed_note_marker', 'kept_despite_ignore'];

/** Every content row as stored, and the files the trigram index gives for each token. */
function contentState(root: string): unknown {
  const db = openIndexForRead(indexPath(root))!;
  try {
    const rows = db.prepare('SELECT id, path, content_hash, size, mtime_ms, kind FROM content_files ORDER BY id').all();
    const c = new SqliteContentIndex(db);
    return { rows, found: TOKENS.map((t) => [...(c.candidates([[t]]) ?? [])].sort()) };
  } finally {
    db.close();
  }
}

const contentKind = (root: string, rel: string) => {
  const db = openIndexForRead(indexPath(root))!;
  try {
    return (db.prepare('SELECT kind FROM content_files WHERE path = ?').get(rel) as { kind: string } | undefined)?.kind;
  } finally {
    db.close();
  }
};

const saved = { ...walkAheadFrom };
afterEach(() => {
  Object.assign(walkAheadFrom, saved);
});

/** `first` and then `second` run from the same index (restored between them): the content index each leaves is the same. */
async function fromSameIndex<T>(root: string, first: () => Promise<T>, second: () => Promise<T>): Promise<[T, T]> {
  const index = path.join(root, '.fw-context');
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-walk-ahead-'));
  fs.cpSync(index, before, { recursive: true, preserveTimestamps: true });
  const a = await first();
  const afterFirst = contentState(root);
  fs.rmSync(index, { recursive: true });
  fs.cpSync(before, index, { recursive: true, preserveTimestamps: true });
  const b = await second();
  expect(contentState(root)).toEqual(afterFirst);
  return [a, b];
}

/** The run made with a walk ahead and without, from the same index: the same content index and summary; whether the walk ahead was used. */
async function bothWays(root: string, options: Partial<IndexOptions> = {}): Promise<boolean> {
  const run = (from: number) => () => {
    Object.assign(walkAheadFrom, { files: from, spareCores: Number.NEGATIVE_INFINITY });
    return indexProject({ root, ...options });
  };
  const [ahead, own] = await fromSameIndex(root, run(0), run(Number.POSITIVE_INFINITY));
  const summary = (c: typeof own.content) => ({ ...c, elapsedMs: 0, walkedAhead: undefined });
  expect(summary(ahead.content)).toEqual(summary(own.content));
  expect(own.content?.walkedAhead).toBeUndefined();
  return ahead.content?.walkedAhead === true;
}

describe('the content walk ahead', () => {
  it('gives the rows of the update’s own walk as files change, appear, go and are ignored', async () => {
    const root = copyFixtureToTemp('callgraph', 'zephyr-irq');
    writeConfig(root, { ...DEFAULT_CONFIG });
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
      touchFuture(path.join(root, rel));
    };
    write('docs/notes.md', 'walk_ahead_marker one\n');
    write('docs/old/more.txt', 'walk_ahead_marker two\n');
    write('modules/lib/prebuilt.o', '\x7fELF walk_ahead_marker\n');
    write('app/src/extra.h', '/* walk_ahead_marker: deferred until the app includes it */\n');
    await indexProject({ root });
    expect(await bothWays(root)).toBe(true);

    // A source the build compiles edited (it includes a deferred header now) and a file it does not read; files
    // added, removed and renamed.
    fs.appendFileSync(path.join(root, 'app/src/main.c'), '#include "extra.h"\n/* walk_ahead_marker */\n');
    touchFuture(path.join(root, 'app/src/main.c'), 7);
    write('README.md', 'walk_ahead_marker in the readme\n');
    write('docs/new.md', 'walk_ahead_marker three\n');
    fs.renameSync(path.join(root, 'docs/notes.md'), path.join(root, 'docs/renamed.md'));
    fs.appendFileSync(path.join(root, 'docs/renamed.md'), 'renamed_note_marker\n');
    fs.rmSync(path.join(root, 'docs/old'), { recursive: true });
    expect(await bothWays(root)).toBe(true);
    expect(contentKind(root, 'app/src/extra.h')).toBe('text');

    // A generated header rewritten in the build folder, a new file there (not listed), a hidden folder.
    fs.appendFileSync(path.join(root, 'build/zephyr/include/generated/zephyr/autoconf.h'), '#define CONFIG_WALK_AHEAD 1\n');
    touchFuture(path.join(root, 'build/zephyr/include/generated/zephyr/autoconf.h'), 9);
    write('build/zephyr/new_generated.h', 'walk_ahead_marker in the build folder\n');
    write('.hidden/notes.md', 'walk_ahead_marker hidden\n');
    expect(await bothWays(root)).toBe(true);

    // A header the build reads ignored (still listed: the build reads it), edited; a file no build reads ignored.
    write('.ignore', 'zephyr/include/zephyr/irq.h\ndocs/new.md\n');
    fs.appendFileSync(path.join(root, 'zephyr/include/zephyr/irq.h'), '/* kept_despite_ignore */\n');
    touchFuture(path.join(root, 'zephyr/include/zephyr/irq.h'), 11);
    expect(await bothWays(root)).toBe(true);
  });

  it('a run that indexes a build folder the index did not hold walks the tree itself, with the same rows; so does a busy machine', async () => {
    const root = copyFixtureToTemp('find', 'two-boards-cpp');
    fs.mkdirSync(path.join(root, '.git'));
    writeConfig(root, { ...DEFAULT_CONFIG });
    await indexProject({ root, variant: 'build-board-a' });
    expect(await bothWays(root)).toBe(false);
    expect(await bothWays(root)).toBe(true);
    // Nor does a run on a machine without a core to spare walk ahead.
    Object.assign(walkAheadFrom, { files: 0, spareCores: Number.POSITIVE_INFINITY });
    expect((await indexProject({ root })).content?.walkedAhead).toBeUndefined();
  });

  it('compares a file a build read after the walk by the run’s stat of it, as the update’s own walk does', async () => {
    const root = fs.realpathSync(copyFixtureToTemp('callgraph', 'zephyr-irq'));
    writeConfig(root, { ...DEFAULT_CONFIG });
    await indexProject({ root });
    const db = openIndexForRead(indexPath(root))!;
    const { skipped } = walkScopeOf(root, storedBuildFolders(db, root, new Set()), []);
    db.close();
    const ahead = walkAhead({ root, indexFile: indexPath(root), skipped })!;
    const main = path.join(root, 'app/src/main.c');
    fs.appendFileSync(main, '/* walk_ahead_marker after the walk */\n');
    touchFuture(main);
    const st = fs.statSync(main);
    const update = (walked?: WalkAhead) => async () => {
      const writer = openIndexForUpdate(indexPath(root))!;
      try {
        return await updateContentIndex(writer, root, { known: (f) => (f === main ? { size: st.size, mtimeMs: st.mtimeMs } : undefined), knownFiles: () => [main], ...(walked ? { ahead: Promise.resolve(walked) } : {}) });
      } finally {
        writer.close();
      }
    };
    const [withAhead, own] = await fromSameIndex(root, update(ahead), update());
    expect(withAhead).toMatchObject({ walkedAhead: true, reindexed: 1, statsKnown: 1 });
    expect({ ...withAhead, elapsedMs: 0, walkedAhead: undefined }).toEqual({ ...own, elapsedMs: 0 });
  });
});
