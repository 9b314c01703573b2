// The compiler asked in the background (ImplicitMacroProvider.prefetch) answers `get` as the compiler run by
// `get` itself would, and is run once: a first index waits for it while it reads and scans the units' sources.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { tempDir } from '../helpers/fixture-project.js';

/** A stand-in compiler that notes each run in `runs` and lists one implicit macro and one system dir (or fails). */
function writeCompiler(file: string, runs: string, status = 0): void {
  fs.writeFileSync(
    file,
    `#!/bin/sh
echo run >> '${runs}'
echo '# 1 "<built-in>"'
echo '#define FAKE_CC 1'
echo '#include <...> search starts here:' >&2
echo ' /opt/fake/include' >&2
echo 'End of search list.' >&2
exit ${status}
`,
  );
  fs.chmodSync(file, 0o755);
}

const runsOf = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0);

describe.skipIf(process.platform === 'win32')('asking the compiler in the background', () => {
  it('answers get as a run of its own would, running the compiler once', async () => {
    const dir = tempDir();
    const cc = path.join(dir, 'cc');
    const runs = path.join(dir, 'runs');
    writeCompiler(cc, runs);
    const direct = new ImplicitMacroProvider({ cacheDir: path.join(dir, 'direct') }).get(cc, ['-ffreestanding'], 'c', dir);
    expect(runsOf(runs)).toBe(1);
    const provider = new ImplicitMacroProvider({ cacheDir: path.join(dir, 'prefetched') });
    const asked = provider.prefetch(cc, ['-ffreestanding'], 'c', dir);
    expect(asked).toBeDefined();
    // Asked again before it answered: the same run.
    expect(provider.prefetch(cc, ['-ffreestanding'], 'c', dir)).toBe(asked);
    await asked;
    expect(provider.get(cc, ['-ffreestanding'], 'c', dir)).toEqual(direct);
    expect(runsOf(runs)).toBe(2);
    expect(direct.systemDirs).toEqual(['/opt/fake/include']);
    expect(direct.defines.map((d) => d.name)).toEqual(['FAKE_CC']);
    // Known now (and cached on disk): nothing more is run.
    expect(provider.prefetch(cc, ['-ffreestanding'], 'c', dir)).toBeUndefined();
    expect(new ImplicitMacroProvider({ cacheDir: path.join(dir, 'prefetched') }).prefetch(cc, ['-ffreestanding'], 'c', dir)).toBeUndefined();
  });

  it('falls back as get does when the compiler fails or cannot be started', async () => {
    const dir = tempDir();
    const cc = path.join(dir, 'cc');
    writeCompiler(cc, path.join(dir, 'runs'), 1);
    const failing = new ImplicitMacroProvider();
    await failing.prefetch(cc, [], 'c', dir);
    expect(failing.get(cc, [], 'c', dir)).toEqual(new ImplicitMacroProvider().get(cc, [], 'c', dir));
    const missing = path.join(dir, 'no-such-cc');
    const absent = new ImplicitMacroProvider();
    await absent.prefetch(missing, [], 'c', dir);
    expect(absent.get(missing, [], 'c', dir).source.source).toBe('table');
    // Not started: not asked again for other flags.
    expect(absent.prefetch(missing, ['-O2'], 'c', dir)).toBeUndefined();
  });

  it('a compiler too slow for one set of flags is still asked for others', async () => {
    const dir = tempDir();
    const cc = path.join(dir, 'cc');
    const runs = path.join(dir, 'runs');
    writeCompiler(cc, runs);
    // Slow only when asked with -mslow: that query passes its timeout.
    fs.writeFileSync(cc, fs.readFileSync(cc, 'utf8').replace('#!/bin/sh\n', '#!/bin/sh\ncase "$*" in *-mslow*) sleep 2;; esac\n'));
    const provider = new ImplicitMacroProvider({ queryTimeoutMs: 400 });
    expect(provider.get(cc, ['-mslow'], 'c', dir).source.source).toBe('table');
    expect(provider.get(cc, ['-O2'], 'c', dir).source.source).toBe('compiler');
    // The same in the background: the slow flags time out alone.
    const background = new ImplicitMacroProvider({ queryTimeoutMs: 400 });
    await Promise.all([background.prefetch(cc, ['-mslow'], 'c', dir), background.prefetch(cc, ['-Os'], 'c', dir)]);
    expect(background.get(cc, ['-mslow'], 'c', dir).source.source).toBe('table');
    expect(background.get(cc, ['-Os'], 'c', dir).source.source).toBe('compiler');
  });

  it('a first index runs the compiler once, its units read with its answer', async () => {
    const root = tempDir();
    const cc = path.join(root, 'cc');
    const runs = path.join(root, 'runs');
    writeCompiler(cc, runs);
    fs.mkdirSync(path.join(root, 'build'));
    const units = ['a', 'b'].map((n) => {
      const file = path.join(root, `${n}.c`);
      fs.writeFileSync(file, `#ifdef FAKE_CC\nint ${n}_seen;\n#endif\n`);
      return { directory: path.join(root, 'build'), arguments: [cc, '-c', file], file };
    });
    fs.writeFileSync(path.join(root, 'build', 'compile_commands.json'), JSON.stringify(units));
    writeConfig(root, { ...DEFAULT_CONFIG });
    const r = await indexProject({ root });
    expect(r.builds[0].symbols).toBe(2);
    expect(runsOf(runs)).toBe(1);
    expect(r.skeletons.scanned).toBe(2);
  });
});
