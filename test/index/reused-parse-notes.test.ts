// A parse one build made and another reuses reports its notes the same way: the reused build's stored diagnostics
// are written as the first build's (same fields, same order), so an index's rows do not depend on which build parsed.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from '../helpers/fixture-project.js';
import { SqliteIndex } from '../../src/index/sqlite-index.js';

describe('notes of a reused parse', () => {
  it('are stored as the build that made the parse stored them', async () => {
    const root = tempDir();
    const corpus = generateZephyrCorpus(root, { boards: 2, units: 4, headers: 4, functionsPerUnit: 1 });
    writeConfig(root, DEFAULT_CONFIG);
    // A function-like macro invoked with too few arguments in a header both boards read alike: a note at its line.
    fs.appendFileSync(corpus.sampleHeader, '\n#define TWO_ARGS(a, b) ((a) + (b))\nstatic inline int uses_two(void) { return TWO_ARGS(1); }\n');
    await indexProject({ root, workers: 0 });
    // Board 1's commands gain a flag its files do not test: its units are walked again, the header's parse reused.
    const database = path.join(corpus.buildDirs[1], 'compile_commands.json');
    const commands = JSON.parse(fs.readFileSync(database, 'utf8')) as { command: string }[];
    for (const c of commands) c.command = c.command.replace(/ -c /, ' -DUNTESTED_FLAG=1 -c ');
    fs.writeFileSync(database, JSON.stringify(commands));
    const again = await indexProject({ root, workers: 0 });
    expect(again.builds.find((b) => b.variant === 'build-board_1')?.reused).toBeGreaterThan(0);
    const db = new Database(path.join(root, '.fw-context', 'index.db'), { readonly: true });
    const rows = new SqliteIndex(db).builds();
    db.close();
    const notes = rows.map((r) => (r.diagnostics as { file: string; message: string }[]).filter((d) => d.file === corpus.sampleHeader && d.message.includes('TWO_ARGS')));
    expect(notes).toHaveLength(2);
    expect(notes[0]).toHaveLength(1);
    expect(JSON.stringify(notes[1])).toBe(JSON.stringify(notes[0]));
  });
});
