// The command line's options and where a command's result goes, shared by main.ts (every command) and
// status-cli.ts (status from the CommonJS entry, which loads no other CLI module).
import type FsModule from 'node:fs';
import type UtilModule from 'node:util';
import { requirePackage } from '../model/require-package.js';
import type { CommonOptions } from './command-kit.js';

// node:fs and node:util by require: an ES import of node:fs builds its ES facade, whose `promises` getter loads
// fs/promises, streams and readline (~20 internal modules a read-only command never uses). util.parseArgs is
// read when a line is parsed with it: its first read loads Node's two parse_args modules (every command reads a
// plain line without it, see plainCommandLine).
const fs = requirePackage('node:fs') as typeof FsModule;
const util = requirePackage('node:util') as typeof UtilModule;

const OPTIONS = {
  json: { type: 'boolean' },
  format: { type: 'string' },
  variant: { type: 'string', multiple: true },
  image: { type: 'string' },
  root: { type: 'string', short: 'C' },
  kind: { type: 'string' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  'project-only': { type: 'boolean' },
  prefix: { type: 'boolean' },
  file: { type: 'string' },
  glob: { type: 'string', multiple: true },
  target: { type: 'string' },
  match: { type: 'string' },
  skip: { type: 'string' },
  'page-identity': { type: 'string' },
  'build-only': { type: 'boolean' },
  'ignore-case': { type: 'boolean' },
  line: { type: 'string' },
  dir: { type: 'string' },
  depth: { type: 'string' },
  force: { type: 'boolean' },
  build: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' },
  'all-content': { type: 'boolean' },
  poll: { type: 'boolean' },
  'no-refresh': { type: 'boolean' },
  script: { type: 'string' },
  section: { type: 'string' },
  define: { type: 'string', short: 'D', multiple: true },
  defsym: { type: 'string', multiple: true },
  'start-line': { type: 'string' },
  'end-line': { type: 'string' },
  plain: { type: 'boolean' },
  signatures: { type: 'boolean' },
  scope: { type: 'string' },
  'max-refs': { type: 'string' },
  direct: { type: 'boolean' },
  inherited: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

type ParsedLine = ReturnType<typeof parseArgsLine>;

/** The command line as util.parseArgs reads it (parseCommandLine's answer for every line). */
export function parseArgsLine(argv: string[]) {
  return util.parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

/** The flags and positionals of a command line; throws on an unknown flag or a flag missing its value. */
export function parseCommandLine(argv: string[]): ParsedLine {
  return plainCommandLine(argv) ?? parseArgsLine(argv);
}

export type CommandLineValues = ParsedLine['values'];

type OptionSpec = { type: 'boolean' | 'string'; short?: string; multiple?: boolean };

/** Each flag as written (`--name`, and `-x` for a short one) and its option. */
const FLAGS = new Map<string, [string, OptionSpec]>();
for (const [name, spec] of Object.entries(OPTIONS) as [string, OptionSpec][]) {
  FLAGS.set(`--${name}`, [name, spec]);
  if (spec.short) FLAGS.set(`-${spec.short}`, [name, spec]);
}

/**
 * A command line of words and known flags, each whole (`--name`, `--name=value`, `-x`) with a string flag's value
 * after `=` or as the next word, read as util.parseArgs reads it, without loading Node's parse_args modules and
 * checking the whole option table on every run; undefined for any other line (an unknown flag, a value that looks
 * like a flag or is missing, `-xvalue`, `--`, `-`): parseArgs reads it and says what is wrong.
 */
export function plainCommandLine(argv: string[]): ParsedLine | undefined {
  const values: Record<string, string | boolean | string[]> = Object.create(null);
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (!word.startsWith('-')) {
      positionals.push(word);
      continue;
    }
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const flag = FLAGS.get(eq > 0 ? word.slice(0, eq) : word);
    if (!flag) return undefined;
    const [name, spec] = flag;
    let value: string | true;
    if (spec.type === 'boolean') {
      if (eq > 0) return undefined;
      value = true;
    } else if (eq > 0) value = word.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('-')) return undefined;
      value = next;
      i++;
    }
    if (spec.multiple) ((values[name] ??= []) as (string | true)[]).push(value);
    else values[name] = value;
  }
  return { values, positionals } as ParsedLine;
}

/** The options every command takes: the project folder, --json and the build. */
export function commonOptions(v: CommandLineValues): CommonOptions {
  // Under this package's own `npm run` scripts the working directory is the package root; INIT_CWD is where
  // the user was. Only those scripts: a child of some other npm script inherits a foreign INIT_CWD.
  const ownScript = ['check:preprocessor', 'start'].includes(process.env.npm_lifecycle_event ?? '');
  const variants = v.variant ?? [];
  const cwd = v.root ?? (ownScript ? process.env.INIT_CWD : undefined) ?? process.cwd();
  return { cwd, json: !!v.json, variant: variants[0], ...(variants.length > 1 ? { variants } : {}), image: v.image };
}

let stdoutGuarded = false;

/**
 * process.stdout, made on first use: a command that prints one result writes it with writeOut and never sets up
 * the stream. A reader that stops early (`fw-context symbols | head`) closes the pipe: end quietly, as other CLIs do.
 */
export function stdout(): NodeJS.WriteStream {
  if (!stdoutGuarded) {
    stdoutGuarded = true;
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
      process.exit(process.exitCode ?? 0);
    });
  }
  return process.stdout;
}

/** A command's result, written straight to file descriptor 1; what it refuses (a full non-blocking pipe) goes through process.stdout. */
export function writeOut(text: string): void {
  const bytes = Buffer.from(text);
  let done = 0;
  try {
    while (done < bytes.length) done += fs.writeSync(1, bytes, done);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') process.exit(process.exitCode ?? 0);
    stdout().write(bytes.subarray(done));
  }
}
