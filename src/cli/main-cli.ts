// fw-context's commands: parses a command line, runs the command's handler from a table (each loads its modules on
// first use), prints the result; errors print one line with a hint and exit 1 (--json: {error, hint}). main.js runs
// it as ES modules; the package's bin runs it from the command bundle (main-cli.cjs, see scripts/bundle-cli.mjs).
import type FsModule from 'node:fs';
import { createRequire } from 'node:module';
import { requirePackage } from '../model/require-package.js';
import { withDetectorOnDemand } from '../project/declared-builds.js';
import { QueryError } from '../query/query-error.js';
import { commonOptions, parseCommandLine, stdout, writeOut, type CommandLineValues } from './cli-options.js';
import type { CommonOptions } from './command-kit.js';
import type { CommandOutput } from './commands.js';
import type { CheckFormat } from './check-command.js';

/**
 * The bundle's own copies of the errors that code outside it checks (the bin, the ES modules it loads, tests):
 * `instanceof` knows the instances of every copy (model/shared-identity.ts).
 */
export { DetectorNotLoaded } from '../project/declared-builds.js';
export { QueryError } from '../query/query-error.js';

// Command modules load when their command runs: a read-only command never loads tree-sitter, the
// preprocessor or the MCP SDK, so `status`, `lookup` and `--version` start fast.
const commands = () => import('./commands.js');
// Status runs from its CommonJS bundle, loaded as the package's bin (bin.cjs) loads it: one file, and one snapshot
// stamp for both entries.
const statusCli = () => (createRequire(import.meta.url)('./bin.cjs') as typeof import('./bin.cjs')).loadStatusCli().cli;
const projectCommands = () => import('./project-commands.js');
const indexCommand = () => import('./index-command.js');
const memoryCommand = () => import('./memory-command.js');
const crossbuild = () => import('./crossbuild-commands.js');
const checkCommand = () => import('./check-command.js');
const reading = () => import('./reading-commands.js');
const searchSymbolsCommand = () => import('./search-symbols-command.js');
const findCommand = () => import('./find-command.js');
const callGraph = () => import('./call-graph-commands.js');

