// Plain Make projects: the builds of the make dry runs `fw-context index --build` recorded (dry-run-record.ts), a
// variant per run (named by [make.variants], else after its folder) and an image per program it links (with its
// linker scripts, map and objects), or one image of every unit when it links none. Without a run, a root holding
// only a Makefile, or Makefile folders below a root where no other build was found, get a note saying how.
import path from 'node:path';
import type { AdapterOptions, AdapterResult, BuildAdapter, BuildDescription, Diagnostic } from '../contract.js';
import { sha1 } from '../../src/model/sha1.js';
import { pathKind, readDetectedText } from '../shared/detect-inputs.js';
import { folderVariantName, relPath } from '../shared/fs-helpers.js';
import { parseLinkArgs } from '../shared/link-args.js';
import { applyLinkedUnits } from '../shared/linked-units.js';
import { readDryRunCommands, type DryRunCommands } from './dry-run-commands.js';
import { discoveryFor, type Discovery } from '../shared/discover-build-dirs.js';
import { makeRunKey } from './configured-runs.js';
import { DEFAULT_MAKEFILES, MAKE_DRY_RUN_FILE, MAKEFILES_CHANGED, readDryRunRecords, type MakeDryRunRecord } from './dry-run-record.js';
import { foundOtherBuilds, MAX_FOUND_RUNS, topMakefileDirs } from './found-makefiles.js';

/** Files beside a Makefile that say another build system drives the project (its Makefile a wrapper). */
const OTHER_BUILDS = ['CMakeLists.txt', 'platformio.ini', 'west.yml', 'mbed_app.json', 'compile_commands.json'];

export const makeAdapter: BuildAdapter = {
  name: 'make',
  detect(projectRoot, options): AdapterResult {
    const result: AdapterResult = { builds: [], diagnostics: [] };
    const { records, notes } = configuredRecords(options.stateDir ? readDryRunRecords(options.stateDir) : [], options.makeRuns, projectRoot, options.stateDir);
    result.diagnostics.push(...notes);
    if (!records.length) {
      const note = makefileNote(projectRoot) ?? foundMakefilesNote(projectRoot, discoveryFor(projectRoot, options));
      if (note) result.diagnostics.push(note);
      return result;
    }
    const source = path.join(options.stateDir!, MAKE_DRY_RUN_FILE);
    for (const record of records) {
      result.diagnostics.push(...recordNotes(record, source));
      const read = readDryRunCommands(record.output, record.directory);
      if (read.units.length > 0) result.builds.push(...dryRunBuilds(projectRoot, record, read, source, result.diagnostics));
      else result.diagnostics.push({ severity: 'warning', file: source, message: `the make dry run (\`${record.command.join(' ')}\` in ${relPath(projectRoot, record.directory)}) printed no compile command`, fix: 'check that the Makefile compiles with a compiler named gcc, cc, clang or a cross prefix of them, or write a compile database with `bear -- make`' });
    }
    return result;
  },
};

/** The note for a root Makefile no dry run has read, unless another build system's file stands beside it. */
function makefileNote(projectRoot: string): Diagnostic | undefined {
  const makefile = DEFAULT_MAKEFILES.map((n) => path.join(projectRoot, n)).find((f) => pathKind(f) === 'file');
  if (!makefile || OTHER_BUILDS.some((n) => pathKind(path.join(projectRoot, n)) !== 'none')) return undefined;
  return { severity: 'info', file: makefile, message: 'a Makefile project: its compile commands are read from a make dry run (`make -nBwk`), which only `fw-context index --build` runs', fix: 'run `fw-context index --build` (make arguments such as BOARD=... go in [make] args of .fw-context/config.ini, other Makefile folders in [make] dirs), or write a compile database with `bear -- make`' };
}

/** The note for Makefiles below the root when the search met no other build: which folders, and how to read them. */
function foundMakefilesNote(projectRoot: string, discovery: Discovery): Diagnostic | undefined {
  const dirs = topMakefileDirs(discovery);
  if (!dirs.length || foundOtherBuilds(discovery)) return undefined;
  const shown = dirs.slice(0, 5).map((d) => relPath(projectRoot, d.dir)).join(', ') + (dirs.length > 5 ? `, ... (${dirs.length} in all)` : '');
  const run = dirs.length <= MAX_FOUND_RUNS ? '`fw-context index --build` dry-runs each (`make -nBwk`), a variant per folder' : `name those to read in [make] dirs of .fw-context/config.ini (more than ${MAX_FOUND_RUNS} are not dry-run unasked), then run \`fw-context index --build\``;
  return { severity: 'info', file: path.join(dirs[0].dir, dirs[0].makefile), message: `Makefile folders below the root, no other build found: ${shown}`, fix: `${run}; or write a compile database with \`bear -- make\`` };
}

