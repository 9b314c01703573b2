// A build's fingerprint covers the compiler binaries its units run: replacing or upgrading the compiler (same
// compile database, same sources) re-asks it for its implicit macros and re-indexes what they decide.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { runCli, tempDir } from '../helpers/fixture-project.js';

/** A stand-in compiler (a shell script) whose only implicit macro is FAKE_CC_VERSION. */
function writeCompiler(file: string, version: number): void {
  fs.writeFileSync(
    file,
    `#!/bin/sh
for a in "$@"; do [ "$a" = "--version" ] && { echo "fake-cc ${version}"; exit 0; }; done
echo '# 1 "<built-in>"'
echo '#define FAKE_CC_VERSION ${version}'
`,
  );
  fs.chmodSync(file, 0o755);
}

function project(): { root: string; cc: string } {
  const root = tempDir();
  const cc = path.join(root, 'tools', 'cc');
  fs.mkdirSync(path.dirname(cc));
  fs.mkdirSync(path.join(root, 'src'));
  fs.mkdirSync(path.join(root, 'build'));
  writeCompiler(cc, 1);
  fs.writeFileSync(path.join(root, 'src', 'main.c'), '#if FAKE_CC_VERSION == 1\nint built_by_v1;\n#else\nint built_by_v2;\n#endif\n');
  const unit = { directory: path.join(root, 'build'), arguments: [cc, '-c', path.join(root, 'src', 'main.c')], file: path.join(root, 'src', 'main.c') };
  fs.writeFileSync(path.join(root, 'build', 'compile_commands.json'), JSON.stringify([unit]));
  writeConfig(root, { ...DEFAULT_CONFIG });
  return { root, cc };
}

const names = (root: string) => (withProject(root, (ctx) => lookupSymbol(ctx, { name: 'built_by_*' })) as { name?: string }[]).flatMap((r) => (r.name ? [r.name] : []));

describe.skipIf(process.platform === 'win32')('the build fingerprint covers the compiler binary', () => {
  it('re-indexes a build whose compiler changed, with the new compiler\'s implicit macros', async () => {
    const { root, cc } = project();
    await indexProject({ root });
    expect(names(root)).toEqual(['built_by_v1']);
    const again = await indexProject({ root });
    expect(again.builds[0].unchanged).toBe(true);

    // Same size, newer mtime: the upgraded compiler answers FAKE_CC_VERSION 2.
    writeCompiler(cc, 2);
    const future = new Date(Date.now() + 5000);
    fs.utimesSync(cc, future, future);
    const check = runCli(root, ['check']);
    expect(check.status).toBe(1);
    expect(check.stdout + check.stderr).toMatch(/compiler binary replaced or upgraded/);

    const after = await indexProject({ root });
    expect(after.builds[0].unchanged).toBeFalsy();
    expect(names(root)).toEqual(['built_by_v2']);
    expect(runCli(root, ['check']).status).toBe(0);
  });
});
