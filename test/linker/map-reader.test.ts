// Map-file reading: Memory Configuration, output section placement (wrapped names, load addresses) and usage.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLinkerScript, parseMapFile } from '../../linker/index.js';
import { FIXTURES, expectSnapshot } from './fixture-cases.js';

const read = (p: string): string => readFileSync(path.join(FIXTURES, p), 'utf8');

describe('parseMapFile', () => {
  it('map-usage: snapshot of placement and usage (high-water mark, not a sum of sizes)', () => {
    const map = parseMapFile(read('map-usage/firmware.map'), 'firmware.map');
    expectSnapshot(path.join(FIXTURES, 'map-usage'), map, 'expected-map.json');
    // the values --print-memory-usage printed for this link: FLASH 298 B, RAM 49 B, ITCM 12 B
    expect(map.usage).toEqual({ FLASH: 298, RAM: 49, ITCM: 12 });
    const sum = map.sections.filter((s) => s.region === 'FLASH').reduce((n, s) => n + s.size, 0);
    expect(sum).toBeLessThan(map.usage.FLASH!); // ALIGN(256) leaves a gap ld counts
    expect(map.sections.find((s) => s.name === '.debug_info')).toMatchObject({ allocated: false, region: null });
  });

  it('map-usage: with the parsed script the result is the same', () => {
    const script = parseLinkerScript(read('map-usage/firmware.ld'), { file: 'firmware.ld' });
    expect(parseMapFile(read('map-usage/firmware.map'), 'firmware.map', { script }).usage).toEqual({ FLASH: 298, RAM: 49, ITCM: 12 });
  });

  it('zephyr map: memory table without *default*, wrapped section names, load images in FLASH', () => {
    const map = parseMapFile(read('map-zephyr/zephyr.map'), 'zephyr.map');
    expectSnapshot(path.join(FIXTURES, 'map-zephyr'), map, 'expected-map.json');
    expect(map.memory).toEqual([
      { name: 'FLASH', origin: 0xc000, length: 0x75000, attributes: 'xr' },
      { name: 'RAM', origin: 0x20000000, length: 0x40000, attributes: 'xw' },
      { name: 'IDT_LIST', origin: 0xffff7fff, length: 0x8000, attributes: 'xw' },
    ]);
    expect(map.sections.find((s) => s.name === '.last_ram_section')).toMatchObject({ address: 0x20001408, size: 0, region: 'RAM' });
    expect(map.sections.find((s) => s.name === 'datas')).toMatchObject({ loadAddress: 0xf274, region: 'RAM', loadRegion: 'FLASH' });
    expect(map.sections.some((s) => s.name === '/DISCARD/' || s.name === '.stab' || s.name === 'LOAD')).toBe(false);
    // FLASH: up to the end of k_mutex_area's load image; RAM: up to the end of noinit
    expect(map.usage).toEqual({ FLASH: 0xf3b0 - 0xc000, RAM: 0x1408, IDT_LIST: 0x38 });
  });

  it('reports a file that is not a map', () => {
    const map = parseMapFile('hello\nworld\n', 'notes.txt');
    expect(map.memory).toEqual([]);
    expect(map.diagnostics[0]).toMatchObject({ severity: 'error', file: 'notes.txt' });
  });
});
