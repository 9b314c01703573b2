// The names each walk read, held for the run's header edits: past a bound they are kept as shared lists of name
// numbers, and answer and save as the strings did.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bitmapIndexes, namesBitmap, readsWork, UnitReads, walkedNamesLimit } from '../../src/indexer/unit-reads.js';
import { readChecksummed, writeChecksummed } from '../../src/indexer/build-state-files.js';
import { tempDir } from '../helpers/fixture-project.js';
import { TrackedEnv } from '../../src/preprocessor/tracked-env.js';
import { parseDefine } from '../../src/preprocessor/macro-definition.js';

const LIMIT = walkedNamesLimit.chars;
const WALKS = walkedNamesLimit.walks;
afterEach(() => {
  walkedNamesLimit.chars = LIMIT;
  walkedNamesLimit.walks = WALKS;
});

/** 40 walks: four distinct sets of names, each read in a few orders (long names, as slices of the walk's string). */
function walks(): [string, string][] {
  const common = Array.from({ length: 50 }, (_, i) => `CONFIG_SHARED_OPTION_NUMBER_${i}`);
  return Array.from({ length: 40 }, (_, u) => {
    const own = [`UNIT_SET_${u % 4}_NAME_LONGER_THAN_THIRTEEN`, ...common];
    const names = u % 3 === 0 ? own.reverse() : own;
    return [`hash-${u}`, names.join('\n')];
  });
}

