// Reads the commands of a GNU make dry run (`make -nBwk`: every recipe printed, none run, directories announced) as
// a build: the compiler runs with `-c` are the compile units, each in the folder its make (or a `cd` before it) ran in;
// the programs it links, with their objects through the archives the run makes. Make's own messages are skipped.
import path from 'node:path';
import type { CompileUnit } from '../contract.js';
import { isSourceFile, splitCommand } from '../../src/model/compile-args.js';
import { ARCHIVE_RE, archivesOf, namedObjects, OBJECT_RE } from '../cmake/link-txt-closure.js';
import { isCompilerProgram, isLinkerProgram, splitShellSegments, stripLauncher } from '../shared/link-args.js';

/** A link the dry run prints: its argv and the folder it runs in. */
export interface DryRunLink {
  argv: string[];
  cwd: string;
  /** The objects it consumes (absolute), those of the archives the run makes included. */
  objects: Set<string>;
}

export interface DryRunCommands {
  units: CompileUnit[];
  links: DryRunLink[];
}

/** `make[2]: Entering directory '/abs/dir'` (older makes quote with a backtick). */
const DIRECTORY_LINE = /^\S*make(?:\.exe)?(?:\[\d+\])?: (Entering|Leaving) directory [`'"](.*)['"]\s*$/;
/** Make's other messages: `make: Nothing to be done for 'all'.`, `make[1]: *** [x.o] Error 1`. */
const MAKE_MESSAGE = /^\S*make(?:\.exe)?(?:\[\d+\])?: /;
/** Options whose value is the next word, so that a source-like value (`-include cfg.c`) is no source. */
const TAKES_VALUE = new Set(['-o', '-MF', '-MT', '-MQ', '-include', '-imacros', '-x', '-I', '-D', '-U', '-isystem', '-iquote', '-idirafter', '-isysroot', '--sysroot', '-Xlinker', '-Xassembler', '-Xpreprocessor', '-T', '-L', '-l', '-e', '-u', '-aux-info', '-dumpdir', '-dumpbase']);

/** The dry run's logical lines (backslash-newline joined) with the folder each runs in, announced by make's -w lines. */
function commandLines(output: string, startDir: string): { line: string; cwd: string }[] {
  const out: { line: string; cwd: string }[] = [];
  const dirs = [startDir];
  const physical = output.split(/\r?\n/);
  for (let i = 0; i < physical.length; i++) {
    let line = physical[i];
    while (line.endsWith('\\') && i + 1 < physical.length) line = line.slice(0, -1) + ' ' + physical[++i];
    const dir = DIRECTORY_LINE.exec(line);
    if (dir) {
      if (dir[1] === 'Entering') dirs.push(path.resolve(dirs[dirs.length - 1], dir[2]));
      else if (dirs.length > 1) dirs.pop();
      continue;
    }
    if (MAKE_MESSAGE.test(line) || !line.trim()) continue;
    out.push({ line, cwd: dirs[dirs.length - 1] });
  }
  return out;
}

/** A command's words without leading `VAR=value` environment assignments and a compiler launcher. */
function programWords(seg: string[]): string[] {
  let i = 0;
  while (i < seg.length - 1 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(seg[i])) i++;
  return stripLauncher(i ? seg.slice(i) : seg);
}

/** The sources a compiler command names (not option values). */
function sourcesOf(argv: string[]): number[] {
  const at: number[] = [];
  for (let i = 1; i < argv.length; i++) {
    if (TAKES_VALUE.has(argv[i])) i++;
    else if (!argv[i].startsWith('-') && isSourceFile(argv[i])) at.push(i);
  }
  return at;
}

/**
 * Its units when `argv` compiles: one per source, the other sources left out of its arguments. A command compiling
 * and linking at once (`cc -O2 app.c util.o -o app`, no -c) writes no object of its own: each of its units is given
 * `<source>.o` as one, which its link consumes (see linkObjects).
 */
function compileUnits(argv: string[], cwd: string): CompileUnit[] {
  const sources = sourcesOf(argv);
  const compileOnly = argv.includes('-c') || argv.includes('-S');
  const o = argv.indexOf('-o');
  const named = compileOnly && o >= 0 && argv[o + 1] !== undefined && sources.length === 1 ? path.resolve(cwd, argv[o + 1]) : undefined;
  return sources.map((s) => ({
    file: path.resolve(cwd, argv[s]),
    directory: cwd,
    arguments: sources.length === 1 ? argv : argv.filter((_, i) => i === s || !sources.includes(i)),
    output: compileOnly ? named : `${path.resolve(cwd, argv[s])}.o`,
  }));
}

/**
 * The objects a link consumes: those it names (see namedObjects), the members of the archives the run makes that it
 * names as `-lNAME` (`libNAME.a` in a `-L` folder), and the objects of the sources it compiles itself.
 */
function linkObjects(argv: string[], cwd: string, archives: Map<string, string[]>): Set<string> {
  const objects = namedObjects(argv, cwd, archives);
  const libDirs = argv.flatMap((a, i) => (a === '-L' ? [argv[i + 1] ?? ''] : a.startsWith('-L') ? [a.slice(2)] : [])).map((d) => path.resolve(cwd, d));
  for (const a of argv.slice(1)) {
    if (!a.startsWith('-l') || a.length <= 2) continue;
    const name = a.startsWith('-l:') ? a.slice(3) : `lib${a.slice(2)}.a`;
    const found = libDirs.map((d) => path.join(d, name)).find((f) => archives.has(f));
    if (found) archives.get(found)!.forEach((obj) => objects.add(obj));
  }
  if (isCompilerProgram(argv[0])) for (const s of sourcesOf(argv)) objects.add(`${path.resolve(cwd, argv[s])}.o`);
  return objects;
}

/** Whether `argv` links a program: a linker, or a compiler driver run without -c/-S/-E that writes a non-object output. */
function isLink(argv: string[]): boolean {
  if (isLinkerProgram(argv[0])) return true;
  if (!isCompilerProgram(argv[0]) || argv.some((a) => a === '-c' || a === '-S' || a === '-E' || a === '-M' || a === '-MM')) return false;
  const o = argv.indexOf('-o');
  return o >= 0 && argv[o + 1] !== undefined && !OBJECT_RE.test(argv[o + 1]) && argv.some((a) => OBJECT_RE.test(a) || ARCHIVE_RE.test(a) || isSourceFile(a));
}

/**
 * The compile units and program links of a dry run's output; `startDir`: where make ran. A command printed again (a
 * sub-make every program's rule runs, all of whose recipes -B prints each time) is taken once.
 */
export function readDryRunCommands(output: string, startDir: string): DryRunCommands {
  const units: CompileUnit[] = [];
  const raw: { argv: string[]; cwd: string }[] = [];
  const seen = new Set<string>();
  const byLine: { cwd: string; commands: string[][] }[] = [];
  for (const { line, cwd: lineDir } of commandLines(output, startDir)) {
    let cwd = lineDir;
    const commands: string[][] = [];
    for (const seg of splitShellSegments(splitCommand(line))) {
      if (seg[0] === 'cd' && seg[1]) {
        cwd = path.resolve(cwd, seg[1]);
        continue;
      }
      const argv = programWords(seg);
      commands.push(argv);
      const key = `${cwd}\0${argv.join('\0')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (isCompilerProgram(argv[0]) && !argv.some((a) => a === '-E' || a === '-M' || a === '-MM')) units.push(...compileUnits(argv, cwd));
      if (isLink(argv)) raw.push({ argv, cwd });
    }
    byLine.push({ cwd, commands });
  }
  const archives = archivesOf(byLine);
  return { units, links: raw.map(({ argv, cwd }) => ({ argv, cwd, objects: linkObjects(argv, cwd, archives) })) };
}
