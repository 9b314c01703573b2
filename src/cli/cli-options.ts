// The command line's options and where a command's result goes, shared by main.ts (every command) and
// status-cli.ts (status from the CommonJS entry, which loads no other CLI module).
import type FsModule from 'node:fs';
import type UtilModule from 'node:util';
import { requirePackage } from '../model/require-package.js';
import type { CommonOptions } from './command-kit.js';

// node:fs and node:util by require: an ES import of node:fs builds its ES facade, whose `promises` getter loads
// fs/promises, streams and readline (~20 internal modules a read-only command never uses). util.parseArgs is
// read when a line is parsed with it: its first read loads Node's two parse_args modules (status reads its
// common lines without it, see status-cli.ts).
const fs = requirePackage('node:fs') as typeof FsModule;
const util = requirePackage('node:util') as typeof UtilModule;

const OPTIONS = {
  json: { type: 'boolean' },
  format: { type: 'string' },
  variant: { type: 'string' },
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

/** The flags and positionals of a command line; throws on an unknown flag or a flag missing its value. */
export function parseCommandLine(argv: string[]) {
  return util.parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

export type CommandLineValues = ReturnType<typeof parseCommandLine>['values'];

/** The options every command takes: the project folder, --json and the build. */
export function commonOptions(v: CommandLineValues): CommonOptions {
  // Under this package's own `npm run` scripts the working directory is the package root; INIT_CWD is where
  // the user was. Only those scripts: a child of some other npm script inherits a foreign INIT_CWD.
  const ownScript = ['check:preprocessor', 'start'].includes(process.env.npm_lifecycle_event ?? '');
  return { cwd: v.root ?? (ownScript ? process.env.INIT_CWD : undefined) ?? process.cwd(), json: !!v.json, variant: v.variant, image: v.image };
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