/** The help text but its first line: the commands and the options every command takes. */
const HELP = `Usage: fw-context <command> [options]

Commands:
  init                      create .fw-context/config.ini here and list the builds found
  index [--build]           index every build (only changed files are re-parsed); --build first
                            regenerates compile databases with cmake/west/pio/mbed-tools, configures
                            CMake presets (or CMakeLists.txt) never configured and dry-runs Makefiles;
                            -j/--jobs N preprocess and parse on N worker threads besides the main
                            thread (0: main thread only; default all cores but two, at most 8);
                            --variant/--image index only those (a board or build folder names its variant;
                            --variant again for each further variant);
                            --all-content also gives find's trigram index the text files no build reads
                            (left by default to \`fw-context serve\`, which fills them in the background;
                            find reads them whole until then);
                            exit 0 all indexed (warnings allowed), 1 a build could not be indexed (the
                            others are; it keeps its previous index), no build found, or --build failed
  variants                  every build (variant, images, board, build system), indexed or not
  memory                    memory regions, entry point and usage of a build's linker script;
                            exit 1 when the indexed script had an error (file:line printed)
  memory --script PATH [-D NAME[=V]]... [--defsym NAME=V]...
                            the same for any linker script, preprocessed with exactly those defines;
                            exit 1 when the script has an error (file:line printed)
  status                    state of the index (the get_active_build answer)
  check [--format text|json|github]
                            does the index match every build as the build system describes it now?
                            exit 0 yes, 1 no (one line per problem), 2 cannot tell; github: annotations
  search QUERY              find symbols by concept   [--kind K] [--limit N] [--offset N] [--project-only]
  lookup NAME               find symbols by exact name (NAME* or --prefix for a prefix)
                            [--kind K] [--limit N] [--offset N] [--project-only]
  source NAME               print a symbol's source   [--file PATH] [--line N]
  refs NAME                 uses of a function (calls, pointer stores, vector slots), each with its kind and the function it sits in
                            [--limit N] [--offset N] [--project-only]
  symbols                   every symbol of the build, one per line   [--kind K] [--file PATH]
  symbols --glob PATTERN    declarations by name pattern (* and ?, Type.member)   [--kind K] [--limit N] [--offset N]
  where NAME                every build: is NAME defined, only declared or absent there, and which #if
                            decides it (macros: their value per build)   [--kind K]
  where FILE:LINE           every build: is that line compiled, and which #if keeps it out
  diff A B                  what differs between two builds (VARIANT or VARIANT:IMAGE): units, files,
                            symbols, -D defines, Kconfig, memory regions, linker symbols
                            [--section S] [--limit N] [--offset N]
  bodies QUERY              function bodies holding every word of QUERY (literal, case-insensitive)
                            [--limit N] [--offset N] [--project-only]
  read FILE                 a file as the build compiles it (other branches blank, numbering kept)
                            [--start-line N] [--end-line N] [--plain]
  file-map FILE             a file's symbols grouped by kind   [--kind K] [--signatures]
  vars NAME                 variables whose name holds NAME, with readers and writers
                            [--scope global|static|local|field] [--max-refs N]
  context NAME              source, callers, callees and constants of a symbol   [--file PATH] [--line N]
  inheritance CLASS         bases and subclasses of a C++ class   [--direct]
  members CLASS             fields, methods, constructors of a class   [--inherited]
  overrides METHOD          the classes declaring a method, with what each overrides
  instances TEMPLATE        argument lists a template is instantiated with
  find QUERY                files, text and declarations; /re/ regex, "phrase" literal
                            [--target files|content|symbols|auto] [--match literal|word|regex|fuzzy]
                            [--glob G]... [--build-only] [--ignore-case] [--limit N] [--skip N --page-identity ID]
  serve [--poll] [--no-refresh]
                            run the MCP server on stdio; it re-indexes edited files in the background
                            (file watcher, or --poll every 2 s; --no-refresh: never, answers only warn)
  callers NAME / callees NAME
                            call sites of a function / calls it makes (written, macro-made, indirect)
  call-path FROM TO         up to 5 shortest call chains   [--depth N]
  callers-tree NAME / callees-tree NAME
                            transitive callers / callees   [--depth N]
  hotspots / dead-code      most-called functions / functions nothing calls or references
  indirect-calls [NAME]     calls through function pointers (all when NAME is left out)
  indirect-targets NAME     functions a pointer call can reach   [--file PATH] [--line N]
  vectors                   interrupt vector table: slot, handler, and stack_pointer (slot 0)/handled/
                            default/unhandled/runtime
  check-preprocessor [compile_commands.json]
                            compare every #if decision with the real compiler's (-E) for each unit
                            whose compiler is installed; exit 1 on any disagreement
  check-callgraph [compile_commands.json]
                            compare the indexed call graph with GCC's (-fcallgraph-info -fno-inline
                            -fno-ipa-icf) for each unit, against an image that links it; exit 1 when a
                            compiler call edge or indirect call is missing
  demo [--dir DIR]          copy the bundled example firmware, index it and query it

Options for every command:
  --json                    machine-readable output
  --variant V, --image I    the build to answer from (needed when the project has several)
  -C, --root DIR            run as if started in DIR
  -h, --help, --version`;

/** The help text; the version is read (package.json) only when it is printed. */
async function usage(): Promise<string> {
  const { VERSION } = await import('../version.js');
  return `fw-context ${VERSION} — build-exact code knowledge of C/C++ firmware repositories\n\n${HELP}`;
}

function nonNegative(flag: string, n: number | undefined): number | undefined {
  if (n !== undefined && n < 0) throw new QueryError(`--${flag} must be 0 or more, got ${n}`, `for example --${flag} 0 (main thread only)`);
  return n;
}

function int(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new QueryError(`--${flag} must be an integer, got "${v}"`, `for example --${flag} 20`);
  return n;
}

function stderrIsCharDevice(): boolean {
  try {
    return (requirePackage('node:fs') as typeof FsModule).fstatSync(2).isCharacterDevice();
  } catch {
    return false;
  }
}

