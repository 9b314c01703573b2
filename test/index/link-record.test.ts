// Linker scripts and the link command decide only the build's record (memory, entry point, linker-script
// symbols), so they are not in the build fingerprint: a linker script that appears where the build generates one
// (Zephyr's linker.cmd in a build without build.ninja), a changed --defsym, -Map or -T re-read the record only —
// reported first by status/get_active_build (a script that appeared) and check (all of them), answered then as a
// from-scratch index, also after the server's background refresh. A link that takes other units, or changed
// compile arguments, still take the full path.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMemory } from '../../src/cli/memory-command.js';
import { indexProject, type IndexResult } from '../../src/indexer/index-project.js';
import { FreshnessKeeper } from '../../src/mcp/keep-fresh.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import { checkIndex } from '../../src/query/index-check.js';
import { withProject } from '../../src/query/project-context.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { assertCliBuilt, cliJson, copyFixtureToTemp, indexedFixture } from '../helpers/fixture-project.js';

type Build = IndexResult['builds'][number];

const memory = (root: string, variant?: string) => JSON.parse(runMemory({ cwd: root, json: true, variant }).text) as { memory: { name: string; used?: number }[]; entry_point?: string };

/** check's reasons, as `code file: message`. */
const checked = (root: string) => withProject(root, (ctx) => checkIndex(ctx)).builds.flatMap((b) => b.reasons.map((r) => `${r.code} ${r.file}: ${r.message}`));

/** Re-index of a build that must take the record's path: no unit walked, no file parsed. */
function expectRecordOnly(r: IndexResult, variant: string): void {
  expect(r.preprocessed).toBe(0);
  expect(r.parsed).toBe(0);
  expect(r.builds.find((b) => b.variant === variant)).toMatchObject({ patched: true, recordRefreshed: true });
}

function expectFullPath(b: Build): void {
  expect(b.patched || b.unchanged || b.recordRefreshed).toBeFalsy();
}

async function expectAsFromScratch(root: string, variant?: string): Promise<void> {
  const again = await againFromScratch(root, () => memory(root, variant));
  expect(again.incremental).toEqual(again.scratch);
  expect(again.answers.incremental).toEqual(again.answers.scratch);
}

const LINKER_CMD = 'build-stm32f4/zephyr/linker.cmd';

/** zephyr-multi-board indexed before its stm32f4 build generated linker.cmd; answers the script's text. */
async function zephyrBeforeLinkerCmd(): Promise<{ root: string; script: string }> {
  const root = copyFixtureToTemp('adapters', 'zephyr-multi-board');
  writeConfig(root, DEFAULT_CONFIG);
  const script = fs.readFileSync(path.join(root, LINKER_CMD), 'utf8');
  fs.rmSync(path.join(root, LINKER_CMD));
  await indexProject({ root });
  expect(memory(root, 'nucleo_f401re').memory).toEqual([]);
  return { root, script };
}

