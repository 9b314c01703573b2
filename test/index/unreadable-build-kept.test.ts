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

    // `index` itself fails (exit 1) naming the file and line, while it still indexes the other build.
    fs.appendFileSync(path.join(root, 'src/lists.c'), '\nint added_after_break(void) { return 1; }\n');
    const cli = runCli(root, ['index']);
    expect(cli.status).toBe(1);
    expect(cli.stdout).toMatch(/1 problem\(s\) kept builds from being indexed \(exit 1/);
    expect(cli.stdout).toMatch(/^ {2}build-b\/compile_commands\.json:\d+: error: compile database is not valid JSON.*\(fix: regenerate/m);
    const json = JSON.parse(runCli(root, ['index', '--json']).stdout);
    expect(json.failed).toEqual([expect.objectContaining({ file: 'build-b/compile_commands.json', line: expect.any(Number), fix: expect.stringMatching(/regenerate/) })]);
    expect(json.builds.map((b: { variant: string }) => b.variant)).toEqual(['build']);
    expect((withProject(root, (ctx) => lookupSymbol(ctx, { name: 'added_after_break', variant: 'build' })) as unknown[]).length).toBeGreaterThan(1);
    expect(runCli(root, ['index', '--variant', 'build']).status).toBe(0);

    // Once the build folder describes no build at all, a full run drops it.
    fs.rmSync(path.join(root, 'build-b'), { recursive: true });
    expect((await indexProject({ root })).removedBuilds).toBe(1);
  });
});