function progressPrinter(): ((m: string) => void) | undefined {
  // A terminal is a character device: a pipe or a file (a script's run, the bench's) is told by one fstat, without
  // making process.stderr (a stream; for a pipe, a socket too, with their modules: ~20 of Node's).
  if (!stderrIsCharDevice() || !process.stderr.isTTY) return undefined;
  return (m: string) => process.stderr.write(`\r\x1b[2K${m.slice(0, (process.stderr.columns ?? 100) - 1)}`);
}

/**
 * Runs ARGV as the process's command line (main.js and the bin alike): its exit code, or 1 with the error printed
 * when the run throws.
 */
export function runAsProcess(argv: string[]): Promise<void> {
  return runCommandLine(argv).then(
    (code) => {
      if (code >= 0) process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`fw-context: ${(err as Error).stack ?? err}\n`);
      process.exitCode = 1;
    },
  );
}

/** A parsed command line as the command handlers read it. */
interface CommandLine {
  command: string;
  /** The flags. */
  v: CommandLineValues;
  /** The positionals after the command. */
  rest: string[];
  common: CommonOptions;
  /** The positionals as one argument; refuses an empty one, naming WHAT the command needs. */
  needArg(what: string): string;
}

/** Runs one command: its result, or an exit code when it printed its own answer (or goes on running: -1). */
type CommandHandler = (line: CommandLine) => Promise<CommandOutput | number>;

/** The --limit and --offset of a paged command. */
const page = ({ v }: CommandLine) => ({ limit: int('limit', v.limit), offset: int('offset', v.offset) });

/** Project setup (project-commands.js), indexing and the linker's memory. */
const PROJECT_COMMANDS: Record<string, CommandHandler> = {
  init: async ({ v, common }) => (await projectCommands()).runInit({ ...common, force: v.force }),
  variants: async ({ common }) => (await projectCommands()).runVariants(common),
  'check-preprocessor': async ({ rest, common }) => (await projectCommands()).runCheckPreprocessor({ ...common, compileCommands: rest[0] }),
  demo: async ({ v, common }) => (await projectCommands()).runDemo({ ...common, dir: v.dir }),
  index: async ({ v, rest, common }) => {
    // A folder named after `index` would be ignored (the project is the one around the working directory).
    if (rest.length) throw new QueryError(`index takes no argument, got "${rest.join(' ')}"`, `to index another folder: fw-context -C ${rest[0]} index`);
    const progress = v.json ? undefined : progressPrinter();
    const result = await (await indexCommand()).runIndex({ ...common, build: v.build, jobs: nonNegative('jobs', int('jobs', v.jobs)), allContent: v['all-content'], onProgress: progress });
    if (progress) process.stderr.write('\r\x1b[2K');
    return result;
  },
  memory: async ({ v, common }) => (await memoryCommand()).runMemory({ ...common, script: v.script, defines: v.define, defsyms: v.defsym }),
};

/** The index's state (the status bundle) and whether it matches the builds (check-command.js). */
const STATE_COMMANDS: Record<string, CommandHandler> = {
  status: async ({ common }) => statusCli().runStatusWithDetector(common),
  check: async ({ v, common }) => {
    const format = v.format ?? 'text';
    const { CHECK_FORMATS, runCheck } = await checkCommand();
    if (!CHECK_FORMATS.includes(format as CheckFormat)) {
      process.stderr.write(`fw-context: --format must be one of ${CHECK_FORMATS.join(', ')}, got "${format}"\nhint: for example fw-context check --format github\n`);
      return 2;
    }
    return runCheck({ ...common, format: format as CheckFormat });
  },
};

