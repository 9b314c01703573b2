// Compile databases users get wrong: entries without a file or command are named by their 1-based number and
// the line they start on (a warning: `index` still exits 0); an empty `[]` database fails `index`, `check`
// and shows in `variants` and `status`, naming the file and how to make the build write its commands.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryStartLines, parseCompileDatabase } from '../../adapters/compile-commands/read-compile-database.js';
import { cliJson, copyFixtureToTemp, runCli } from '../helpers/fixture-project.js';

const DB = `[
  {
    "directory": "/w/build",
    "command": "gcc -DX=\\"{[,]}\\" -c /w/src/a.c",
    "file": "/w/src/a.c"
  },
  {"directory": "/w/build", "command": "gcc -c /w/src/b.c"},
  ["not", "an", "entry"],

  {
    "directory": "/w/build",
    "file": "/w/src/c.c"
  }
]
`;

describe('compile database entries', () => {
  it('a broken entry is named by its 1-based number and the line it starts on, with the fix', () => {
    expect(entryStartLines(DB)).toEqual([2, 7, 8, 10]);
    const r = parseCompileDatabase(DB, '/w/build/compile_commands.json');
    expect(r.units.map((u) => u.file)).toEqual(['/w/src/a.c']);
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', line: 7, message: 'entry 2 lacks "file" (a string); skipped', fix: expect.stringMatching(/regenerate the compile database/) }),
      expect.objectContaining({ severity: 'warning', line: 8, message: 'entry 3 is not an object; skipped' }),
      expect.objectContaining({ severity: 'warning', line: 10, message: expect.stringMatching(/^entry 4 \(\/w\/src\/c\.c\) has neither "arguments"/) }),
    ]);
  });

  it('an empty database is an error naming how to make the build write its compile commands', () => {
    const r = parseCompileDatabase('[]\n', '/w/build/compile_commands.json');
    expect(r.units).toEqual([]);
    expect(r.diagnostics).toEqual([expect.objectContaining({ severity: 'error', line: 1, message: expect.stringMatching(/empty \(\[\]\)/), fix: expect.stringMatching(/CMAKE_EXPORT_COMPILE_COMMANDS=ON.*run the build/) })]);
    const none = parseCompileDatabase('[{"directory": "/w"}]', '/w/build/compile_commands.json');
    expect(none.diagnostics.map((d) => d.severity)).toEqual(['warning', 'error']);
  });

  it('index warns with file:line and still exits 0 when only warnings were found', () => {
    const root = copyFixtureToTemp('callgraph', 'driver-stack');
    const dbFile = path.join(root, 'build/compile_commands.json');
    const entries = JSON.parse(fs.readFileSync(dbFile, 'utf8')) as Record<string, string>[];
    delete entries[1]!.command;
    fs.writeFileSync(dbFile, JSON.stringify(entries, null, 2));
    const r = runCli(root, ['index']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/build\/compile_commands\.json:7: warning: entry 2 \(.*lists\.c\) has neither "arguments" \(a list of strings\) nor "command"; skipped \(fix: regenerate/);
  });
});

describe('an empty compile database', () => {
  it('fails index and check for that build, keeps its previous index, and shows in variants and status', () => {
    const root = copyFixtureToTemp('callgraph', 'driver-stack');
    fs.cpSync(path.join(root, 'build'), path.join(root, 'build-b'), { recursive: true });
    fs.mkdirSync(path.join(root, 'build-empty'));
    fs.writeFileSync(path.join(root, 'build-empty/compile_commands.json'), '[]\n');

    const first = runCli(root, ['index']);
    expect(first.status).toBe(1);
    expect(first.stdout).toMatch(/^ {2}build-empty\/compile_commands\.json:1: error: compile database is empty \(\[\]\).*\(fix: build the firmware .*CMAKE_EXPORT_COMPILE_COMMANDS=ON/m);
    const check = runCli(root, ['check']);
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/build-empty.*compile database is empty/);
    const variants = cliJson(root, ['variants']) as { variants: { variant: string }[]; diagnostics: { file: string; message: string }[] };
    expect(variants.variants.map((v) => v.variant)).toEqual(['build', 'build-b']);
    expect(variants.diagnostics).toContainEqual(expect.objectContaining({ message: expect.stringMatching(/empty \(\[\]\)/) }));

    // An indexed build whose database is emptied keeps answering from its previous index.
    fs.rmSync(path.join(root, 'build-empty'), { recursive: true });
    expect(runCli(root, ['index']).status).toBe(0);
    fs.writeFileSync(path.join(root, 'build-b/compile_commands.json'), '[]\n');
    const status = cliJson(root, ['status']) as { status: string; reindex_reasons: string[] };
    expect(status.reindex_reasons).toContainEqual(expect.stringMatching(/^build-b\/compile_commands\.json of build build-b\/app is empty \(\[\]\) now/));
    expect(runCli(root, ['index']).status).toBe(1);
    const after = runCli(root, ['variants']);
    expect(after.stdout).toMatch(/build-b[\s\S]*indexed .* UTC; cannot be read now, answers from its previous index: build-b\/compile_commands\.json:1: error: compile database is empty/);
    expect(runCli(root, ['lookup', 'count_nodes', '--variant', 'build-b']).stdout).toMatch(/count_nodes/);
    const checked = cliJson(root, ['check']) as { builds: { variant: string; reasons: { code: string; file: string; line: number }[] }[] };
    expect(checked.builds.find((b) => b.variant === 'build-b')!.reasons).toEqual([expect.objectContaining({ code: 'unreadable', file: 'build-b/compile_commands.json', line: 1 })]);
  });
});
