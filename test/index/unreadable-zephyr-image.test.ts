// A Zephyr image whose compile database breaks (cut short, not JSON) with no build.ninja to recover it from
// keeps its previous index: it is reported and left out, not re-indexed as an empty build.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { zephyrAdapter } from '../../adapters/zephyr/detect-zephyr.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { copyFixture, removeFixture } from '../adapters/fixture-helper.js';

describe('a Zephyr image whose compile database cannot be read', () => {
  const root = copyFixture('zephyr-multi-board');
  afterAll(() => removeFixture(root));

  it('keeps its previous index and the other builds their names; the error names the file', async () => {
    writeConfig(root, DEFAULT_CONFIG);
    const first = await indexProject({ root });
    const before = first.builds.find((b) => b.variant === 'nucleo_f401re')!;
    expect(before.symbols).toBeGreaterThan(1);
    const names = (r: typeof first) => r.builds.map((b) => `${b.variant}:${b.image}`).sort();

    const db = path.join(root, 'build-stm32f4', 'compile_commands.json');
    expect(fs.existsSync(path.join(root, 'build-stm32f4', 'build.ninja'))).toBe(false);
    fs.writeFileSync(db, '[{"directory": ');
    const detected = zephyrAdapter.detect(root, {});
    expect(detected.builds.some((b) => b.variant === 'nucleo_f401re')).toBe(false);
    expect(detected.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', file: db, message: expect.stringMatching(/not valid JSON/) }));

    const second = await indexProject({ root });
    expect(names(second)).toEqual(names(first).filter((n) => n !== 'nucleo_f401re:app'));
    expect(second.diagnostics.some((d) => d.severity === 'error' && d.file === db)).toBe(true);
    // Its symbols still answer, from the previous index.
    const found = withProject(root, (ctx) => lookupSymbol(ctx, { name: 'main', variant: 'nucleo_f401re' })) as { name: string }[];
    expect(found.length).toBeGreaterThan(0);
  });
});
