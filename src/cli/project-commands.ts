// The commands that work on the project's builds rather than the index alone: init, variants,
// check-preprocessor and demo. They detect builds (the adapters load only when the detection cache no longer
// holds), so they live apart from the read-only query commands in commands.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CONFIG, readConfig, readConfigProblems, STATE_DIR, writeConfig, configPath } from '../project/config.js';
import { copyFixture, fixturePath } from '../project/copy-fixture.js';
import { unitCount } from '../../adapters/lazy-units.js';
import { detectProjectBuildsLazily } from '../project/build-detection.js';
import { listVariantsNow } from '../query/list-variants.js';
import { openProject } from '../query/project-context.js';
import { LIST_IN_FULL, summarizeBuilds } from './build-summary.js';
import { out, rootFor, type CommandOutput, type CommonOptions } from './command-kit.js';
import { runLookup, runSearch, runSource } from './commands.js';
import { runStatus } from './status-command.js';
import { formatDiagnostics } from './format-text.js';
import { formatDiagnostic } from '../model/diagnostic.js';
import { runIndex } from './index-command.js';

/** Everything in the state folder is made by fw-context (index, lock, caches) except the config, which is shared. */
const STATE_GITIGNORE = '# Made by fw-context: the index and its caches (`fw-context index` makes them again); config.ini is shared.\n*\n!.gitignore\n!config.ini\n';

export async function runInit(opts: CommonOptions & { force?: boolean }): Promise<CommandOutput> {
  const root = path.resolve(opts.cwd);
  const cfgFile = configPath(root);
  const existed = fs.existsSync(cfgFile);
  if (!existed || opts.force) writeConfig(root, existed ? readConfig(root) : { ...DEFAULT_CONFIG });
  fs.writeFileSync(path.join(root, STATE_DIR, '.gitignore'), STATE_GITIGNORE);
  const config = readConfig(root);
  const detected = await detectProjectBuildsLazily(root, config);
  const { builds, discovery } = detected;
  const diagnostics = [...readConfigProblems(root), ...detected.diagnostics];
  const rows = builds.map((b) => ({ variant: b.variant, image: b.image, board: b.board ?? null, build_system: b.buildSystem, provenance: b.provenance, units: unitCount(b), build_dir: path.relative(root, b.buildDir) || '.', description: b.description }));
  const cmakeHint = rows.length === 0 ? (await import('../indexer/cmake-configure.js')).unconfiguredCmakeHint(root) : undefined;
  const search = { folders: discovery.foldersSearched, folders_from_cache: discovery.foldersFromCache, folders_relisted: discovery.foldersRelisted, elapsed_ms: Math.round(discovery.elapsedMs) };
  return out(opts.json, { project_root: root, config: cfgFile, created: !existed, search, builds: rows, diagnostics }, () => {
    const lines = [`${existed ? 'Kept' : 'Created'} ${path.relative(root, cfgFile)} in ${root}.`];
    lines.push(`Searched ${search.folders} folders in ${search.elapsed_ms} ms for builds${search.folders_from_cache ? ` (${search.folders_from_cache} unchanged since the last search)` : ''}.`);
    if (rows.length === 0) lines.push(cmakeHint ? `No build found. ${cmakeHint}` : 'No build found: configure or build the firmware once (a CMake or plain Make project: `fw-context index --build` configures it or reads a make dry run; else `bear -- make` writes compile_commands.json), or name a compile database under [build] compile_commands.');
    else {
      lines.push(`Found ${rows.length} build(s):`);
      if (rows.length <= LIST_IN_FULL) for (const r of rows) lines.push(`  variant ${r.variant}  image ${r.image}  board ${r.board ?? '-'}  ${r.build_system} (${r.provenance}${/derived, not built/.test(r.description) ? ', not built' : ''})  ${r.units} units  in ${r.build_dir}`);
      else lines.push(...summarizeBuilds(builds.map((b) => ({ variant: b.variant, image: b.image, board: b.board ?? null, buildSystem: b.buildSystem, notBuilt: /derived, not built/.test(b.description) }))).map((l) => `  ${l}`));
      if (new Set(rows.map((r) => r.variant)).size > 1 && !config.defaultVariant) lines.push('Several variants: queries must name one, or set [build] default_variant in the config.');
      lines.push('Next: fw-context index');
    }
    if (diagnostics.length) lines.push(`${diagnostics.length} diagnostic(s):`, formatDiagnostics(diagnostics));
    return lines.join('\n');
  });
}

/**
 * Compare, for every conditional group of every file a unit reads, the branch the unit's real compiler takes
 * (`-E`) with the branch fw-context takes. With no path, checks each build's compile database.
 */
