// `fw-context index`: (re)indexes the project's builds, waiting while another run holds the writer lock.
// In its own module so that an index run loads neither the query modules nor the indexer before it needs them.
import fs from 'node:fs';
import type { IndexResult } from '../indexer/index-project.js';
import { IndexBusyError } from '../indexer/index-lock.js';
import type { RegenerateOutcome } from '../indexer/regenerate-build.js';
import { configPath, DEFAULT_CONFIG, readConfig, writeConfig } from '../project/config.js';
import { out, rootFor, type CommandOutput, type CommonOptions } from './command-kit.js';
import { formatDiagnostics, formatIndexResult } from './format-text.js';

export async function runIndex(opts: CommonOptions & { build?: boolean; onProgress?: (m: string) => void }): Promise<CommandOutput> {
  const root = rootFor(opts.cwd);
  if (!fs.existsSync(configPath(root))) writeConfig(root, { ...DEFAULT_CONFIG });
  // The indexer (preprocessor, tree-sitter) loads only for commands that write the index.
  const { indexProject } = await import('../indexer/index-project.js');
  let regenerated: RegenerateOutcome[] = [];
  if (opts.build) {
    const { regenerateBuilds } = await import('../indexer/regenerate-build.js');
    const { detectProjectBuilds } = await import('../project/project-builds.js');
    const { selectBuildsByName } = await import('../query/variant-aliases.js');
    const { builds } = detectProjectBuilds(root, readConfig(root));
    const selected = selectBuildsByName(builds, opts, root);
    regenerated = regenerateBuilds(root, selected, opts.onProgress);
  }
  const result: IndexResult = await indexWhenFree(() => indexProject({ root, variant: opts.variant, image: opts.image, onProgress: opts.onProgress }), opts.onProgress);
  const failed = result.builds.length > 0 && result.builds.every((b) => b.error);
  const none = result.builds.length === 0;
  const regenText = regenerated.map((r) => `  ${r.variant}/${r.image}: ${r.action}${r.command ? ` (${r.command})` : ''}${r.action === 'regenerated' ? '' : ` — ${r.message}`}`);
  const text = () =>
    [
      ...(regenText.length ? ['Regenerating compile databases:', ...regenText] : []),
      none ? `No build found in ${root}.\n${formatDiagnostics(result.diagnostics)}\nBuild the firmware once so it writes compile_commands.json, then run fw-context index again.` : formatIndexResult(result),
    ].join('\n');
  const exit = failed || none || regenerated.some((r) => r.action === 'failed') ? 1 : 0;
  return out(opts.json, opts.build ? { ...result, regenerated } : result, text, exit);
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

