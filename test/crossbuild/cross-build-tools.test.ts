// The cross-build tools as agents and people reach them: MCP (real SDK client, in-memory transport) and
// the built CLI (`fw-context where`, `fw-context diff`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliJson, indexedFixture, runCli } from '../helpers/fixture-project.js';
import { connectClient, type ToolCaller } from '../helpers/mcp-client.js';

let mcp: ToolCaller;
let root: string;

const call = async (name: string, args: Record<string, unknown>) => {
  const r = await mcp.call(name, { project_root: root, ...args });
  return { value: r.value, isError: r.isError };
};

beforeAll(async () => {
  ({ root } = await indexedFixture(['crossbuild', 'zephyr-boards-sysbuild'], { defaultVariant: 'nucleo_f401re' }));
  mcp = await connectClient('/');
});

afterAll(async () => {
  await mcp?.close();
});

describe('MCP', () => {
  it('lists the three cross-build tools as read-only, saying they span builds', async () => {
    const { tools } = await mcp.client.listTools();
    for (const name of ['which_builds', 'is_compiled', 'diff_builds']) {
      const t = tools.find((x) => x.name === name)!;
      expect(t.annotations?.readOnlyHint).toBe(true);
      expect(t.description).toMatch(/spans builds BY DESIGN/);
    }
    expect(Object.keys(tools.find((x) => x.name === 'which_builds')!.inputSchema.properties!)).not.toContain('variant');
  });

  it('which_builds answers for every build although the config names a default variant', async () => {
    const { value, isError } = await call('which_builds', { name: 'gpio_nrfx_pin_configure', kind: 'function' });
    expect(isError).toBe(false);
    expect(value.defined_in).toEqual(['build-nrf52840dk:app', 'build-sysbuild:blinky']);
    expect(value.total).toBe(4);
  });

  it('is_compiled and diff_builds answer; a bad file is an error with a hint', async () => {
    const line = await call('is_compiled', { file: 'blinky/src/main.c', line: 14 });
    expect(line.value.compiled_in).toEqual(['build-sysbuild:blinky']);
    const diff = await call('diff_builds', { a: { variant: 'build-nrf52840dk' }, b: { variant: 'nucleo_f401re' }, section: 'memory_regions' });
    expect(diff.value.sections.memory_regions.total).toBe(2);
    const bad = await call('is_compiled', { file: 'no/such/file.c', line: 1 });
    expect(bad.isError).toBe(true);
    expect(bad.value.hint).toMatch(/path/);
  });
  it('takes back the labels its answers print: diff_builds sides as strings, a variant named variant:image or variant/image', async () => {
    const { value } = await call('which_builds', { name: 'gpio_nrfx_pin_configure', kind: 'function' });
    const [nrf, blinky] = value.defined_in as string[];
    const diff = await call('diff_builds', { a: blinky, b: 'nucleo_f401re', section: 'units_only_in_a', limit: 1 });
    expect(diff.isError).toBe(false);
    expect(diff.value.a.label).toBe('build-sysbuild:blinky');
    expect(diff.value.b.label).toBe('nucleo_f401re:app');
    for (const variant of [nrf, 'build-sysbuild/blinky']) {
      const hit = await call('lookup_symbol', { name: 'gpio_nrfx_pin_configure', variant });
      expect(hit.value.error).toBeUndefined();
      expect(hit.value[0]).toMatchObject(variant === nrf ? { variant: 'build-nrf52840dk', image: 'app' } : { variant: 'build-sysbuild', image: 'blinky' });
    }
    const wrongImage = await call('lookup_symbol', { name: 'gpio_nrfx_pin_configure', variant: 'build-sysbuild:nothing' });
    expect(wrongImage.isError).toBe(true);
    expect(wrongImage.value.error).toMatch(/unknown variant "build-sysbuild:nothing"/);
  });
});

describe('CLI', () => {
  it('where NAME prints one line per build with the deciding #if', () => {
    const r = runCli(root, ['where', 'gpio_nrfx_pin_configure']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/defined in 2 of 4 build/);
    expect(r.stdout).toMatch(/nucleo_f401re:app +absent +zephyr\/drivers\/gpio\/gpio_pins\.c:7 is inside #if defined\(CONFIG_GPIO_NRFX\).*#elif defined\(CONFIG_GPIO_STM32\).*CONFIG_GPIO_STM32=1/);
  });

  it('where FILE:LINE answers per build, also as JSON', () => {
    const j = cliJson(root, ['where', 'blinky/src/main.c:14']) as { compiled_in: string[]; builds: { status: string }[] };
    expect(j.compiled_in).toEqual(['build-sysbuild:blinky']);
    expect(j.builds.map((b) => b.status).sort()).toEqual(['compiled', 'inactive_branch', 'inactive_branch', 'unit_not_in_build']);
  });

  it('diff A B prints a readable summary; VARIANT:IMAGE names an image', () => {
    const r = runCli(root, ['diff', 'build-nrf52840dk', 'nucleo_f401re']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('- blinky/src/board_nrf.c');
    expect(r.stdout).toContain('+ blinky/src/board_stm32.c');
    expect(r.stdout).toMatch(/FLASH +A: 0x00000000 \+1024 KiB \(rx\) +B: 0x08000000 \+512 KiB \(rx\)/);
    expect(r.stdout).toMatch(/CONFIG_FLASH_SIZE +A: 1024 +B: 512/);
    const app = cliJson(root, ['diff', 'build-sysbuild:blinky', 'build-sysbuild:mcuboot']) as { b: { image: string } };
    expect(app.b.image).toBe('mcuboot');
    const bad = runCli(root, ['diff', 'build-nrf52840dk']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/two builds/);
  });

  it('diff --section prints that list and its page alone', () => {
    const r = runCli(root, ['diff', 'build-nrf52840dk', 'nucleo_f401re', '--section', 'kconfig', '--limit', '1']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Kconfig: \d+ differ$/m);
    expect(r.stdout).toMatch(/^Items 1-1 of \d+ — next page: --section kconfig --offset 1$/m);
    expect(r.stdout).not.toMatch(/Compile units|Files read|Memory regions|Entry point/);
  });
});