export async function runCheckPreprocessor(opts: CommonOptions & { compileCommands?: string }): Promise<CommandOutput> {
  const { formatDifferentialReport, runDifferentialCheck } = await import('../preprocessor/differential-check.js');
  const root = rootFor(opts.cwd);
  let paths: string[];
  if (opts.compileCommands) paths = [path.resolve(opts.cwd, opts.compileCommands)];
  else paths = [...new Set((await detectProjectBuildsLazily(root, readConfig(root))).builds.flatMap((b) => (b.compileCommands ? [b.compileCommands] : [])))];
  if (paths.length === 0) return { text: 'No compile_commands.json found: give its path, e.g. fw-context check-preprocessor build/compile_commands.json', exitCode: 2 };
  const reports = paths.map((p) => runDifferentialCheck(p));
  const disagree = reports.some((r) => r.disagreements.length > 0);
  const checked = reports.some((r) => r.units.some((u) => u.status === 'checked'));
  return out(opts.json, reports.length === 1 ? reports[0] : reports, () => reports.map((r) => formatDifferentialReport(r, { relativeTo: root })).join('\n\n'), disagree ? 1 : checked ? 0 : 3);
}

/** Every build, declared or indexed; detection answers from its cache while what it read holds (no adapter loads). */
export async function runVariants(opts: CommonOptions): Promise<CommandOutput> {
  const ctx = openProject(opts.cwd);
  let r;
  try {
    r = await listVariantsNow(ctx);
  } finally {
    ctx.close();
  }
  return out(opts.json, r, () => {
    const lines: string[] = [];
    const images = r.variants.flatMap((v) => v.images.map((i) => ({ variant: v.variant, image: i.image, board: i.board, buildSystem: i.build_system, notBuilt: /derived, not built/.test(i.description) })));
    if (images.length > LIST_IN_FULL) lines.push(...summarizeBuilds(images));
    else for (const v of r.variants) {
      lines.push(`${v.variant}${v.board ? `  (board ${v.board})` : ''}${r.default_variant === v.variant ? '  [default]' : ''}`);
      for (const i of v.images) {
        const state = i.indexed ? `indexed ${i.indexed_at} UTC` : 'not indexed';
        lines.push(`  image ${i.image}${i.type ? ` (${i.type})` : ''}${i.default_image ? ' [default image]' : ''}: ${i.build_system}, ${i.provenance}${/derived, not built/.test(i.description) ? ' (not built)' : ''}, ${i.units} units${i.linked_units !== i.units ? ` (${i.linked_units} linked)` : ''} in ${i.build_dir}; ${state}${i.declared ? '' : i.unreadable ? `; cannot be read now, answers from its previous index: ${formatDiagnostic(i.unreadable)}` : '; build folder gone'}`);
      }
    }
    if (!lines.length) lines.push('No build found.');
    if (r.diagnostics.length) lines.push(`${r.diagnostics.length} diagnostic(s):`, formatDiagnostics(r.diagnostics));
    return lines.join('\n');
  });
}

/** Copies the bundled example firmware to a folder, indexes it and asks it a few questions. */
export async function runDemo(opts: CommonOptions & { dir?: string }): Promise<CommandOutput> {
  const dir = opts.dir ? path.resolve(opts.cwd, opts.dir) : fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-demo-'));
  const root = copyFixture(fixturePath('index', 'drivers-hal-cmake'), dir);
  await runInit({ cwd: root, json: true });
  const indexed = await runIndex({ cwd: root, json: false });
  const steps: [string, CommandOutput][] = [
    ['fw-context index', indexed],
    ['fw-context status', await runStatus({ cwd: root, json: false })],
    ['fw-context search "uart init" --limit 5', await runSearch({ cwd: root, json: false, query: 'uart init', limit: 5 })],
    ["fw-context lookup 'HAL_UART_*'", await runLookup({ cwd: root, json: false, name: 'HAL_UART_*' })],
    ['fw-context source uart_init', await runSource({ cwd: root, json: false, name: 'uart_init' })],
  ];
  if (opts.json) return { text: JSON.stringify({ project_root: root, steps: steps.map(([c, o]) => ({ command: c, exit_code: o.exitCode })) }, null, 2), exitCode: 0 };
  const text = [`Example firmware copied to ${root}`, ...steps.map(([c, o]) => `\n$ ${c}\n${o.text}`), `\nTry more: cd ${root} && fw-context search "serial write"`].join('\n');
  return { text, exitCode: steps.some(([, o]) => o.exitCode !== 0) ? 1 : 0 };
}
