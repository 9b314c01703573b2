// Enum values the parser evaluates with the build's macros are the build's own: two builds whose masked text of
// a header is the same but whose macro values differ do not share its parse, and an edit of such a macro's
// value (in a header, or a -D of the compile database) reaches the enum on the next index run.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { enumMacroKey } from '../../src/indexer/enum-macro-key.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { cliJson, tempDir } from '../helpers/fixture-project.js';

/** Two builds of one source: build-a with -DCONFIG_DEPTH=4, build-b with 8; DEPTH_STEP comes from a header. */
function project(): string {
  const root = tempDir();
  fs.mkdirSync(path.join(root, 'src'));
  fs.mkdirSync(path.join(root, 'include'));
  fs.writeFileSync(path.join(root, 'include/step.h'), '#define DEPTH_STEP 2\n');
  fs.writeFileSync(path.join(root, 'include/cfg.h'), '#include "step.h"\nenum queue_sizes { QUEUE_DEPTH = CONFIG_DEPTH, QUEUE_LAST, QUEUE_STEP = DEPTH_STEP * 3 };\n');
  fs.writeFileSync(path.join(root, 'src/main.c'), '#include "cfg.h"\nint main(void) { return QUEUE_DEPTH; }\n');
  for (const [b, depth] of [['a', 4], ['b', 8]] as const) writeDatabase(root, b, depth);
  writeConfig(root, DEFAULT_CONFIG);
  return root;
}

function writeDatabase(root: string, board: string, depth: number): void {
  fs.mkdirSync(path.join(root, `build-${board}`), { recursive: true });
  const entry = { directory: root, file: 'src/main.c', command: `cc -DCONFIG_DEPTH=${depth} -Iinclude -c src/main.c -o main.o` };
  fs.writeFileSync(path.join(root, `build-${board}/compile_commands.json`), JSON.stringify([entry]));
}

function enumValue(root: string, variant: string, name: string): unknown {
  const r = cliJson(root, ['lookup', name, '--variant', variant, '--json']) as { results?: { enum_value?: unknown }[] };
  return JSON.stringify(r).match(/"enum_value":\s*(-?\d+|null)/)?.[1];
}

describe('enum values from macros', () => {
  it('are each build’s own, and follow edits of the macros', async () => {
    const root = project();
    await indexProject({ root });
    expect(enumValue(root, 'build-a', 'QUEUE_LAST')).toBe('5');
    expect(enumValue(root, 'build-b', 'QUEUE_LAST')).toBe('9');
    expect(enumValue(root, 'build-a', 'QUEUE_STEP')).toBe('6');

    // A header #define the enum reads (no #if does): the next run gives the new value in both builds.
    fs.writeFileSync(path.join(root, 'include/step.h'), '#define DEPTH_STEP 5\n');
    await indexProject({ root });
    expect(enumValue(root, 'build-a', 'QUEUE_STEP')).toBe('15');
    expect(enumValue(root, 'build-b', 'QUEUE_STEP')).toBe('15');

    // A -D of one build's compile database.
    writeDatabase(root, 'b', 16);
    await indexProject({ root });
    expect(enumValue(root, 'build-b', 'QUEUE_LAST')).toBe('17');
    expect(enumValue(root, 'build-a', 'QUEUE_LAST')).toBe('5');
  });
});

describe('enumMacroKey', () => {
  const values = new Map([
    ['A', '1'],
    ['B', '2'],
    ['C', '3'],
  ]);
  it('names the valued macros an enum body names, sorted, and nothing else', () => {
    expect(enumMacroKey('enum e { X = B, Y = A + 1 };\nint z = C;\n', values)).toBe('A=1,B=2');
    expect(enumMacroKey('enum class k : int { P = C };', values)).toBe('C=3');
    // Not an enum keyword, a declaration without a body, no valued name.
    expect(enumMacroKey('int enumerate = A; myenum { B }; enum e x = C; enum f { Q };', values)).toBe('');
    expect(enumMacroKey('enum e { X = A', values)).toBe('A=1');
    expect(enumMacroKey('enum e { X = A };', new Map())).toBe('');
  });
});