/** The names a UnitReads answers for each walk, as sorted lists, and the file its save writes (without checksum). */
function answers(root: string): { sets: string[][]; saved: unknown } {
  const reads = new UnitReads(root);
  for (const [hash, names] of walks()) reads.note(hash, names);
  const sets = walks().map(([hash]) => (reads.of('board', 'app', hash) ?? '').split('\n').sort());
  reads.save('board', 'app', walks().map(([hash]) => hash));
  const folder = path.join(root, '.fw-context', 'unit-reads');
  const [file] = fs.readdirSync(folder);
  return { sets, saved: JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8').slice(41)) };
}

describe('names read by the run\'s walks', () => {
  it('kept as lists past the bound: the same names answered and the same file saved as when kept as strings', () => {
    const asStrings = answers(tempDir());
    walkedNamesLimit.chars = 1000;
    const asLists = answers(tempDir());
    expect(asLists.sets).toEqual(asStrings.sets);
    expect(asLists.sets[0]).toContain('UNIT_SET_0_NAME_LONGER_THAN_THIRTEEN');
    expect(asLists.saved).toEqual(asStrings.saved);
    // Four distinct sets of names whatever their order.
    expect((asLists.saved as { lists: unknown[] }).lists).toHaveLength(4);
  });

  it('walks of one set share one list, answered as one string', () => {
    walkedNamesLimit.chars = 1000;
    const reads = new UnitReads(tempDir());
    for (const [hash, names] of walks()) reads.note(hash, names);
    // hash-1 and hash-5: set 1, both in the same order; hash-9: set 1 reversed.
    const a = reads.of('board', 'app', 'hash-1');
    expect(a).toBeDefined();
    expect(reads.of('board', 'app', 'hash-5')).toBe(a);
    expect(reads.of('board', 'app', 'hash-9')).toBe(a);
    expect(reads.of('board', 'app', 'hash-unknown')).toBeUndefined();
  });

  it('a build\'s names are let go once saved: a run of many builds holds none of the builds it indexed', () => {
    const root = tempDir();
    const first = new UnitReads(root);
    for (const [hash, names] of walks()) first.note(hash, names);
    const images = Array.from({ length: 5 }, (_, k) => `image-${k}`);
    for (const image of images) first.save('board', image, walks().map(([hash]) => hash));
    expect(first.buildsHeld).toBe(0);
    // The next run reads each build's saved names (a header edit), then saves the build again.
    const next = new UnitReads(root);
    for (const image of images) {
      const answered = walks().map(([hash]) => next.of('board', image, hash)?.split('\n').sort());
      expect(answered[1]).toContain('UNIT_SET_1_NAME_LONGER_THAN_THIRTEEN');
      expect(next.buildsHeld).toBe(1);
      next.save('board', image, walks().slice(0, 20).map(([hash]) => hash));
      expect(next.buildsHeld).toBe(0);
      expect(new UnitReads(root).of('board', image, 'hash-1')?.split('\n').sort()).toEqual(answered[1]);
      expect(new UnitReads(root).of('board', image, 'hash-21')).toBeUndefined();
    }
  });

  it('sets are saved as bitmaps over the names: read back the same, and names no set holds any more are dropped', () => {
    for (const set of [[], [0], [7, 8], [3, 64, 1000, 1001]]) expect(bitmapIndexes(namesBitmap(set))).toEqual(set);
    // Trailing zero bytes are left out: one set, one spelling.
    expect(namesBitmap([1])).toBe(Buffer.from([2]).toString('base64'));
    const root = tempDir();
    const first = new UnitReads(root);
    first.note('a', 'ONLY_IN_A\nSHARED_NAME_LONGER_THAN_THIRTEEN');
    first.note('b', 'SHARED_NAME_LONGER_THAN_THIRTEEN\nONLY_IN_B');
    first.save('board', 'app', ['a', 'b']);
    // The next run links b only: a's list and the name only it held go.
    const second = new UnitReads(root);
    second.save('board', 'app', ['b']);
    const third = new UnitReads(root);
    expect(third.of('board', 'app', 'a')).toBeUndefined();
    expect(third.of('board', 'app', 'b')?.split('\n').sort()).toEqual(['ONLY_IN_B', 'SHARED_NAME_LONGER_THAN_THIRTEEN']);
    const folder = path.join(root, '.fw-context', 'unit-reads');
    const saved = JSON.parse(fs.readFileSync(path.join(folder, fs.readdirSync(folder)[0]), 'utf8').slice(41)) as { names: string[]; lists: string[] };
    expect(saved.names.sort()).toEqual(['ONLY_IN_B', 'SHARED_NAME_LONGER_THAN_THIRTEEN']);
    expect(saved.lists).toHaveLength(1);
  });

  it('names kept by other code are not answered, and a walk of this code saves its names over them', () => {
    const root = tempDir();
    const older = new UnitReads(root);
    older.note('r', 'OLD_WALK_NAME');
    older.save('board', 'app', ['r']);
    expect(new UnitReads(root).of('board', 'app', 'r')).toBe('OLD_WALK_NAME');
    // As an older fw-context kept them: another code stamp (its modules' size and mtime differ).
    const folder = path.join(root, '.fw-context', 'unit-reads-results');
    const file = path.join(folder, fs.readdirSync(folder)[0]);
    const data = readChecksummed(file) as { code: string };
    expect(typeof data.code).toBe('string');
    writeChecksummed(file, { ...data, code: 'older code' });
    const upgraded = new UnitReads(root);
    // A header edit of a name only this code's walk reads would carry the unit over with the older walk's names.
    expect(upgraded.of('board', 'app', 'r')).toBeUndefined();
    // The same result walked again (an index made again from scratch): its walk's names are kept, not the older ones.
    upgraded.note('r', 'OLD_WALK_NAME\nNEW_WALK_NAME');
    upgraded.save('board', 'app', ['r']);
    expect(new UnitReads(root).of('board', 'app', 'r')?.split('\n').sort()).toEqual(['NEW_WALK_NAME', 'OLD_WALK_NAME']);
  });

  it('a run of many builds holds no walk\'s names once its build is saved; a later build linking the result reads them from that build\'s files', () => {
    const root = tempDir();
    // Which builds link each result (the index's build_units): board-b reuses board-a's result of shared.c.
    const linkedBy = new Map<string, { variant: string; image: string }[]>();
    const link = (hash: string, variant: string) => linkedBy.set(hash, [...(linkedBy.get(hash) ?? []), { variant, image: 'app' }]);
    const run = new UnitReads(root, (hash) => linkedBy.get(hash) ?? []);
    for (let b = 0; b < 30; b++) {
      const hashes = Array.from({ length: 10 }, (_, u) => `walk-${b}-${u}`);
      hashes.forEach((h, u) => run.note(h, `BOARD_${b}_UNIT_${u}_NAME\nSHARED_NAME_LONGER_THAN_THIRTEEN`));
      expect(run.walksHeld).toBe(10);
      for (const h of hashes) link(h, `board-${b}`);
      if (b > 0) link('walk-0-0', `board-${b}`);
      run.save(`board-${b}`, 'app', b > 0 ? [...hashes, 'walk-0-0'] : hashes);
      expect(run.walksHeld).toBe(0);
      expect(run.savedFilesHeld).toBe(0);
    }
    // Every build's files name the shared result with the names board-0's walk read, as when every walk was held.
    const next = new UnitReads(root);
    const sorted = (names: string | undefined) => names?.split('\n').sort();
    for (const b of [1, 17, 29]) expect(sorted(next.of(`board-${b}`, 'app', 'walk-0-0'))).toEqual(['BOARD_0_UNIT_0_NAME', 'SHARED_NAME_LONGER_THAN_THIRTEEN']);
    expect(sorted(next.of('board-29', 'app', 'walk-29-3'))).toEqual(['BOARD_29_UNIT_3_NAME', 'SHARED_NAME_LONGER_THAN_THIRTEEN']);
    // Asked in the run, a saved walk's names are read from the files too.
    expect(sorted(run.of('board-5', 'app', 'walk-0-0'))).toEqual(['BOARD_0_UNIT_0_NAME', 'SHARED_NAME_LONGER_THAN_THIRTEEN']);
  });

  it('a build linking only results a build saved before writes that build\'s sets as they are, decoding none; answered alike', () => {
    const root = tempDir();
    const linkedBy = new Map<string, { variant: string; image: string }[]>();
    const run = new UnitReads(root, (hash) => linkedBy.get(hash) ?? []);
    const hashes = Array.from({ length: 6 }, (_, u) => `walk-${u}`);
    hashes.forEach((h, u) => run.note(h, `UNIT_${u % 2}_NAME\nSHARED_NAME_LONGER_THAN_THIRTEEN`));
    for (const h of hashes) linkedBy.set(h, [{ variant: 'first', image: 'app' }]);
    run.save('first', 'app', hashes);
    const before = readsWork.decoded;
    run.save('second', 'app', hashes);
    expect(readsWork.decoded - before).toBe(0);
    // A build with a walk of its own first renumbers the saved sets onto its names, decoding none either.
    run.note('own', 'OWN_NAME');
    run.save('third', 'app', ['own', ...hashes]);
    expect(readsWork.decoded - before).toBe(0);
    const next = new UnitReads(root);
    const sorted = (names: string | undefined) => names?.split('\n').sort();
    for (const build of ['first', 'second', 'third']) expect(hashes.map((h) => sorted(next.of(build, 'app', h)))).toEqual(hashes.map((_, u) => ['SHARED_NAME_LONGER_THAN_THIRTEEN', `UNIT_${u % 2}_NAME`]));
    expect(next.of('third', 'app', 'own')).toBe('OWN_NAME');
  });

  it('results that several saved builds link, named in an order of their own, are read from the file read last: one file read, decoding none', () => {
    const root = tempDir();
    const linkedBy = new Map<string, { variant: string; image: string }[]>();
    const run = new UnitReads(root, (hash) => linkedBy.get(hash) ?? []);
    const hashes = Array.from({ length: 8 }, (_, u) => `walk-${u}`);
    hashes.forEach((h, u) => run.note(h, `UNIT_${u % 4}_NAME\nSHARED_NAME_LONGER_THAN_THIRTEEN`));
    for (const h of hashes) linkedBy.set(h, [{ variant: 'first', image: 'app' }]);
    run.save('first', 'app', hashes);
    run.save('second', 'app', hashes);
    // As Marlin's reused envs: the index names the builds linking each result in an order that differs by result.
    hashes.forEach((h, u) => linkedBy.set(h, u % 2 ? [{ variant: 'second', image: 'app' }, { variant: 'first', image: 'app' }] : [{ variant: 'first', image: 'app' }, { variant: 'second', image: 'app' }]));
    const before = { ...readsWork };
    run.save('third', 'app', hashes);
    expect(readsWork.savedFilesRead - before.savedFilesRead).toBe(1);
    expect(readsWork.decoded - before.decoded).toBe(0);
    const next = new UnitReads(root);
    const sorted = (names: string | undefined) => names?.split('\n').sort();
    expect(hashes.map((h) => sorted(next.of('third', 'app', h)))).toEqual(hashes.map((_, u) => ['SHARED_NAME_LONGER_THAN_THIRTEEN', `UNIT_${u % 4}_NAME`]));
  });

  it('a few walks of many names stay strings (a table of their names would cost more); many walks are made sets', () => {
    walkedNamesLimit.chars = 1000;
    const reads = new UnitReads(tempDir());
    const many = Array.from({ length: 500 }, (_, i) => `DEVICE_REGISTER_FIELD_${i}_Msk`).join('\n');
    for (let u = 0; u < WALKS - 1; u++) reads.note(`device-${u}`, many);
    expect(reads.walksAsSets).toBe(0);
    reads.note(`device-${WALKS}`, many);
    expect(reads.walksAsSets).toBe(WALKS);
    expect(reads.of('board', 'app', 'device-0')?.split('\n')).toHaveLength(500);
  });

  it('once the walks are sets, the names of the walk this thread just made are a set at once (from its list, not split); answered and saved alike', () => {
    walkedNamesLimit.chars = 1000;
    const root = tempDir();
    const reads = new UnitReads(root);
    for (const [hash, names] of walks()) reads.note(hash, names);
    expect(reads.walksAsSets).toBe(40);
    const env = new TrackedEnv(new Map([['CONFIG_SHARED_OPTION_NUMBER_3', parseDefine('CONFIG_SHARED_OPTION_NUMBER_3 1', '/p/h.h', 1).def!]]));
    env.get('CONFIG_SHARED_OPTION_NUMBER_3');
    env.has('A_NAME_NO_EARLIER_WALK_READ_LONGER_THAN_THIRTEEN');
    reads.note('walked', env.readNames());
    expect(reads.walksAsSets).toBe(41);
    expect(reads.of('board', 'app', 'walked')?.split('\n').sort()).toEqual(['A_NAME_NO_EARLIER_WALK_READ_LONGER_THAN_THIRTEEN', 'CONFIG_SHARED_OPTION_NUMBER_3']);
    // A string that is not the walk's last answer is held as a string, as before.
    reads.note('other', 'CONFIG_SHARED_OPTION_NUMBER_4');
    expect(reads.walksAsSets).toBe(41);
    reads.save('board', 'app', ['walked', 'other', 'hash-1']);
    const again = new UnitReads(root);
    expect(again.of('board', 'app', 'walked')?.split('\n').sort()).toEqual(['A_NAME_NO_EARLIER_WALK_READ_LONGER_THAN_THIRTEEN', 'CONFIG_SHARED_OPTION_NUMBER_3']);
    expect(again.of('board', 'app', 'other')).toBe('CONFIG_SHARED_OPTION_NUMBER_4');
  });

  it('once the walks are sets, a walk\'s own list of names is made a set without being joined; answered and saved alike', () => {
    walkedNamesLimit.chars = 1000;
    const root = tempDir();
    const reads = new UnitReads(root);
    for (const [hash, names] of walks()) reads.note(hash, names);
    expect(reads.walksAsSets).toBe(40);
    const env = new TrackedEnv(new Map());
    env.has('A_NAME_NO_EARLIER_WALK_READ_LONGER_THAN_THIRTEEN');
    env.has('CONFIG_SHARED_OPTION_NUMBER_3');
    const list = env.readNameList();
    const join = vi.spyOn(Array.prototype, 'join');
    try {
      reads.note('walked', list);
      reads.note('walked-again', env.readNameList());
      expect(join).not.toHaveBeenCalled();
    } finally {
      join.mockRestore();
    }
    expect(reads.walksAsSets).toBe(42);
    const expected = ['A_NAME_NO_EARLIER_WALK_READ_LONGER_THAN_THIRTEEN', 'CONFIG_SHARED_OPTION_NUMBER_3'];
    expect(reads.of('board', 'app', 'walked')?.split('\n').sort()).toEqual(expected);
    reads.save('board', 'app', ['walked', 'walked-again', 'hash-1']);
    expect(new UnitReads(root).of('board', 'app', 'walked-again')?.split('\n').sort()).toEqual(expected);
  });

  it('a walk\'s list made a set is not kept to the end of the job: a build\'s walks are one job', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    walkedNamesLimit.chars = 1000;
    const reads = new UnitReads(tempDir());
    for (const [hash, names] of walks()) reads.note(hash, names);
    const names = Array.from({ length: 16_000 }, (_, i) => `ZEPHYR_HEADER_MACRO_${i}`);
    reads.note('first', names.slice());
    gc();
    const before = v8.getHeapStatistics().used_heap_size;
    // 100 walks' lists of 16 000 names (128 KB each), in one synchronous job as a build's walks are.
    for (let u = 0; u < 100; u++) reads.note(`walk-${u}`, names.slice());
    gc();
    expect(v8.getHeapStatistics().used_heap_size - before).toBeLessThan(4 << 20);
    expect(reads.of('board', 'app', 'walk-99')?.split('\n')).toHaveLength(16_000);
  });

  it('walks holding past 1 MB of names as strings are made sets (a host env\'s 67 walks hold ~0.25 MB each)', () => {
    const reads = new UnitReads(tempDir());
    const names = (u: number) => Array.from({ length: 6000 }, (_, i) => `HOST_HEADER_MACRO_${i}_OF_WALK_${u % 2}`).join('\n');
    for (let u = 0; u < WALKS; u++) reads.note(`host-${u}`, names(u));
    expect(reads.walksAsSets).toBe(WALKS);
    expect(reads.of('board', 'app', 'host-1')?.split('\n')).toHaveLength(6000);
  });
});
