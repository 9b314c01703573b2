// `fw-context index`: (re)indexes the project's builds, waiting while another run holds the writer lock.
// In its own module so that an index run loads neither the query modules nor the indexer before it needs them.
import fs from 'node:fs';
import path from 'node:path';
import type { IndexResult } from '../indexer/index-project.js';
import { IndexBusyError } from '../indexer/index-lock.js';
import type { RegenerateOutcome } from '../indexer/regenerate-build.js';
import { compilerCachePath, configPath, DEFAULT_CONFIG, readConfig, writeConfig } from '../project/config.js';
import { outInPieces, rootFor, type CommandOutput, type CommonOptions } from './command-kit.js';
import { formatDiagnostics, formatIndexResult } from './format-text.js';
import { formatDiagnostic } from '../model/diagnostic.js';

export async function runIndex(opts: CommonOptions & { build?: boolean; jobs?: number; allContent?: boolean; onProgress?: (m: string) => void }): Promise<CommandOutput> {
  const root = rootFor(opts.cwd);
  const variant = opts.variants ?? opts.variant;
  if (!fs.existsSync(configPath(root))) writeConfig(root, { ...DEFAULT_CONFIG });
  // This process indexes and exits: V8 optimizes only what stays hot (see short-run-tiering.ts). Compilers are
  // asked when none answered yet.
  (await import('../indexer/short-run-tiering.js')).tuneTieringForShortRun(!fs.existsSync(compilerCachePath(root)));
  // And a run of few builds keeps more of malloc's freed memory (see few-build-malloc.ts).
  (await import('../indexer/few-build-malloc.js')).allowFewBuildMalloc();
  // The indexer (preprocessor, tree-sitter) loads only for commands that write the index.
  const { indexProject } = await import('../indexer/index-project.js');
  let regenerated: RegenerateOutcome[] = [];
  if (opts.build) {
    const { regenerateBuilds } = await import('../indexer/regenerate-build.js');
    const { detectProjectBuilds } = await import('../project/project-builds.js');
    const { selectBuildsByName } = await import('../query/variant-aliases.js');
    const { builds } = detectProjectBuilds(root, readConfig(root));
    const selected = selectBuildsByName(builds, { variant, image: opts.image }, root);
    regenerated = regenerateBuilds(root, selected, opts.onProgress);
  }
  const result: IndexResult = await indexWhenFree(() => indexProject({ root, variant, image: opts.image, onProgress: opts.onProgress, fillContent: opts.allContent, ...(opts.jobs !== undefined ? { workers: opts.jobs } : {}) }), opts.onProgress);
  const none = result.builds.length === 0;
  const failures = indexFailures(result, !!(opts.variant || opts.image));
  const regenText = regenerated.map((r) => `  ${r.variant}/${r.image}: ${r.action}${r.command ? ` (${r.command})` : ''}${r.action === 'regenerated' ? '' : ` — ${r.message}`}`);
  const text = () =>
    [
      ...(regenText.length ? ['Regenerating compile databases:', ...regenText] : []),
      none ? `No build found in ${root}.\n${formatDiagnostics(result.diagnostics)}\nBuild the firmware once so it writes compile_commands.json, then run fw-context index again.` : formatIndexResult(result),
      ...(failures.length && !none ? [formatFailures(failures)] : []),
    ].join('\n');
  const exit = failures.length || none || regenerated.some((r) => r.action === 'failed') ? 1 : 0;
  return outInPieces(opts.json, { ...result, failed: failures, ...(opts.build ? { regenerated } : {}) }, text, exit);
}

/** A build this run could not index (its previous index, if any, still answers), or a project file that kept builds from being read. */
export interface IndexFailure {
  variant?: string;
  image?: string;
  file: string;
  line?: number;
  message: string;
  fix?: string;
}

/**
 * What makes `index` exit 1 although other builds were indexed: a build whose indexing failed, and, on a full
 * run, every error that kept a build from being described (a compile database cut short or not valid JSON, a
 * broken platformio.ini or domains.yaml). A run naming builds (--variant/--image) answers for those alone.
 * Warnings and errors inside an indexed build's files (a binary file, a linker script) do not count.
 */
export function indexFailures(result: IndexResult, targeted: boolean): IndexFailure[] {
  const failures: IndexFailure[] = [];
  const shown = (file: string) => {
    const rel = path.relative(result.root, path.resolve(result.root, file));
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
  };
  for (const b of result.builds) {
    if (!b.error) continue;
    const d = b.diagnostics.find((x) => x.severity === 'error');
    failures.push({ variant: b.variant, image: b.image, file: shown(d?.file ?? result.root), message: `indexing failed: ${b.error}; its previous index is kept`, fix: d?.fix });
  }
  if (!targeted) for (const d of result.diagnostics) if (d.severity === 'error') failures.push({ file: shown(d.file), line: d.line, message: d.message, fix: d.fix });
  return failures;
}

function formatFailures(failures: IndexFailure[]): string {
  const lines = failures.map((f) => {
    const build = f.variant ? `${f.variant}/${f.image}: ` : '';
    return `  ${build}${formatDiagnostic({ severity: 'error', file: f.file, line: f.line, message: f.message, fix: f.fix })}`;
  });
  return [`${failures.length} problem(s) kept builds from being indexed (exit 1; a build indexed before keeps answering from its previous index):`, ...lines].join('\n');
}

const LOCK_WAIT_MS = 30 * 60_000;

/** Run `index`, waiting while another run (a server's background refresh, another shell) holds the writer lock. */
async function indexWhenFree(index: () => Promise<IndexResult>, onProgress?: (m: string) => void): Promise<IndexResult> {
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      return await index();
    } catch (err) {
      if (!(err instanceof IndexBusyError) || Date.now() > until) throw err;
      onProgress?.(`waiting: ${err.message}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

