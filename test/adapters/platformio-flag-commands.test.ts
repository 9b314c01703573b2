// PlatformIO flag lines that are commands (`!sh scripts/flags.sh`): left out with a note by default; run once in the
// project folder when [platformio] dynamic_build_flags = run, what they print read as flags; a failing one warned of.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildDescription } from '../../adapters/contract.js';
import { describePlatformioProject } from '../../adapters/platformio/detect-platformio.js';
import { detectProjectBuildsLazily } from '../../src/project/build-detection.js';
import { parseConfig } from '../../src/project/config.js';
import { lintConfig } from '../../src/project/config-lint.js';
import { copyFixture, rel, removeFixture } from './fixture-helper.js';

describe('PlatformIO flag commands', () => {
  const root = copyFixture('platformio-flag-commands');
  afterAll(() => removeFixture(root));
  const env = (r: { builds: BuildDescription[] }, n: string) => r.builds.find((b) => b.variant === n)!;
  const args = (r: { builds: BuildDescription[] }, n: string) => env(r, n).units[0].arguments;

  it('by default no command runs: its line is left out of the flags (not passed on as words) and one note names it', () => {
    const r = describePlatformioProject(root, root, { env: {} });
    expect(args(r, 'board_a').some((a) => a.startsWith('!') || a.includes('flags.sh'))).toBe(false);
    expect(args(r, 'board_a')).toContain('-DCOMMON=1');
    expect(args(r, 'board_a').some((a) => a.startsWith('-DFROM_'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'ran.log'))).toBe(false);
    const note = r.diagnostics.find((d) => /command\(s\) this tool does not run/.test(d.message))!;
    expect({ file: rel(root, note.file), line: note.line, severity: note.severity }).toEqual({ file: 'platformio.ini', line: 7, severity: 'info' });
    expect(note.message).toMatch(/^3 derived env\(s\) take flags from 3 command\(s\).*`!sh scripts\/flags\.sh` \(2 envs\)/);
    expect(note.fix).toMatch(/dynamic_build_flags = run/);
  });

  it('when told to, each command runs once in the project folder and what it prints is read as flags, in place', () => {
    fs.rmSync(path.join(root, 'ran.log'), { force: true });
    const r = describePlatformioProject(root, root, { env: {} }, { runFlagCommands: true });
    for (const e of ['board_a', 'board_b']) {
      expect(args(r, e)).toEqual(expect.arrayContaining(['-DFROM_SCRIPT=1', `-I${path.join(root, 'script_include')}`, '-DCOMMON=1']));
      expect(env(r, e).defines?.FROM_SCRIPT).toBe('1');
    }
    expect(args(r, 'board_a')).toContain('-DFROM_ECHO=2');
    expect(args(r, 'board_b')).not.toContain('-DFROM_ECHO=2');
    // The script's defines come where its line is: before [common]'s next line.
    expect(args(r, 'board_a').indexOf('-DFROM_SCRIPT=1')).toBeLessThan(args(r, 'board_a').indexOf('-DCOMMON=1'));
    expect(fs.readFileSync(path.join(root, 'ran.log'), 'utf8').trim().split('\n')).toHaveLength(1);
    expect(r.diagnostics.some((d) => /does not run/.test(d.message))).toBe(false);
  });

  it('a failing command is warned of at its line with its exit status and message; the env keeps its other flags', () => {
    const r = describePlatformioProject(root, root, { env: {} }, { runFlagCommands: true });
    expect(args(r, 'broken')).toContain('-DKEPT=1');
    const failed = r.diagnostics.filter((d) => d.severity === 'warning' && /flag command/.test(d.message));
    expect(failed).toHaveLength(1);
    expect({ file: rel(root, failed[0].file), line: failed[0].line }).toEqual({ file: 'platformio.ini', line: 23 });
    expect(failed[0].message).toBe('the flag command `!sh scripts/fails.sh` failed (exited 3: vendor SDK not found); its flags are missing from broken');
  });

  it('the project setting turns them on, is part of the detection question, and an edit of the script detects again', async () => {
    const off = await detectProjectBuildsLazily(root, parseConfig(''));
    expect(env(off, 'board_a').defines?.FROM_SCRIPT).toBeUndefined();
    const config = parseConfig('[platformio]\ndynamic_build_flags = run\n');
    expect(env(await detectProjectBuildsLazily(root, config), 'board_a').defines?.FROM_SCRIPT).toBe('1');
    fs.writeFileSync(path.join(root, 'scripts/flags.sh'), 'echo "-DFROM_SCRIPT=7"\n');
    expect(env(await detectProjectBuildsLazily(root, config), 'board_a').defines?.FROM_SCRIPT).toBe('7');
  });

  it('the config reader knows the key and warns of a value that is neither run nor skip', () => {
    expect(parseConfig('[platformio]\ndynamic_build_flags = RUN\n').platformioRunFlagCommands).toBe(true);
    expect(parseConfig('[platformio]\ndynamic_build_flags = skip\n').platformioRunFlagCommands).toBe(false);
    expect(lintConfig('[platformio]\ndynamic_build_flags = run\n', 'config.ini')).toEqual([]);
    const bad = lintConfig('[platformio]\ndynamic_build_flags = yes\n', 'config.ini');
    expect(bad.map((d) => [d.line, d.message])).toEqual([[2, 'dynamic_build_flags = yes is not one of run, skip: the default (skip) is used']]);
  });
});
