// Test helpers: copy a fixture into a fresh temp folder (placeholders resolved), index it, run the built CLI.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyFixture, fixturePath } from '../../src/project/copy-fixture.js';
import { indexProject, type IndexResult } from '../../src/indexer/index-project.js';
import { writeConfig, DEFAULT_CONFIG, type ProjectConfig } from '../../src/project/config.js';
// Query functions called directly (not through the CLI or the MCP server, which load it on demand) need build
// detection loaded for list_variants and for refusals that name builds not indexed yet.
import '../../src/project/project-builds.js';

export const PROJECT_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
export const CLI = path.join(PROJECT_ROOT, 'dist', 'src', 'cli', 'bin.cjs');

export function tempDir(prefix = 'fwc-test-'): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

export function copyFixtureToTemp(...parts: string[]): string {
  return copyFixture(fixturePath(...parts), tempDir());
}

export async function indexedFixture(parts: string[], config: Partial<ProjectConfig> = {}): Promise<{ root: string; result: IndexResult }> {
  const root = copyFixtureToTemp(...parts);
  writeConfig(root, { ...DEFAULT_CONFIG, ...config });
  const result = await indexProject({ root });
  return { root, result };
}

export function assertCliBuilt(): void {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` before the tests`);
}

export function runCli(cwd: string, args: string[]): { stdout: string; stderr: string; status: number } {
  assertCliBuilt();
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status ?? -1 };
}

export function cliJson(cwd: string, args: string[]): unknown {
  const r = runCli(cwd, [...args, '--json']);
  try {
    return JSON.parse(r.stdout);
  } catch {
    throw new Error(`fw-context ${args.join(' ')} printed no JSON (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
}

export function hasTool(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Set a file's mtime in the future so staleness checks see it as changed/new. */
export function touchFuture(file: string, secondsAhead = 5): void {
  const t = new Date(Date.now() + secondsAhead * 1000);
  fs.utimesSync(file, t, t);
}