describe('a linker script that appears where the build generates one', () => {
  it('Zephyr without build.ninja: status, get_active_build and check name linker.cmd; the record is read again only', async () => {
    const { root, script } = await zephyrBeforeLinkerCmd();
    fs.writeFileSync(path.join(root, LINKER_CMD), script);
    const said = `${LINKER_CMD} of build nucleo_f401re/app appeared since indexing (a linker script`;
    const status = cliJson(root, ['status', '--variant', 'nucleo_f401re']) as { status: string; reindex_reasons: string[] };
    expect(status.status).toBe('reindex_needed');
    expect(status.reindex_reasons.filter((r) => r.startsWith(said))).toHaveLength(1);
    const active = withProject(root, (ctx) => getActiveBuild(ctx, { variant: 'nucleo_f401re' })) as { reindex_reasons: string[] };
    expect(active.reindex_reasons.filter((r) => r.startsWith(said))).toHaveLength(1);
    const reasons = checked(root).filter((r) => r.includes(LINKER_CMD));
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(new RegExp(`^build_description ${LINKER_CMD}: appeared since indexing`));

    expectRecordOnly(await indexProject({ root }), 'nucleo_f401re');
    expect(memory(root, 'nucleo_f401re').memory.map((m) => m.name)).toEqual(['FLASH', 'RAM', 'IDT_LIST']);
    expect(checked(root)).toEqual([]);
    await expectAsFromScratch(root, 'nucleo_f401re');
  });

  it("the server's background refresh reads it", async () => {
    assertCliBuilt();
    const { root, script } = await zephyrBeforeLinkerCmd();
    const keeper = new FreshnessKeeper({ debounceMs: 100, fillBytes: 0 });
    try {
      keeper.watch(root);
      fs.writeFileSync(path.join(root, LINKER_CMD), script);
      const end = Date.now() + 20_000;
      while (!keeper.state(root).lastOutcome && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      expect(keeper.state(root)).toMatchObject({ lastOutcome: 'done', runs: 1 });
    } finally {
      keeper.close();
    }
    expect(memory(root, 'nucleo_f401re').memory.map((m) => m.name)).toEqual(['FLASH', 'RAM', 'IDT_LIST']);
    await expectAsFromScratch(root, 'nucleo_f401re');
  });
});

describe('a changed link command', () => {
  const NINJA = 'build/build.ninja';
  /** cmake-stm32-map indexed, then its link flags edited by `edit`. */
  async function relinkedWith(edit: (flags: string) => string, also: (root: string) => void = () => {}): Promise<string> {
    const { root } = await indexedFixture(['memory', 'cmake-stm32-map']);
    const file = path.join(root, NINJA);
    const text = fs.readFileSync(file, 'utf8');
    const line = text.split('\n').find((l) => l.trimStart().startsWith('LINK_FLAGS'))!;
    fs.writeFileSync(file, text.replace(line, edit(line)));
    also(root);
    return root;
  }

  it('another --defsym: check says so, the record is read again only, as from scratch', async () => {
    const root = await relinkedWith((l) => l.replace('__stack_size__=0x800', '__stack_size__=0x1000'));
    expect(checked(root)).toEqual([expect.stringMatching(/^build_description build: the link command changed since indexing/)]);
    expectRecordOnly(await indexProject({ root }), 'build');
    expect(checked(root)).toEqual([]);
    await expectAsFromScratch(root);
  });

  it('another -Map (the map renamed with it): the map file and the link command', async () => {
    const root = await relinkedWith(
      (l) => l.replace('-Map=firmware.map', '-Map=app.map'),
      (r) => fs.renameSync(path.join(r, 'build/firmware.map'), path.join(r, 'build/app.map')),
    );
    const reasons = checked(root);
    expect(reasons).toContainEqual(expect.stringMatching(/^build_description build\/app\.map: the build names the map file build\/app\.map now/));
    expect(reasons).toContainEqual(expect.stringMatching(/the link command changed since indexing/));
    const before = memory(root).memory.find((m) => m.name === 'FLASH')!.used;
    expectRecordOnly(await indexProject({ root }), 'build');
    expect(memory(root).memory.find((m) => m.name === 'FLASH')!.used).toBe(before);
    await expectAsFromScratch(root);
  });

  it('another -T script: the linker scripts are read again, the old one leaves the build', async () => {
    const root = await relinkedWith(
      (l) => l.replace('STM32F407VGTx_FLASH.ld', 'ld/app.ld'),
      (r) => {
        fs.mkdirSync(path.join(r, 'ld'));
        const text = fs.readFileSync(path.join(r, 'STM32F407VGTx_FLASH.ld'), 'utf8');
        fs.writeFileSync(path.join(r, 'ld/app.ld'), text.replace('ENTRY(Reset_Handler)', 'ENTRY(App_Reset)'));
      },
    );
    expect(checked(root)).toContainEqual(expect.stringMatching(/^build_description ld\/app\.ld: the build names the linker scripts ld\/app\.ld now \(indexed with STM32F407VGTx_FLASH\.ld\)/));
    expectRecordOnly(await indexProject({ root }), 'build');
    expect(memory(root).entry_point).toBe('App_Reset');
    await expectAsFromScratch(root);
  });

  it('a link that leaves a unit out, or changed compile arguments, still take the full path', async () => {
    const { root } = await indexedFixture(['memory', 'cmake-stm32-map']);
    const ninja = path.join(root, NINJA);
    const text = fs.readFileSync(ninja, 'utf8');
    const relinked = text.replace(/(build firmware\.elf \| firmware\.map: \S+ \S+main\.c\.obj) \S+system\.c\.obj/, '$1');
    expect(relinked).not.toBe(text);
    fs.writeFileSync(ninja, relinked);
    const fewer = await indexProject({ root });
    expectFullPath(fewer.builds[0]);
    await expectAsFromScratch(root);

    const db = path.join(root, 'build/compile_commands.json');
    const flags = fs.readFileSync(db, 'utf8');
    expect(flags).toContain('-DSTM32F407xx');
    fs.writeFileSync(db, flags.replaceAll('-DSTM32F407xx', '-DSTM32F407xx -DEXTRA_FLAG=1'));
    expectFullPath((await indexProject({ root })).builds[0]);
    await expectAsFromScratch(root);
  });
});

describe("a build's file count", () => {
  it('counts its linker scripts on the full path as an unchanged or patched run does', async () => {
    const root = copyFixtureToTemp('memory', 'cmake-stm32-map');
    writeConfig(root, DEFAULT_CONFIG);
    const full = (await indexProject({ root })).builds[0];
    const unchanged = (await indexProject({ root })).builds[0];
    expect(unchanged.unchanged).toBe(true);
    expect(full.files).toBe(unchanged.files);
    // The script is a file of the build, not one parsed.
    expect(full.files).toBe(full.parsed + full.reused);
    expect(full.files).toBeGreaterThan(full.parsed);
  });
});
