// Flag lines that are commands (`!python script.py`, `!pkg-config --cflags x`): SCons' ParseFlags runs the rest of
// such a line in a shell and reads what it prints as flags. Run in the project folder when the project allows it
// ([platformio] dynamic_build_flags = run in .fw-context/config.ini), else left out; either way named in one note.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Diagnostic } from '../contract.js';
import { pathKind, readDetectedFile, readDetectedText } from '../shared/detect-inputs.js';
import type { PioProjectConfig } from './project-config.js';

/** What one command printed, or why it gave nothing. */
type CommandRun = { output: string } | { error: string };

/** One project's commands: whether they run, each command's run (once for all envs), and where each was met. */
export interface FlagCommands {
  run: boolean;
  projectDir: string;
  runs: Map<string, CommandRun>;
  /** Command → where it is written and the envs whose flags hold it. */
  seen: Map<string, { file: string; line?: number; envs: string[] }>;
}

export function newFlagCommands(run: boolean, projectDir: string): FlagCommands {
  return { run, projectDir, runs: new Map(), seen: new Map() };
}

/** Where a flag line was met: the env's section and option (the note names its file and line, and the envs). */
interface FlagLineSite {
  config: PioProjectConfig;
  section: string;
  option: string;
  env: string;
}

/** How long one command may take before it is stopped (PlatformIO waits for it; an index must not hang on one). */
const COMMAND_TIMEOUT_MS = 60_000;

/**
 * `lines` (one option's values, as PlatformIO splits them) with each command line replaced by what it printed when
 * commands run, or left out when they do not or it failed. Other lines are kept as written.
 */
export function expandFlagCommands(lines: string[], where: FlagLineSite, commands: FlagCommands): string[] {
  if (!lines.some((l) => l.startsWith('!'))) return lines;
  const out: string[] = [];
  for (const line of lines) {
    if (!line.startsWith('!')) {
      out.push(line);
      continue;
    }
    const command = line.slice(1).trim();
    noteSeen(command, where, commands);
    if (!commands.run) continue;
    const run = runOnce(command, commands);
    if ('output' in run) out.push(run.output.replace(/\s+/g, ' ').trim());
  }
  return out;
}

function noteSeen(command: string, where: FlagLineSite, commands: FlagCommands): void {
  const known = commands.seen.get(command);
  if (known) {
    if (!known.envs.includes(where.env)) known.envs.push(where.env);
    return;
  }
  commands.seen.set(command, { ...commandLocation(where.config, where.section, where.option, command), envs: [where.env] });
}

/**
 * The file and line that write `!command`: in the option as the section reads it, else (an interpolation brought it)
 * in whichever section writes it; else the option's own line.
 */
function commandLocation(config: PioProjectConfig, section: string, option: string, command: string): { file: string; line?: number } {
  const isCommand = (l: string) => l.trim().startsWith('!') && l.trim().slice(1).trim() === command;
  const raw = config.rawOption(section, option);
  const candidates = [...(raw ? [raw] : []), ...[...config.sections.values()].flatMap((s) => [...s.options.values()])];
  const o = candidates.find((c) => c.value.split('\n').some(isCommand));
  if (!o) return raw ? { file: raw.file, line: raw.line } : { file: config.mainFile };
  // The value drops comment lines between its lines: the file's own lines tell where the command is.
  const lines = readDetectedText(o.file)?.split(/\r?\n/) ?? [];
  const at = lines.findIndex((l, i) => i >= o.line - 1 && isCommand(l.replace(/\s[;#].*$/, '')));
  return { file: o.file, line: at < 0 ? o.line : at + 1 };
}

/**
 * Run a command in a shell in the project folder, once for all envs. The files it names (a script) are recorded as
 * detection inputs, so an edit to them detects again.
 */
function runOnce(command: string, commands: FlagCommands): CommandRun {
  const { projectDir } = commands;
  const known = commands.runs.get(command);
  if (known) return known;
  for (const word of command.split(/\s+/)) {
    const file = path.resolve(projectDir, word);
    if (word && !word.startsWith('-') && pathKind(file) === 'file') readDetectedFile(file);
  }
  const r = spawnSync(command, { shell: true, cwd: projectDir, encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 * 1024 * 1024 });
  const firstErr = (r.stderr ?? '').trim().split('\n')[0] ?? '';
  const run: CommandRun = r.error
    ? { error: r.error.message }
    : r.status !== 0
      ? { error: `exited ${r.status ?? `on ${r.signal}`}${firstErr ? `: ${firstErr}` : ''}` }
      : { output: r.stdout };
  commands.runs.set(command, run);
  return run;
}

/** The first few envs of a list, with how many more. */
function someEnvs(envs: string[]): string {
  return envs.length <= 3 ? envs.join(', ') : `${envs.slice(0, 3).join(', ')} and ${envs.length - 3} more`;
}

/**
 * The commands' diagnostics: when they do not run, one note naming them and what to set; when they run, a warning
 * for each that failed (its flags are missing from the envs named).
 */
export function flagCommandDiagnostics(commands: FlagCommands): Diagnostic[] {
  const seen = [...commands.seen.entries()];
  if (seen.length === 0) return [];
  if (!commands.run) {
    const [, first] = seen[0];
    const envs = new Set(seen.flatMap(([, s]) => s.envs));
    const listed = seen.slice(0, 3).map(([c, s]) => `\`!${c}\` (${s.envs.length === 1 ? s.envs[0] : `${s.envs.length} envs`})`).join(', ');
    return [{
      severity: 'info',
      file: first.file,
      line: first.line,
      message: `${envs.size} derived env(s) take flags from ${seen.length} command(s) this tool does not run unless told to: ${listed}${seen.length > 3 ? `, ${seen.length - 3} more` : ''}; what they print is missing from those envs' flags`,
      fix: 'to run them as PlatformIO does (a shell in the project folder), set `dynamic_build_flags = run` under [platformio] in .fw-context/config.ini; or build the envs (`fw-context index --build`)',
    }];
  }
  return seen.flatMap(([command, s]) => {
    const run = commands.runs.get(command);
    if (!run || 'output' in run) return [];
    return [{
      severity: 'warning' as const,
      file: s.file,
      line: s.line,
      message: `the flag command \`!${command}\` failed (${run.error}); its flags are missing from ${someEnvs(s.envs)}`,
      fix: `make the command work in a shell in ${commands.projectDir}, or remove it from the option`,
    }];
  });
}
