// A re-index that reuses a file's parse or a unit's preprocessing result still reports their diagnostics:
// the syntax trouble of a file it did not parse again, and the missing header of a unit it did not walk again.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject, type IndexResult } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import { withProject } from '../../src/query/project-context.js';
import { tempDir } from '../helpers/fixture-project.js';

function project(): string {
  const root = tempDir();
  const src = path.join(root, 'src');
  fs.mkdirSync(src);
  fs.mkdirSync(path.join(root, 'build'));
  fs.writeFileSync(path.join(src, 'a.c'), '#include "missing_header.h"\nint a_fn(void) { return 1; }\n');
  fs.writeFileSync(path.join(src, 'b.c'), 'int b_fn(void) { return 2; }\n');
  fs.writeFileSync(path.join(src, 'c.c'), 'int c_fn(void) { return 3 +; }\nstruct { int x } broken;\n');
  fs.writeFileSync(path.join(src, 'h.h'), 'int from_h;\n');
  const units = ['a.c', 'b.c', 'c.c'].map((f) => ({ directory: path.join(root, 'build'), arguments: ['gcc', '-c', path.join(src, f)], file: path.join(src, f) }));
  fs.writeFileSync(path.join(root, 'build', 'compile_commands.json'), JSON.stringify(units));
  writeConfig(root, { ...DEFAULT_CONFIG });
  return root;
}

const messages = (r: IndexResult) => r.builds[0].diagnostics.map((d) => `${path.basename(d.file)}: ${d.severity}: ${d.message}`);
const stored = (root: string) => (withProject(root, (ctx) => getActiveBuild(ctx, {})) as { diagnostics_count: number }).diagnostics_count;

describe('diagnostics of kept parses and kept unit results', () => {
  it('survive a re-index that parses and walks only another file', async () => {
    const root = project();
    const first = await indexProject({ root });
    const expected = [expect.stringMatching(/^a\.c: error: "missing_header\.h": no such file/), expect.stringMatching(/^c\.c: warning: syntax errors near lines 1, 2/)];
    expect(messages(first)).toEqual(expected);
    expect(stored(root)).toBe(2);

    // b.c now reads a new header: files enter the build, so the whole build is written again while a.c's
    // unit result and c.c's parse are reused.
    fs.writeFileSync(path.join(root, 'src', 'b.c'), '#include "h.h"\nint b_fn(void) { return 2; }\n');
    const second = await indexProject({ root });
    expect(second.builds[0].patched).toBeFalsy();
    expect([second.builds[0].parsed, second.builds[0].preprocessed]).toEqual([2, 1]);
    expect(messages(second)).toEqual(expected);
    expect(stored(root)).toBe(2);

    // An edit the fast path takes keeps them too.
    fs.writeFileSync(path.join(root, 'src', 'b.c'), '#include "h.h"\nint b_fn(void) { return 20; }\n');
    await indexProject({ root });
    expect(stored(root)).toBe(2);
  });
});
