// Which units an image answers from when its compile database compiles one source more than once: the entries
// whose object the link takes, and entries recording no object by their source file; and the build fingerprint
// changes when the link takes the other object of a source; the build's defines and its linker script's are
// those of the linked units.
import { describe, expect, it } from 'vitest';
import type { BuildDescription, CompileUnit } from '../../adapters/contract.js';
import { applyLinkedUnits } from '../../adapters/shared/linked-units.js';
import { buildFingerprint } from '../../src/indexer/build-fingerprint.js';
import { imageUnits } from '../../src/indexer/record-description.js';
import { commonDefines } from '../../src/indexer/build-defines.js';
import { scriptDefines } from '../../src/indexer/build-memory.js';

const DIR = '/fw/build';
const unit = (file: string, define: string, object?: string): CompileUnit => ({
  file: `/fw/${file}`,
  directory: DIR,
  arguments: ['arm-none-eabi-gcc', `-D${define}`, ...(object ? ['-o', object] : []), '-c', `/fw/${file}`],
});

function build(units: CompileUnit[], linkedObjects: string[]): BuildDescription {
  const b: BuildDescription = { buildSystem: 'ninja', variant: 'v', image: 'app', description: 'd', buildDir: DIR, units, linkerScripts: [], provenance: 'read' };
  applyLinkedUnits(b, { method: 'ninja-link-edge', source: `${DIR}/build.ninja`, objects: new Set(linkedObjects.map((o) => `${DIR}/${o}`)) }, []);
  return b;
}

const defineOf = (u: CompileUnit) => u.arguments[1];

describe('imageUnits with a source compiled into two objects', () => {
  const units = [unit('a.c', 'OS', 'os/a.c.o'), unit('a.c', 'BAREMETAL', 'baremetal/a.c.o'), unit('b.c', 'OS', 'os/b.c.o'), unit('b.c', 'NO_OBJECT'), unit('c.c', 'OS', 'opt/c.c.o')];

  it('takes the entry whose object is linked, not its twin, and an entry with no object by its source', () => {
    const { compiled, linked } = imageUnits(build(units, ['os/a.c.o', 'os/b.c.o']), '/fw', []);
    expect(compiled).toHaveLength(5);
    expect(linked!.map((u) => [u.file, defineOf(u)])).toEqual([
      ['/fw/a.c', '-DOS'],
      ['/fw/b.c', '-DOS'],
      ['/fw/b.c', '-DNO_OBJECT'],
    ]);
  });

  it('takes the other twin when the link takes the other object', () => {
    const { linked } = imageUnits(build(units, ['baremetal/a.c.o']), '/fw', []);
    expect(linked!.map((u) => [u.file, defineOf(u)])).toEqual([['/fw/a.c', '-DBAREMETAL']]);
  });

  it('a link that takes the other object of a source changes the build fingerprint', () => {
    expect(buildFingerprint(build(units, ['os/a.c.o']))).not.toBe(buildFingerprint(build(units, ['baremetal/a.c.o'])));
    expect(buildFingerprint(build(units, ['os/a.c.o']))).toBe(buildFingerprint(build(units, ['os/a.c.o'])));
  });
});

describe('the defines of an image with an unlinked twin', () => {
  const units = [unit('a.c', 'OS', 'os/a.c.o'), unit('a.c', 'BAREMETAL', 'baremetal/a.c.o'), unit('b.c', 'OS', 'os/b.c.o')];

  it('are those every linked unit carries; the twin adds nothing and varies nothing', () => {
    const b = build(units, ['os/a.c.o', 'os/b.c.o']);
    expect(commonDefines(b)).toEqual({ defines: { OS: '1' }, varying: 0 });
    expect(scriptDefines(b)).toMatchObject({ defines: { OS: '1' }, from: 'compile-units' });
  });

  it('are those of every compiled unit when the link is unknown', () => {
    const b: BuildDescription = { buildSystem: 'ninja', variant: 'v', image: 'app', description: 'd', buildDir: DIR, units, linkerScripts: [], provenance: 'read' };
    expect(commonDefines(b)).toEqual({ defines: {}, varying: 2 });
  });
});
