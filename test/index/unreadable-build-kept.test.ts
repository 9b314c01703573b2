// A build folder whose compile database cannot be read this time (cut short, not valid JSON) is unreadable,
// not gone: a full `fw-context index` keeps its previous index, and `fw-context check` names the file and line.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { checkIndex } from '../../src/query/index-check.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { copyFixtureToTemp, runCli } from '../helpers/fixture-project.js';

describe('a compile database that cannot be read', () => {
  it('keeps the build it described answering, and check reports the file, line and fix', async () => {
    const root = copyFixtureToTemp('callgraph', 'driver-stack');
    fs.cpSync(path.join(root, 'build'), path.join(root, 'build-b'), { recursive: true });
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
    fs.writeFileSync(path.join(root, 'build-b/compile_commands.json'), '[\n  {"directory": "x"\n');

    const r = await indexProject({ root });
    expect(r.removedBuilds).toBe(0);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', message: expect.stringMatching(/previous index is kept/) }));
    const rows = withProject(root, (ctx) => lookupSymbol(ctx, { name: 'count_nodes', variant: 'build-b' })) as Record<string, unknown>[];
    expect(rows[0]).toMatchObject({ variant: 'build-b', shown: expect.any(Number) });
    expect(rows.length).toBeGreaterThan(1);

    const check = withProject(root, (ctx) => checkIndex(ctx));
    expect(check.exit_code).toBe(1);
    expect(check.builds.find((b) => b.variant === 'build-b')!.reasons).toEqual([
      expect.objectContaining({ code: 'unreadable', file: 'build-b/compile_commands.json', line: expect.any(Number), fix: expect.stringMatching(/regenerate/) }),
    ]);
    expect(runCli(root, ['check']).status).toBe(1);

    // Once the build folder describes no build at all, a full run drops it.
    fs.rmSync(path.join(root, 'build-b'), { recursive: true });
    expect((await indexProject({ root })).removedBuilds).toBe(1);
  });
});
