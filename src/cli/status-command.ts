// `fw-context status`: the get_active_build answer. It answers from status's snapshot of the index while the
// index is unchanged (no SQLite loaded), else from the index itself (status-snapshot.ts).
import { DetectorNotLoaded } from '../project/declared-builds.js';
import { getActiveBuild } from '../query/active-build.js';
import { answerWithSnapshot } from '../query/status-snapshot.js';
import { out, type CommandOutput, type CommonOptions } from './command-kit.js';
import { formatStatus } from './format-text.js';

export async function runStatus(opts: CommonOptions): Promise<CommandOutput> {
  const sqlite = async () => (await import('../query/project-context.js')).openSqliteReader;
  try {
    const s = await answerWithSnapshot(opts.cwd, (ctx, hashes) => getActiveBuild(ctx, opts, null, hashes), sqlite);
    return out(opts.json, s, () => formatStatus(s));
  } catch (err) {
    if (err instanceof DetectorNotLoaded) throw err;
    const e = { error: (err as Error).message };
    return out(opts.json, e, () => formatStatus(e), 1);
  }
}
