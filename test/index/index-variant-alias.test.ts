// `fw-context index --variant` names a build the way queries do: exactly, by board, by board without
// qualifiers or by build folder; a name several variants share, or none, is refused with the choices.
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { copyFixtureToTemp, indexedFixture, runCli } from '../helpers/fixture-project.js';

const indexedVariants = async (root: string, variant: string) => (await indexProject({ root, variant })).builds.map((b) => b.variant);

describe('index --variant accepts the aliases queries accept', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['adapters', 'zephyr-workspace-anywhere']));
  });

  it('takes a board without qualifiers, a build folder (relative or last component) and a board in other case', async () => {
    expect(await indexedVariants(root, 'qemu_cortex_m3')).toEqual(['qemu_cortex_m3/ti_lm3s6965']);
    expect(await indexedVariants(root, 'samples/x/build-nrf/')).toEqual(['nrf52840dk/nrf52840']);
    expect(await indexedVariants(root, 'build-nrf')).toEqual(['nrf52840dk/nrf52840']);
    expect(await indexedVariants(root, 'NUCLEO_F401RE')).toEqual(['nucleo_f401re/stm32f401xe']);
  });

  it('indexes each variant named (repeated --variant), in the order detected, and refuses a bad one among them', async () => {
    const both = (await indexProject({ root, variant: ['NUCLEO_F401RE', 'build-nrf'] })).builds.map((b) => b.variant);
    expect([...both].sort()).toEqual(['nrf52840dk/nrf52840', 'nucleo_f401re/stm32f401xe']);
    const all = (await indexProject({ root })).builds.map((b) => b.variant);
    expect(both).toEqual(all.filter((v) => both.includes(v)));
    const cli = runCli(root, ['index', '--json', '--variant', 'qemu_cortex_m3', '--variant', 'build-nrf']);
    expect(cli.status).toBe(0);
    expect((JSON.parse(cli.stdout) as { builds: { variant: string }[] }).builds.map((b) => b.variant).sort()).toEqual(['nrf52840dk/nrf52840', 'qemu_cortex_m3/ti_lm3s6965']);
    await expect(indexProject({ root, variant: ['build-nrf', 'no_such_board'] })).rejects.toThrow(/no build of this project is named "no_such_board"/);
  });

  it('a query command refuses several --variants, naming the one that takes them', () => {
    for (const command of [['lookup', 'main'], ['status']]) {
      const r = runCli(root, [...command, '--variant', 'qemu_cortex_m3', '--variant', 'build-nrf']);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/takes one --variant, got 2 \(qemu_cortex_m3, build-nrf\)/);
      expect(r.stderr).toContain('`fw-context index` is the command that takes several');
    }
  });

  it('refuses a name no build answers to, listing the variants, through the CLI too', () => {
    const r = runCli(root, ['index', '--variant', 'no_such_board']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no build of this project is named "no_such_board"/);
    expect(r.stderr).toContain('qemu_cortex_m3/ti_lm3s6965');
  });
});

describe('index --variant refuses an alias several variants share', () => {
  it('names the candidates, as a query does', async () => {
    const root = copyFixtureToTemp('adapters', 'zephyr-multi-board');
    await expect(indexProject({ root, variant: 'nrf52840dk' })).rejects.toThrow(/"nrf52840dk" is ambiguous: it names 2 variants \(.*build-nrf52840dk by its board without qualifiers/);
    const r = runCli(root, ['index', '--variant', 'nrf52840dk']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/name one of them exactly: (build-nrf52840dk, build-sysbuild|build-sysbuild, build-nrf52840dk)/);
    expect(await indexedVariants(root, 'build-stm32f4')).toEqual(['nucleo_f401re']);
  });

  it('takes a label variant:image or variant/image, and an image build folder, as one image', async () => {
    const root = copyFixtureToTemp('adapters', 'zephyr-multi-board');
    const images = async (variant: string) => (await indexProject({ root, variant })).builds.map((b) => `${b.variant}:${b.image}`);
    const all = (await indexProject({ root, variant: 'build-sysbuild' })).builds.map((b) => b.image);
    expect(all.length).toBeGreaterThan(1);
    for (const image of all) {
      expect(await images(`build-sysbuild:${image}`)).toEqual([`build-sysbuild:${image}`]);
      expect(await images(`build-sysbuild/${image}`)).toEqual([`build-sysbuild:${image}`]);
    }
    await expect(indexProject({ root, variant: 'build-sysbuild:nothing' })).rejects.toThrow(/no build of this project is named "build-sysbuild:nothing"/);
  });
});