/**
 * The recorded runs that are builds: every one, or when the config names runs, theirs; a configured run with no
 * record is warned of (the config changed since the last `index --build`).
 */
function configuredRecords(records: MakeDryRunRecord[], runs: AdapterOptions['makeRuns'], projectRoot: string, stateDir: string | undefined): { records: MakeDryRunRecord[]; notes: Diagnostic[] } {
  if (!runs) return { records, notes: [] };
  const byKey = new Map(records.map((r) => [makeRunKey(r.directory, r.variant), r]));
  const kept: MakeDryRunRecord[] = [];
  const missing: string[] = [];
  for (const run of runs) {
    const record = byKey.get(makeRunKey(run.dir, run.variant));
    if (record) kept.push(record);
    else missing.push(run.variant ?? relPath(projectRoot, run.dir));
  }
  const notes: Diagnostic[] = missing.length && stateDir
    ? [{ severity: 'warning', file: path.join(stateDir, 'config.ini'), message: `[make] names ${missing.length === 1 ? 'a build' : `${missing.length} builds`} no make dry run has read yet: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}`, fix: 'run `fw-context index --build` to dry-run them' }]
    : [];
  return { records: kept, notes };
}

/** Warnings about the record: makefiles changed since, a dry run that failed. */
function recordNotes(record: MakeDryRunRecord, source: string): Diagnostic[] {
  const notes: Diagnostic[] = [];
  const changed = record.makefiles.filter((m) => {
    const text = readDetectedText(m.path);
    return text === undefined || sha1(text) !== m.sha1;
  });
  if (changed.length) {
    notes.push({ severity: 'warning', file: changed[0].path, message: `${changed.length === 1 ? 'this makefile' : `${changed.length} makefiles (this one first)`} ${MAKEFILES_CHANGED} of ${record.at}: the compile commands read from that run may be out of date`, fix: 'run `fw-context index --build` to run the dry run again' });
  }
  if (record.status !== 0) {
    const why = record.stderr.trim().split('\n').pop() ?? '';
    notes.push({ severity: 'warning', file: source, message: `the make dry run \`${record.command.join(' ')}\` exited with status ${record.status}${why ? `: ${why}` : ''}; the commands it printed are read`, fix: 'fix the error make reports (or build once with make so generated files exist), then `fw-context index --build`' });
  }
  return notes;
}

/** Image names of the links: `app` for a single one, else each output's name without its extension. */
function imageNames(outputs: (string | undefined)[]): string[] {
  if (outputs.length === 1) return ['app'];
  const taken = new Map<string, number>();
  return outputs.map((o, i) => {
    const base = o ? path.basename(o).replace(/\.(elf|axf|out|exe)$/i, '') : `program${i + 1}`;
    const n = (taken.get(base) ?? 0) + 1;
    taken.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  });
}

/** One build per program the run links (one of every unit when it links none). */
function dryRunBuilds(projectRoot: string, record: MakeDryRunRecord, read: DryRunCommands, source: string, diagnostics: Diagnostic[]): BuildDescription[] {
  const variant = record.variant ?? folderVariantName(projectRoot, record.directory);
  const about = `make dry run \`${record.command.join(' ')}\` in ${relPath(projectRoot, record.directory)} (${read.units.length} units`;
  if (read.links.length === 0) {
    return [{ buildSystem: 'make', variant, image: 'app', imageType: 'app', description: `${about}, no link)`, buildDir: record.directory, units: read.units, linkerScripts: [], provenance: 'read' }];
  }
  const infos = read.links.map((l) => parseLinkArgs(l.argv, l.cwd));
  const names = imageNames(infos.map((i) => i.output));
  return read.links.map((link, k) => {
    const info = infos[k];
    const build: BuildDescription = {
      buildSystem: 'make',
      variant,
      image: names[k],
      imageType: 'app',
      description: `${about}${info.output ? `, links ${relPath(record.directory, info.output)}` : ''})`,
      buildDir: record.directory,
      units: read.units,
      linkerScripts: info.linkerScripts,
      linkArguments: link.argv,
      mapFile: info.mapFile,
      elfFile: info.output,
      provenance: 'read',
    };
    applyLinkedUnits(build, { method: 'make-dry-run', source, objects: link.objects }, diagnostics);
    return build;
  });
}