/** Symbol queries (commands.js; symbols --glob from search-symbols-command.js) and find (find-command.js). */
const SYMBOL_COMMANDS: Record<string, CommandHandler> = {
  search: async (l) => (await commands()).runSearch({ ...l.common, query: l.needArg('QUERY'), kind: l.v.kind, ...page(l), projectOnly: l.v['project-only'] }),
  lookup: async (l) => (await commands()).runLookup({ ...l.common, name: l.needArg('NAME'), kind: l.v.kind, prefix: l.v.prefix, ...page(l), projectOnly: l.v['project-only'] }),
  source: async ({ v, common, needArg }) => (await commands()).runSource({ ...common, name: needArg('NAME'), file: v.file, line: int('line', v.line) }),
  refs: async (l) => (await commands()).runRefs({ ...l.common, name: l.needArg('NAME'), ...page(l), projectOnly: l.v['project-only'] }),
  symbols: async (l) => {
    const { v, common } = l;
    if (v.glob !== undefined) return (await searchSymbolsCommand()).runSearchSymbols({ ...common, glob: v.glob[v.glob.length - 1], kind: v.kind, ...page(l) });
    return (await commands()).runSymbols({ ...common, kind: v.kind, file: v.file });
  },
  find: async ({ v, common, needArg }) =>
    (await findCommand()).runFind({ ...common, query: needArg('QUERY'), target: v.target, match: v.match, globs: v.glob, limit: int('limit', v.limit), skip: int('skip', v.skip), pageIdentity: v['page-identity'], buildOnly: v['build-only'], ignoreCase: v['ignore-case'] }),
};

/** Every build at once (crossbuild-commands.js). */
const CROSSBUILD_COMMANDS: Record<string, CommandHandler> = {
  where: async (l) => (await crossbuild()).runWhere({ ...l.common, target: l.needArg('NAME or FILE:LINE'), kind: l.v.kind, ...page(l) }),
  diff: async (l) => {
    if (l.rest.length !== 2) throw new QueryError('diff needs two builds', 'fw-context diff VARIANT[:IMAGE] VARIANT[:IMAGE]');
    return (await crossbuild()).runDiff({ ...l.common, a: l.rest[0], b: l.rest[1], section: l.v.section, ...page(l) });
  },
};

/** Reading code as the build compiles it (reading-commands.js). */
const READING_COMMANDS: Record<string, CommandHandler> = {
  bodies: async (l) => (await reading()).runBodies({ ...l.common, query: l.needArg('QUERY'), ...page(l), projectOnly: l.v['project-only'] }),
  read: async ({ v, common, needArg }) =>
    (await reading()).runRead({ ...common, filePath: needArg('FILE'), startLine: int('start-line', v['start-line']), endLine: int('end-line', v['end-line']), lineNumbers: !v.plain }),
  'file-map': async (l) => (await reading()).runFileMap({ ...l.common, filePath: l.needArg('FILE'), kind: l.v.kind, signatures: l.v.signatures, ...page(l) }),
  vars: async (l) => (await reading()).runVars({ ...l.common, name: l.needArg('NAME'), scope: l.v.scope, maxRefs: int('max-refs', l.v['max-refs']), ...page(l) }),
  context: async ({ v, common, needArg }) => (await reading()).runContext({ ...common, name: needArg('NAME'), file: v.file, line: int('line', v.line) }),
  inheritance: async ({ v, common, needArg }) => (await reading()).runInheritance({ ...common, className: needArg('CLASS'), transitive: !v.direct }),
  members: async ({ v, common, needArg }) => (await reading()).runMembers({ ...common, className: needArg('CLASS'), includeInherited: v.inherited }),
  overrides: async ({ common, needArg }) => (await reading()).runOverrides({ ...common, methodName: needArg('METHOD') }),
  instances: async (l) => (await reading()).runInstances({ ...l.common, templateName: l.needArg('TEMPLATE'), ...page(l) }),
};

/** The call graph checked against GCC's (call-graph-commands.js; its queries: runCallGraphOrUnknown) and the MCP server. */
const SERVER_AND_GRAPH_COMMANDS: Record<string, CommandHandler> = {
  'check-callgraph': async ({ rest, common }) => (await callGraph()).runCheckCallGraph({ ...common, compileCommands: rest[0] }),
  serve: async ({ v, common }) => {
    // FW_CONTEXT_REFRESH_HOLD_MS: each background refresh waits that long first (for tests of the `reindexing` state).
    const holdMs = Number(process.env.FW_CONTEXT_REFRESH_HOLD_MS ?? 0) || undefined;
    const { createFwContextServer } = await import('../mcp/server.js');
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
    const fw = createFwContextServer({ cwd: common.cwd, keepFresh: v['no-refresh'] ? false : { polling: !!v.poll, holdMs } });
    process.stdin.on('end', () => fw.close());
    stdout();
    await fw.server.connect(new StdioServerTransport());
    return -1;
  },
};

