// Fast start: commands that only read the index load neither tree-sitter, the preprocessor, the indexer
// nor the MCP SDK. Proven by the modules each process resolves (a module hook records them), not by time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt, CLI, indexedFixture, tempDir } from '../helpers/fixture-project.js';

const PROBE = fileURLToPath(new URL('./module-probe.mjs', import.meta.url));
const HEAVY = /node_modules\/tree-sitter|\/src\/parser\/tree-sitter-parser\.js|\/src\/preprocessor\/|@modelcontextprotocol|\/src\/indexer\/index-project\.js/;

/** Runs the built CLI with the module probe; returns the URLs of every module the process resolved. */
function modulesLoaded(cwd: string, args: string[]): { modules: string[]; status: number; stdout: string } {
  assertCliBuilt();
  const log = path.join(tempDir('fwc-modules-'), 'modules.txt');
  const r = spawnSync(process.execPath, ['--import', PROBE, CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FWC_MODULE_LOG: log } });
  const modules = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  return { modules, status: r.status ?? -1, stdout: r.stdout };
}

describe('read-only commands start without the indexer', () => {
  let root = '';
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'drivers-hal-cmake'])).root;
  });

  it.each([['status'], ['lookup', 'uart_init'], ['search', 'uart init'], ['source', 'uart_init'], ['refs', 'uart_init'], ['symbols'], ['symbols', '--glob', 'uart*'], ['find', 'uart'], ['hotspots'], ['variants'], ['--version']])(
    'fw-context %s loads neither tree-sitter, the preprocessor, the indexer nor the MCP SDK',
    (...args) => {
      const { modules, status } = modulesLoaded(root, [...args, ...(args[0] === '--version' ? [] : ['--json'])]);
      expect(status).toBe(0);
      expect(modules.length).toBeGreaterThan(1);
      expect(modules.filter((m) => HEAVY.test(m))).toEqual([]);
    },
  );

  it('index of an unchanged project answers detection from its cache: no adapter module loads', () => {
    const { modules, status, stdout } = modulesLoaded(root, ['index', '--json']);
    expect(status).toBe(0);
    expect((JSON.parse(stdout) as { detection: { cached: boolean } }).detection.cached).toBe(true);
    expect(modules.filter((m) => /\/adapters\/(zephyr|mbed|platformio|cmake|ninja|compile-commands)\/|node_modules\/(yaml|json5)\//.test(m))).toEqual([]);
  });

  it('the probe sees them where they are needed: index loads tree-sitter and the preprocessor', () => {
    const { modules, status } = modulesLoaded(root, ['index', '--json']);
    expect(status).toBe(0);
    expect(modules.some((m) => /node_modules\/tree-sitter/.test(m))).toBe(true);
    expect(modules.some((m) => /\/src\/preprocessor\//.test(m))).toBe(true);
  });
});
