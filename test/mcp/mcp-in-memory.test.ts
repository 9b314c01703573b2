// The MCP server in-process through the SDK's in-memory transport, on a multi-build project: refusals are
// isError results that list the builds; list_variants and variant/image arguments scope the answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { indexedFixture } from '../helpers/fixture-project.js';
import { indexPath } from '../../src/project/config.js';
import { connectClient, type ToolCaller } from '../helpers/mcp-client.js';

let mcp: ToolCaller;
let root: string;

const call = async (name: string, args: Record<string, unknown>) => {
  const r = await mcp.call(name, args);
  return { value: r.value, isError: r.isError };
};

beforeAll(async () => {
  ({ root } = await indexedFixture(['adapters', 'zephyr-multi-board']));
  mcp = await connectClient('/');
});

afterAll(async () => {
  await mcp?.close();
});

describe('MCP tools on a project with several builds', () => {
  it('refuses an unscoped search with the valid builds and a hint', async () => {
    const { value, isError } = await call('search_code', { query: 'board init', project_root: root });
    expect(isError).toBe(true);
    expect(value.error).toMatch(/4 builds/);
    expect(value.hint).toMatch(/variant/);
    expect(value.variant_images['build-sysbuild']).toEqual(['blinky', 'mcuboot']);
  });

  it('answers a scoped search from that build', async () => {
    const { value, isError } = await call('search_code', { query: 'board init', project_root: root, variant: 'nucleo_f401re' });
    expect(isError).toBe(false);
    expect(value[0]).toMatchObject({ variant: 'nucleo_f401re', image: 'app' });
    expect(value.slice(1).map((x: Record<string, unknown>) => x.file)).not.toContain('blinky/src/board_nrf.c');
  });

  it('list_variants lists every build with its images', async () => {
    const { value } = await call('list_variants', { project_root: root });
    expect(value.variants.map((v: Record<string, unknown>) => v.variant)).toEqual(['build-nrf52840dk', 'build-sysbuild', 'nucleo_f401re']);
  });

  it('get_active_build fails with {error} alone for an unknown variant', async () => {
    const { value, isError } = await call('get_active_build', { project_root: root, variant: 'nope' });
    expect(isError).toBe(true);
    expect(Object.keys(value)).toEqual(['error']);
  });

  it('answers not_initialized for a folder that is no project', async () => {
    const { value } = await call('get_active_build', { project_root: '/' });
    expect(value.status).toBe('not_initialized');
  });

  it('get_active_build answers {error} alone when the index cannot be read', async () => {
    const { root: broken } = await indexedFixture(['index', 'drivers-hal-cmake']);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(indexPath(broken) + suffix, { force: true });
    fs.writeFileSync(indexPath(broken), 'not an index '.repeat(500));
    const { value, isError } = await call('get_active_build', { project_root: broken });
    expect(isError).toBe(true);
    expect(Object.keys(value)).toEqual(['error']);
    expect(value.error).toMatch(/cannot be read.*fw-context index/);
  });
});
