// `fw-context status` from the package's CommonJS entry (bin.cjs). The build bundles this module with every
// module it imports into status-cli.cjs, which Node's CommonJS loader reads as one file: status starts without
// Node's ES module loader (its set-up, and a read through the thread pool per module). main.js runs status
// through the same bundle, so both entries stamp status's snapshot alike.
import { withDetectorOnDemand } from '../project/declared-builds.js';
import { commonOptions, parseCommandLine, writeOut } from './cli-options.js';
import type { CommandOutput, CommonOptions } from './command-kit.js';
import { runStatus } from './status-command.js';

/**
 * The bundle's own copies of the errors that code outside it checks (the bin, the ES modules it loads, tests):
 * `instanceof` knows the instances of every copy (model/shared-identity.ts).
 */
export { DetectorNotLoaded } from '../project/declared-builds.js';
export { QueryError } from '../query/query-error.js';

/**
 * runStatus, taking build detection when its answer needs it (a refusal naming the declared builds): from the
 * detection cache, else from the adapters. The bundle holds its own copy of declared-builds.js (and of its
 * detector lent or not), while build-detection.js and project-builds.js stay ES modules loaded from here: so the
 * detector is lent to the bundle's copy from what they export.
 */
export async function runStatusWithDetector(opts: CommonOptions): Promise<CommandOutput> {
  return withDetectorOnDemand(() => runStatus(opts), {
    fromCache: async () => (await import('../project/build-detection.js')).detectProjectBuildsFromCache,
    full: async () => (await import('../project/project-builds.js')).detectProjectBuilds,
    namesFromCache: async () => (await import('../project/build-detection.js')).declaredNamesFromCache,
  });
}

/**
 * Runs a command line naming status and gives its exit code; null when it is main.js's to run (another command,
 * --help, --version, or a flag main.js refuses with its usage text).
 */
export async function statusCommandLine(argv: string[]): Promise<number | null> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch {
    return null;
  }
  const { values: v, positionals } = parsed;
  // Several --variants: main.js refuses them with its message.
  if (positionals[0] !== 'status' || v.help || v.version || (v.variant?.length ?? 0) > 1) return null;
  const result = await runStatusWithDetector(commonOptions(v));
  writeOut(result.text.endsWith('\n') ? result.text : result.text + '\n');
  return result.exitCode;
}
