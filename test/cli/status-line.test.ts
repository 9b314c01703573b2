// Status reads its common command lines without util.parseArgs: every line it reads gives what parseArgs gives,
// and every other line is left to parseArgs.
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/cli-options.js';
import { plainStatusLine } from '../../src/cli/status-cli.js';

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
  ['status', 'extra'],
  ['status', '-C', ''],
  [''],
  [],
];
const others = [
  ['status', '--help'],
  ['status', '-h'],
  ['status', '--version'],
  ['status', '--json=true'],
  ['status', '-C'],
  ['status', '-C', '--json'],
  ['status', '-Cdir'],
  ['status', '-C=dir'],
  ['status', '--variant', '-x'],
  ['status', '--', '--json'],
  ['status', '-'],
  ['status', '--limit', '3'],
  ['status', '--no-such-flag'],
];

describe('plainStatusLine', () => {
  it.each(plain)('reads %j as parseArgs does', (...argv) => {
    const got = plainStatusLine(argv);
    expect(got).toBeDefined();
    expect({ values: { ...got!.values }, positionals: got!.positionals }).toEqual((({ values, positionals }) => ({ values: { ...values }, positionals }))(parseCommandLine(argv)));
  });

  it.each(others)('leaves %j to parseArgs', (...argv) => {
    expect(plainStatusLine(argv)).toBeUndefined();
  });
});
