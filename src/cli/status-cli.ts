// `fw-context status` from the package's CommonJS entry (bin.cjs). The build bundles this module with every
// module it imports into status-cli.cjs, which Node's CommonJS loader reads as one file: status starts without
// Node's ES module loader (its set-up, and a read through the thread pool per module). main.js runs status
// through the same bundle, so both entries stamp status's snapshot alike.
import { DetectorNotLoaded, lendDetector } from '../project/declared-builds.js';
import { commonOptions, parseCommandLine, writeOut } from './cli-options.js';
import type { CommandOutput, CommonOptions } from './command-kit.js';
import { runStatus } from './status-command.js';

/**
 * runStatus, loading build detection when its answer needs it (a refusal naming the declared builds). The
 * bundle holds its own copy of declared-builds.js, while project-builds.js (an ES module, with the adapters)
 * lends its detector to the ES one: so it is lent here from what project-builds.js exports.
 */
export async function runStatusWithDetector(opts: CommonOptions): Promise<CommandOutput> {
  try {
    return await runStatus(opts);
  } catch (err) {
    if (!(err instanceof DetectorNotLoaded)) throw err;
    lendDetector((await import('../project/project-builds.js')).detectProjectBuilds);
    return runStatus(opts);
  }
}

/** The flags a plain status line may hold besides --json: each with its value as the next word or after `=`. */
const VALUE_FLAGS = new Map([
  ['-C', 'root'],
  ['--root', 'root'],
  ['--variant', 'variant'],
  ['--image', 'image'],
]);

/**
 * A line of words and the flags status takes (`--json`, `-C DIR`, `--root[=]DIR`, `--variant[=]V`, `--image[=]I`),
 * read as util.parseArgs reads it, without loading Node's parse_args modules and checking the whole option table;
 * undefined for any other line (another flag, a value that looks like a flag, `-Cdir`, `--`): parseArgs reads it.
 */
export function plainStatusLine(argv: string[]): ReturnType<typeof parseCommandLine> | undefined {
  const values: Record<string, string | boolean> = Object.create(null);
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (!word.startsWith('-')) {
      positionals.push(word);
      continue;
    }
    if (word === '--json') {
      values.json = true;
      continue;
    }
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const name = VALUE_FLAGS.get(eq > 0 ? word.slice(0, eq) : word);
    if (name === undefined) return undefined;
    if (eq > 0) {
      values[name] = word.slice(eq + 1);
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('-')) return undefined;
    values[name] = value;
    i++;
  }
  return { values, positionals } as ReturnType<typeof parseCommandLine>;
}

/**
 * Runs a command line naming status and gives its exit code; null when it is main.js's to run (another command,
 * --help, --version, or a flag main.js refuses with its usage text).
 */
export async function statusCommandLine(argv: string[]): Promise<number | null> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = plainStatusLine(argv) ?? parseCommandLine(argv);
  } catch {
    return null;
  }
  const { values: v, positionals } = parsed;
  if (positionals[0] !== 'status' || v.help || v.version) return null;
  const result = await runStatusWithDetector(commonOptions(v));
  writeOut(result.text.endsWith('\n') ? result.text : result.text + '\n');
  return result.exitCode;
}
