// Files of one name that the units' search folders resolve to different files: each is read as itself, its `\@`
// counted from the unit reading it, and the unit's count after it is what it executed. Expected names as
// arm-none-eabi-nm lists them (checked against the assembler where it is installed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture, tempDir } from '../helpers/fixture-project.js';

const rowsOf = (root: string, file: string) => withProject(root, (ctx) => listSymbols(ctx, { file }).symbols).map((s) => `${s.kind} ${s.name} ${s.line}`);
const withAssembler = hasTool('arm-none-eabi-gcc') && hasTool('arm-none-eabi-nm');

/** The names nm lists as defined in the object of unit `file`, compiled as the fixture's compile command says. */
function nmNames(root: string, file: string): string[] {
  const obj = path.join(tempDir(), `${path.basename(file)}.o`);
  const entries = JSON.parse(fs.readFileSync(path.join(root, 'build/compile_commands.json'), 'utf8').replaceAll('@FIXTURE_ROOT@', root)) as { directory: string; command: string; file: string }[];
  const entry = entries.find((e) => e.file === path.join(root, file))!;
  execFileSync('arm-none-eabi-gcc', entry.command.split(' ').slice(1).map((a) => (a.endsWith('.o') ? obj : a)), { cwd: entry.directory });
  const out = execFileSync('arm-none-eabi-nm', ['--defined-only', obj], { encoding: 'utf8' });
  return out.split('\n').map((l) => l.split(' ')).filter((p) => p[1] === 'T').map((p) => p[2]).sort();
}

describe('a `.include` name each unit resolves to its own file', () => {
  let root: string;
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-include-same-name'])).root;
  });

  it('reads each file from the count of the unit reading it', () => {
    // nm (a.S.o): T m0_mark (board-a/board.inc), T m1_mark (a.S). nm (b.S.o): T m0_mark (b.S), T m1_mark, T m2_mark
    // (board-b/board.inc), T m3_mark (b.S).
    expect(rowsOf(root, 'board-a/board.inc')).toEqual(['function m0_mark 2']);
    expect(rowsOf(root, 'board-b/board.inc')).toEqual(['function m1_mark 2', 'function m2_mark 4']);
  });

  it('counts in the unit what its own file executed', () => {
    expect(rowsOf(root, 'src/a.S')).toEqual(['function m1_mark 12']);
    expect(rowsOf(root, 'src/b.S')).toEqual(['function m0_mark 11', 'function m3_mark 14']);
  });

  it.skipIf(!withAssembler)('matches the assembler', () => {
    expect(nmNames(root, 'src/a.S')).toEqual(['m0_mark', 'm1_mark']);
    expect(nmNames(root, 'src/b.S')).toEqual(['m0_mark', 'm1_mark', 'm2_mark', 'm3_mark']);
  });

  it('a file both units read, whose `.include` each resolves to its own file, counts on from that file', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-same-name'])).root;
    // In the compile's directory, which both units search.
    fs.writeFileSync(path.join(copy, 'build/shared.inc'), '  .include "board.inc"\n  mark\n  bx lr\n');
    for (const u of ['src/a.S', 'src/b.S']) fs.appendFileSync(path.join(copy, u), '  .include "shared.inc"\n');
    await indexProject({ root: copy });
    // nm (a.S.o): m0_mark, m2_mark (board-a/board.inc), m1_mark (a.S), m3_mark (shared.inc). nm (b.S.o): m0_mark,
    // m3_mark (b.S), m1_mark, m2_mark, m4_mark, m5_mark (board-b/board.inc), m6_mark (shared.inc).
    expect(rowsOf(copy, 'board-a/board.inc')).toEqual(['function m0_mark 2', 'function m2_mark 2']);
    expect(rowsOf(copy, 'board-b/board.inc')).toEqual(['function m1_mark 2', 'function m4_mark 2', 'function m2_mark 4', 'function m5_mark 4']);
    expect(rowsOf(copy, 'build/shared.inc')).toEqual(['function m3_mark 2', 'function m6_mark 2']);
    if (withAssembler) {
      expect(nmNames(copy, 'src/a.S')).toEqual(['m0_mark', 'm1_mark', 'm2_mark', 'm3_mark']);
      expect(nmNames(copy, 'src/b.S')).toEqual(['m0_mark', 'm1_mark', 'm2_mark', 'm3_mark', 'm4_mark', 'm5_mark', 'm6_mark']);
    }
  });
});
