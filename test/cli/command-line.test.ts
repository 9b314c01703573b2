// Command lines are read without util.parseArgs when they hold only words and whole known flags: every line so
// read gives what parseArgs gives, and every other line is left to parseArgs (which also says what is wrong).
import { describe, expect, it } from 'vitest';
import { parseArgsLine, parseCommandLine, plainCommandLine } from '../../src/cli/cli-options.js';
import { statusCommandLine } from '../../src/cli/status-cli.js';

/** util.parseArgs over the same option table. */
const OPTIONS_LINE = (argv: string[]) => {
  const { values, positionals } = parseArgsLine(argv);
  return { values: { ...values }, positionals };
};

const plain = [
  ['status'],
  ['status', '--json'],
  ['--json', 'status'],
  ['-C', '/tmp/p', 'status'],
  ['status', '-C', 'rel/dir', '--json', '--json'],
  ['status', '--root', '/a', '--root=/b'],
  ['status', '--root='],
  ['status', '--variant', 'nucleo_f401re', '--image=app'],
  ['status', '--variant=a=b', '--image', 'mcuboot'],
  ['index', '--variant', 'a', '--variant=b', '--variant', 'c'],
  ['status', 'extra'],
  ['status', '-C', ''],
  ['index', '--json', '--jobs', '0', '-C', '/p'],
  ['index', '-j', '2', '--all-content'],
  ['lookup', 'uart_*', '--kind', 'function', '--limit', '5', '--offset=5'],
  ['symbols', '--glob', 'a*', '--glob=b*', '--glob', 'c*'],
  ['check', '-D', 'X=1', '--define', 'Y', '-D', 'Z=a b'],
  ['search', 'uart init', '--project-only', '--ignore-case', '-h'],
  ['--version'],
  [''],
  [],
];
const others = [
  ['status', '--json=true'],
  ['status', '-C'],
  ['status', '-C', '--json'],
  ['status', '-Cdir'],
  ['status', '-C=dir'],
  ['status', '--variant', '-x'],
  ['status', '--', '--json'],
  ['status', '-'],
  ['lookup', 'x', '--limit', '-5'],
  ['index', '-j2'],
  ['status', '--no-such-flag'],
  ['status', '-hv'],
];

describe('plainCommandLine', () => {
  it.each(plain)('reads %j as parseArgs does', (...argv) => {
    const got = plainCommandLine(argv);
    expect(got).toBeDefined();
    expect({ values: { ...got!.values }, positionals: got!.positionals }).toEqual(OPTIONS_LINE(argv));
    expect(Object.getPrototypeOf(got!.values)).toBeNull();
  });

  it.each(others)('leaves %j to parseArgs', (...argv) => {
    expect(plainCommandLine(argv)).toBeUndefined();
  });

  it('gives parseArgs\'s answer, or its error, for a line it leaves', () => {
    expect(parseCommandLine(['index', '-j2']).values.jobs).toBe('2');
    expect(() => parseCommandLine(['status', '--no-such-flag'])).toThrow(/Unknown option/);
  });

  it('status leaves --help, a refused flag and several --variants to main.js', async () => {
    expect(await statusCommandLine(['status', '--help'])).toBeNull();
    expect(await statusCommandLine(['status', '--variant', 'a', '--variant', 'b'])).toBeNull();
    expect(await statusCommandLine(['status', '--no-such-flag'])).toBeNull();
  });
});
