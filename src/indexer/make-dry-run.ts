// `fw-context index --build` on a plain Make project: runs GNU make's dry run (`make -nBwk`: every recipe printed as
// if all were out of date, none run, directories announced, past failures) in the root, or in each folder [make] dirs
// names (a Makefile per board: nRF5 SDK's `pca10056/blank/armgcc`), and keeps what it printed,
// with the makefiles it read, for the make adapter (adapters/make). Make still runs `$(shell ...)` and recursive
// `$(MAKE)` lines under -n, as a CMake configure runs the project's scripts: it runs only when asked.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BuildDescription } from '../../adapters/contract.js';
import { DEFAULT_MAKEFILES, MAKE_DRY_RUN_FILE, type MakeDryRunRecord, type MakeDryRuns } from '../../adapters/make/dry-run-record.js';
import { folderVariantName } from '../../adapters/shared/fs-helpers.js';
import { splitCommand } from '../model/compile-args.js';
import { sha1 } from '../model/sha1.js';
import { STATE_DIR } from '../project/config.js';
import type { RegenerateOutcome } from './regenerate-build.js';

/** The line the appended makefile prints once make has read the project's: its MAKEFILE_LIST. */
const LIST_MARK = 'fw-context-makefiles:';
/** A dry run longer than this is stopped (a recursive build of a large tree takes seconds). */
const TIMEOUT_MS = 10 * 60_000;

/**
 * The folders to dry-run (absolute): those [make] dirs names (`dirs`, relative to the root); else the root when it
 * holds a makefile and no build was found, or its run was recorded before.
 */
export function makeDirsToDryRun(root: string, builds: readonly BuildDescription[], dirs: readonly string[]): string[] {
  if (dirs.length) return dirs.map((d) => path.resolve(root, d));
  if (!DEFAULT_MAKEFILES.some((n) => fs.existsSync(path.join(root, n)))) return [];
  return builds.length === 0 || fs.existsSync(path.join(root, STATE_DIR, MAKE_DRY_RUN_FILE)) ? [root] : [];
}

/** Runs the dry run in each of `dirs` with `args` ([make] args) and records those that ran; what happened, as --build reports it. */
export function runMakeDryRuns(root: string, dirs: readonly string[], args: string, log: (m: string) => void = () => {}): RegenerateOutcome[] {
  if (!dirs.length) return [];
  const probe = spawnSync('make', ['--version'], { encoding: 'utf8' });
  const missing = probe.error || !/GNU Make/.test(probe.stdout ?? '');
  const argv = ['make', '-nBwk', ...splitCommand(args)];
  const runs: MakeDryRunRecord[] = [];
  const outcomes = dirs.map((dir) => {
    const base = { variant: folderVariantName(root, dir), image: '*', command: argv.join(' ') };
    if (missing) return { ...base, action: 'missing_tool' as const, message: 'GNU make is not installed here; install it, or write a compile database with `bear -- make` elsewhere, then `fw-context index`' };
    const makefile = DEFAULT_MAKEFILES.find((n) => fs.existsSync(path.join(dir, n)));
    if (!makefile) return { ...base, action: 'failed' as const, message: `no GNUmakefile, makefile or Makefile in ${path.relative(root, dir) || '.'} (named in [make] dirs)` };
    const { outcome, record } = runMakeDryRun(dir, makefile, argv, base, log);
    if (record) runs.push(record);
    return outcome;
  });
  if (runs.length) writeRecords(root, { runs });
  return outcomes;
}

/** One folder's dry run of `shownArgv` (as --build shows it, `base.command`): what happened and, when make ran, its record. */
function runMakeDryRun(dir: string, makefile: string, shownArgv: string[], base: Omit<RegenerateOutcome, 'action' | 'message'>, log: (m: string) => void): { outcome: RegenerateOutcome; record?: MakeDryRunRecord } {
  const command = base.command;
  // Appended after the project's makefiles: prints their list once make has read them all.
  const fragment = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-make-')), 'list.mk');
  fs.writeFileSync(fragment, `$(info ${LIST_MARK}$(MAKEFILE_LIST))\n`);
  log(`${base.variant}: ${command}`);
  try {
    const r = spawnSync('make', ['-nBwk', '-f', makefile, '-f', fragment, ...shownArgv.slice(2)], {
      cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30, timeout: TIMEOUT_MS, env: { ...process.env, LC_ALL: 'C' },
    });
    if (r.error) return { outcome: { ...base, action: 'failed', message: `\`${command}\` could not run: ${r.error.message}` } };
    const record = recordOf(dir, shownArgv, r.status, r.stdout ?? '', r.stderr ?? '', fragment);
    const lines = record.output.split('\n').length;
    const outcome: RegenerateOutcome = r.status === 0
      ? { ...base, action: 'regenerated', message: `make dry run recorded (${lines} lines)` }
      : { ...base, action: 'failed', message: `\`${command}\` exited with status ${r.status}: ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' | ')} (what it printed is read)` };
    return { outcome, record };
  } finally {
    fs.rmSync(path.dirname(fragment), { recursive: true, force: true });
  }
}

/** The record of a run: its output without the list lines, the makefiles listed last (make may restart after remaking some). */
function recordOf(dir: string, command: string[], status: number | null, stdout: string, stderr: string, fragment: string): MakeDryRunRecord {
  let listed: string[] = [];
  const kept: string[] = [];
  for (const line of stdout.split('\n')) {
    if (line.startsWith(LIST_MARK)) listed = splitCommand(line.slice(LIST_MARK.length));
    else kept.push(line);
  }
  const makefiles = [...new Set(listed.map((f) => path.resolve(dir, f)))].filter((f) => f !== fragment && fs.existsSync(f));
  return {
    command,
    directory: dir,
    makefiles: makefiles.map((f) => ({ path: f, sha1: sha1(fs.readFileSync(f, 'utf8')) })),
    status,
    stderr: stderr.split('\n').slice(-20).join('\n'),
    output: kept.join('\n'),
    at: new Date().toISOString(),
  };
}

function writeRecords(root: string, runs: MakeDryRuns): void {
  const file = path.join(root, STATE_DIR, MAKE_DRY_RUN_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(runs));
  fs.renameSync(tmp, file);
}
