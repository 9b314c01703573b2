// A build with a linker script and a map, indexed end to end: get_active_build reports the entry point,
// every region with values and used bytes equal to ld's, and script symbols are symbols of the build.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../src/project/copy-fixture.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const expected = JSON.parse(fs.readFileSync(fixturePath('memory', 'cmake-stm32-map', 'expected.json'), 'utf8'));

describe('memory of an indexed build', () => {
  it('get_active_build reports entry point, regions and usage equal to the map', async () => {
    const { root } = await indexedFixture(['memory', 'cmake-stm32-map']);
    const s = withProject(root, (ctx) => getActiveBuild(ctx)) as Record<string, any>;
    expect(s.entry_point).toBe(expected.entry_point);
    expect(s.memory.map((m: Record<string, unknown>) => ({ name: m.name, attributes: m.attributes, origin: m.origin_value, length: m.length_value, used: m.used, line: m.line }))).toEqual(expected.regions);
    expect(s.memory[0].file_path).toBe(expected.script);
    expect(s.memory_note).toBe('');

    const estack = (withProject(root, (ctx) => lookupSymbol(ctx, { name: '_estack' })) as Record<string, any>[]).filter((x) => 'kind' in x);
    expect(estack).toEqual([expect.objectContaining({ kind: 'varglobal', file: expected.script, line: 10, signature: '_estack = ORIGIN(RAM) + LENGTH(RAM)' })]);
  });
});

describe('a corrupt linker script', () => {
  it('gives diagnostics with file and line while the build still indexes', async () => {
    const { root, result } = await indexedFixture(['memory', 'corrupt-script']);
    const b = result.builds[0];
    expect(b.error).toBeUndefined();
    expect(b.diagnostics.some((d) => d.file.endsWith('app.ld') && d.line === 3 && /INCLUDE/.test(d.message))).toBe(true);
    const s = withProject(root, (ctx) => getActiveBuild(ctx)) as Record<string, any>;
    expect(s).toMatchObject({ status: 'ready', entry_point: 'Reset_Handler', memory: [] });
    expect(s.memory_note).toMatch(/MEMORY/);
    expect(s.symbol_count).toBeGreaterThan(0);
    expect((withProject(root, (ctx) => lookupSymbol(ctx, { name: 'main' })) as Record<string, any>[]).some((x) => x.kind === 'function')).toBe(true);
  });
});
