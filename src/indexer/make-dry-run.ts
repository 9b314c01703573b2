// `fw-context index --build` on a plain Make project: runs GNU make's dry run (`make -nBwk`: every recipe printed as
// if all were out of date, none run, directories announced, past failures) in the root, in each folder [make] dirs
// names (a Makefile per board: nRF5 SDK's `pca10056/blank/armgcc`) and for each [make.variants] entry (one Makefile,
// several boards: `BOARD=pca10056`), and keeps what it printed,
// with the makefiles it read, for the make adapter (adapters/make). Make still runs `$(shell ...)` and recursive
// `$(MAKE)` lines under -n, as a CMake configure runs the project's scripts: it runs only when asked.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BuildDescription } from '../../adapters/contract.js';
import { DEFAULT_MAKEFILES, MAKE_DRY_RUN_FILE, readDryRunRecords, type MakeDryRunRecord, type MakeDryRuns } from '../../adapters/make/dry-run-record.js';
import { configuredMakeRuns, makeRunKey, type MakeRun, type MakeRunConfig } from '../../adapters/make/configured-runs.js';
import { MAX_FOUND_RUNS, topMakefileDirs } from '../../adapters/make/found-makefiles.js';
import type { Discovery } from '../../adapters/shared/discover-build-dirs.js';
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
 * The dry runs to make: those [make] dirs and [make.variants] configure (configured-runs.ts). With neither: the
 * root when it holds a makefile and no build was found, or its run was recorded before; else, on the same terms,
 * the topmost Makefile folders the build search met below it (topMakefileDirs), when they are few.
 */
export function makeRunsToDo(root: string, builds: readonly BuildDescription[], config: MakeRunConfig, discovery?: Discovery): MakeRun[] {
  const configured = configuredMakeRuns(root, config);
  if (configured.length) return configured;
  const common = splitCommand(config.makeArgs);
  const recorded = fs.existsSync(path.join(root, STATE_DIR, MAKE_DRY_RUN_FILE));
  if (DEFAULT_MAKEFILES.some((n) => fs.existsSync(path.join(root, n)))) return builds.length === 0 || recorded ? [{ dir: root, args: common }] : [];
  if (builds.length > 0 && !recorded) return [];
  const below = discovery ? topMakefileDirs(discovery) : [];
  return below.length <= MAX_FOUND_RUNS ? below.map((f) => ({ dir: f.dir, args: common })) : [];
}

/** Runs each dry run and records those that ran (beside the recorded runs still configured but not run now); what happened, as --build reports it. */
export function runMakeDryRuns(root: string, runs: readonly MakeRun[], log: (m: string) => void = () => {}, configured: readonly MakeRun[] = runs): RegenerateOutcome[] {
  if (!runs.length) return [];
  const probe = spawnSync('make', ['--version'], { encoding: 'utf8' });
  const missing = probe.error || !/GNU Make/.test(probe.stdout ?? '');
  const made: MakeDryRunRecord[] = [];
  const outcomes = runs.map((run) => {
    const argv = ['make', '-nBwk', ...run.args];
    const base = { variant: run.variant ?? folderVariantName(root, run.dir), image: '*', command: argv.join(' ') };
    if (missing) return { ...base, action: 'missing_tool' as const, message: 'GNU make is not installed here; install it, or write a compile database with `bear -- make` elsewhere, then `fw-context index`' };
    const makefile = DEFAULT_MAKEFILES.find((n) => fs.existsSync(path.join(run.dir, n)));
    if (!makefile) return { ...base, action: 'failed' as const, message: `no GNUmakefile, makefile or Makefile in ${path.relative(root, run.dir) || '.'}` };
    const { outcome, record } = runMakeDryRun(run.dir, makefile, argv, base, log);
    if (record) made.push(run.variant ? { ...record, variant: run.variant } : record);
    return outcome;
  });
  if (made.length) writeRecords(root, mergedRecords(root, made, configured));
  return outcomes;
}

/** The record's runs: each configured run's, the one made now or else the one recorded before (a run of `--variant X` keeps the others'). */
function mergedRecords(root: string, made: MakeDryRunRecord[], configured: readonly MakeRun[]): MakeDryRuns {
  const now = new Map(made.map((r) => [makeRunKey(r.directory, r.variant), r]));
  const before = new Map(readDryRunRecords(path.join(root, STATE_DIR)).map((r) => [makeRunKey(r.directory, r.variant), r]));
  const runs = configured.map((c) => now.get(makeRunKey(c.dir, c.variant)) ?? before.get(makeRunKey(c.dir, c.variant))).filter((r): r is MakeDryRunRecord => r !== undefined);
  return { runs: [...new Set([...runs, ...made])] };
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
