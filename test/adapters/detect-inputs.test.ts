// What build detection consults is recorded and checked again: a changed file, folder listing, kind, real
// path or environment variable makes the record stale; an unchanged one holds without re-reading old files.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectInputsHold, envValue, listEntries, listSubfolders, pathKind, readDerivedText, readDetectedText, realPathOf, recordDetectInputs } from '../../adapters/shared/detect-inputs.js';
import { MAP_LOADED_OBJECTS } from '../../adapters/shared/map-derivation.js';
import { tempDir } from '../helpers/fixture-project.js';

const old = (p: string) => {
  const t = new Date(Date.now() - 120_000);
  fs.utimesSync(p, t, t);
};

describe('detection inputs', () => {
  const saved = process.env.FWC_DETECT_TEST;
  afterEach(() => {
    if (saved === undefined) delete process.env.FWC_DETECT_TEST;
    else process.env.FWC_DETECT_TEST = saved;
  });

  function recorded(dir: string) {
    const checkedAt = Date.now();
    const { inputs } = recordDetectInputs(() => {
      readDetectedText(path.join(dir, 'a.txt'));
      readDetectedText(path.join(dir, 'missing.txt'));
      pathKind(path.join(dir, 'sub'));
      listEntries(dir);
      realPathOf(path.join(dir, 'link'));
      envValue('FWC_DETECT_TEST');
    });
    return { inputs, checkedAt };
  }

  function project(): string {
    const dir = tempDir('fwc-detect-inputs-');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'alpha');
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.symlinkSync(path.join(dir, 'sub'), path.join(dir, 'link'));
    old(path.join(dir, 'a.txt'));
    return dir;
  }

  it('records each kind of input once, and nothing outside a recording', () => {
    const dir = project();
    const { inputs } = recorded(dir);
    expect(inputs.map((i) => i[0]).sort()).toEqual(['env', 'file', 'file', 'kind', 'list', 'real']);
    expect(recordDetectInputs(() => 1).inputs).toEqual([]);
  });

  it('holds while nothing changed, reading no file whose mtime is old', () => {
    const dir = project();
    const { inputs, checkedAt } = recorded(dir);
    expect(detectInputsHold(inputs, checkedAt)).toEqual({ holds: true, byContent: 0 });
  });

  it.each([
    ['a file edited', (dir: string) => fs.writeFileSync(path.join(dir, 'a.txt'), 'alpha beta')],
    ['a missing file created', (dir: string) => fs.writeFileSync(path.join(dir, 'missing.txt'), '')],
    ['a folder replaced by a file', (dir: string) => {
      fs.rmSync(path.join(dir, 'sub'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'sub'), '');
    }],
    ['an entry added to a listed folder', (dir: string) => fs.writeFileSync(path.join(dir, 'new.txt'), '')],
    ['a symlink pointed elsewhere', (dir: string) => {
      fs.mkdirSync(path.join(dir, 'other'));
      fs.rmSync(path.join(dir, 'link'));
      fs.symlinkSync(path.join(dir, 'other'), path.join(dir, 'link'));
    }],
    ['an environment variable set', () => (process.env.FWC_DETECT_TEST = 'x')],
  ])('goes stale when %s', (_what, change) => {
    const dir = project();
    const { inputs } = recorded(dir);
    change(dir);
    expect(detectInputsHold(inputs, Date.now()).holds).toBe(false);
  });

  it('a folder listed for its sub-folders holds through a file added beside them, not through a folder added', () => {
    const dir = project();
    const checkedAt = Date.now();
    const { value, inputs } = recordDetectInputs(() => listSubfolders(dir));
    expect(value?.map((e) => e.name)).toEqual(['sub']);
    expect(inputs.map((i) => i[0])).toEqual(['dirs']);
    fs.writeFileSync(path.join(dir, 'notes.txt'), '');
    expect(detectInputsHold(inputs, checkedAt).holds).toBe(true);
    fs.mkdirSync(path.join(dir, 'mbed-app'));
    expect(detectInputsHold(inputs, checkedAt).holds).toBe(false);
  });

  it('trusts an unchanged size and mtime only outside the racy window', () => {
    const dir = project();
    const f = path.join(dir, 'a.txt');
    const { inputs, checkedAt } = recorded(dir);
    const { mtime } = fs.statSync(f);
    fs.writeFileSync(f, 'alphb');
    fs.utimesSync(f, mtime, mtime);
    // Recorded two minutes after the file's mtime: size and mtime are trusted (the rule make, ninja and rsync
    // use); the edit that kept both is not seen.
    expect(detectInputsHold(inputs, checkedAt).holds).toBe(true);
    // Recorded within two seconds of it: compared by content, the edit is seen.
    expect(detectInputsHold(inputs, mtime.getTime() + 1000).holds).toBe(false);
  });

  it('a map file read for its loaded objects holds through a relink that only moves addresses', () => {
    const dir = tempDir('fwc-detect-inputs-');
    const map = path.join(dir, 'zephyr.map');
    const text = (textSize: string, load = '') =>
      `LOAD app/libapp.a\n${load}\n.text           0x00000000      ${textSize}\n .text.main     0x00000000       0x10 app/libapp.a(main.c.obj)\n`;
    fs.writeFileSync(map, text('0x2a4'));
    old(map);
    const checkedAt = Date.now();
    const { inputs } = recordDetectInputs(() => readDerivedText(map, MAP_LOADED_OBJECTS));
    expect(inputs.map((i) => i[0])).toEqual(['derived']);
    fs.writeFileSync(map, text('0x2e4'));
    fs.utimesSync(map, new Date(checkedAt - 60_000), new Date(checkedAt - 60_000));
    // Re-read once (its size and mtime moved), then recorded with them: the next check reads nothing.
    expect(detectInputsHold(inputs, checkedAt)).toEqual({ holds: true, byContent: 1 });
    const stat = fs.statSync(map);
    expect(inputs[0].slice(3, 5)).toEqual([stat.size, stat.mtimeMs]);
    expect(detectInputsHold(inputs, Date.now())).toEqual({ holds: true, byContent: 0 });
    // A process that has not loaded the derivation (a read-only command) cannot compare it: stale once the file moved.
    const unknown = structuredClone(inputs);
    (unknown[0] as unknown[])[2] = 'not-registered';
    expect(detectInputsHold(unknown, Date.now()).holds).toBe(true);
    fs.writeFileSync(map, text('0x324'));
    expect(detectInputsHold(unknown, Date.now()).holds).toBe(false);
    expect(detectInputsHold(inputs, Date.now()).holds).toBe(true);
    // The link loads another object: the detection is stale.
    fs.writeFileSync(map, text('0x2e4', 'LOAD zephyr/CMakeFiles/zephyr_final.dir/isr_tables.c.obj'));
    expect(detectInputsHold(inputs, Date.now()).holds).toBe(false);
  });
});