/** Every command but the call-graph queries, by name; each handler loads only its own command modules. */
const COMMANDS: Record<string, CommandHandler> = {
  ...PROJECT_COMMANDS,
  ...STATE_COMMANDS,
  ...SYMBOL_COMMANDS,
  ...CROSSBUILD_COMMANDS,
  ...READING_COMMANDS,
  ...SERVER_AND_GRAPH_COMMANDS,
};

/** Any other command: a call-graph query (callers, call-path, hotspots, ...) or an unknown command (exit 2, with the help). */
async function runCallGraphOrUnknown(l: CommandLine): Promise<CommandOutput | number> {
  const { command, v, rest, common } = l;
  const { CALL_GRAPH_COMMANDS, runCallGraph } = await callGraph();
  if (CALL_GRAPH_COMMANDS.includes(command)) {
    return runCallGraph(command, { ...common, args: rest, ...page(l), depth: int('depth', v.depth), file: v.file, line: int('line', v.line), projectOnly: v['project-only'] });
  }
  process.stderr.write(`fw-context: unknown command "${command}"\n\n${await usage()}\n`);
  return 2;
}

/** Runs the command LINE names (own properties only: `constructor` is no command). */
function runCommand(line: CommandLine): Promise<CommandOutput | number> {
  return Object.hasOwn(COMMANDS, line.command) ? COMMANDS[line.command](line) : runCallGraphOrUnknown(line);
}

/** A refused or failed command: one line with a hint on stderr, or {error, hint} with --json; exit 1. */
async function printFailure(err: unknown, json: boolean): Promise<number> {
  const e = err instanceof QueryError ? err : new QueryError((err as Error).message, 'see fw-context --help');
  // Refusals name flags and commands here, not the MCP arguments and tools they name for agents.
  const { CLI_SURFACE } = await import('./cli-surface.js');
  const said = e.render(CLI_SURFACE);
  if (json) stdout().write(JSON.stringify(said, null, 2) + '\n');
  else process.stderr.write(`fw-context: ${said.error}\nhint: ${said.hint}\n`);
  return 1;
}

/** The refusal of several `--variant`s by a command that answers from one build (or lists every build). */
function severalVariantsRefused(command: string, variants: string[]): QueryError {
  return new QueryError(`${command} takes one --variant, got ${variants.length} (${variants.join(', ')})`, 'give one --variant; `fw-context index` is the command that takes several (it indexes each)');
}

/** Runs a command line and gives its exit code; -1 when the command goes on running (serve). */
export async function runCommandLine(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseCommandLine(argv);
  } catch (err) {
    process.stderr.write(`fw-context: ${(err as Error).message}\n\n${await usage()}\n`);
    return 2;
  }
  const { values: v, positionals } = parsed;
  if (v.version) {
    stdout().write(`${(await import('../version.js')).VERSION}\n`);
    return 0;
  }
  const [command, ...rest] = positionals;
  if (!command || v.help) {
    stdout().write(`${await usage()}\n`);
    return command || v.help ? 0 : 2;
  }
  const common = commonOptions(v);
  const needArg = (what: string) => {
    const arg = rest.join(' ').trim();
    if (!arg) throw new QueryError(`${command} needs ${what}`, `fw-context ${command} <${what}>`);
    return arg;
  };
  const line: CommandLine = { command, v, rest, common, needArg };
  let result: CommandOutput | number;
  try {
    if (common.variants && command !== 'index') throw severalVariantsRefused(command, common.variants);
    // A read-only command that turns out to need build detection (a refusal naming builds not indexed yet)
    // loads the adapters then and runs again: the others never load them.
    result = await withDetectorOnDemand(() => runCommand(line));
  } catch (err) {
    return printFailure(err, common.json);
  }
  if (typeof result === 'number') return result;
  if (result.pieces) {
    for (const piece of result.pieces()) writeOut(piece);
    writeOut('\n');
  } else writeOut(result.text.endsWith('\n') ? result.text : result.text + '\n');
  return result.exitCode;
}
