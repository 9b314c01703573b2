// The compile units of a CMake build folder a Makefile generator wrote (CMake's default on Linux and macOS) without a
// compile database: each target's CMakeFiles/<t>.dir/build.make compile rules, flags.make's variables expanded, run
// where the rule's `cd` says (else the top build folder) — the commands CMAKE_EXPORT_COMPILE_COMMANDS would list.
import path from 'node:path';
import type { CompileUnit, Diagnostic } from '../contract.js';
import { splitCommand } from '../../src/model/compile-args.js';
import { isCompilerProgram, splitShellSegments, stripLauncher } from '../shared/link-args.js';
import { isFile, readText } from '../shared/fs-helpers.js';

/** Generators whose build folders this reads (CMAKE_GENERATOR in the cache). */
export function isMakefileGenerator(generator: string | undefined): boolean {
  return !!generator && /^(Unix|MinGW|MSYS) Makefiles$/.test(generator);
}

export interface MakefileUnits {
  units: CompileUnit[];
  /** Targets read (each CMakeFiles/<t>.dir). */
  targets: number;
  diagnostics: Diagnostic[];
}

/**
 * Every target's compile units, in the order CMakeFiles/Makefile.cmake lists the targets (CMAKE_DEPEND_INFO_FILES),
 * or undefined when the folder holds no such list (not a Makefile generator's folder, or never generated) or no target
 * with compile rules.
 */
export function readMakefileUnits(buildDir: string): MakefileUnits | undefined {
  const listFile = path.join(buildDir, 'CMakeFiles', 'Makefile.cmake');
  const list = readText(listFile);
  if (list === undefined) return undefined;
  const out: MakefileUnits = { units: [], targets: 0, diagnostics: [] };
  for (const dependInfo of cmakeListValues(list, 'CMAKE_DEPEND_INFO_FILES')) {
    const targetDir = path.dirname(path.resolve(buildDir, dependInfo));
    const buildMake = path.join(targetDir, 'build.make');
    if (!isFile(buildMake)) continue;
    out.targets++;
    const flags = makeVariables(readText(path.join(targetDir, 'flags.make')) ?? '');
    out.units.push(...compileRules(readText(buildMake) ?? '', flags, buildDir));
  }
  // A folder whose targets compile nothing (custom targets only) is no build.
  if (out.targets === 0) return undefined;
  if (out.units.length === 0) {
    out.diagnostics.push({ severity: 'warning', file: listFile, message: `the Makefiles of ${out.targets} target(s) hold no compile rule this tool reads`, fix: 'configure the build with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON (or -G Ninja) and run fw-context index again' });
  }
  return out;
}

/** The quoted items of `set(NAME "a" "b" ...)` in a CMake-written file. */
function cmakeListValues(text: string, name: string): string[] {
  const at = text.indexOf(`set(${name}`);
  if (at < 0) return [];
  const end = text.indexOf(')', at);
  return [...text.slice(at, end < 0 ? undefined : end).matchAll(/"([^"]*)"/g)].map((m) => m[1]);
}

/** flags.make's `NAME = value` lines (comments and blank lines skipped). */
function makeVariables(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s?(.*)$/.exec(line);
    if (m) vars.set(m[1], m[2].trimEnd());
  }
  return vars;
}

/** A recipe line with make's `$(NAME)` expanded from `vars` (unknown ones empty, as make does) and `$$` as `$`. */
function expand(line: string, vars: Map<string, string>): string {
  return line.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (m, name: string | undefined) => (name === undefined ? '$' : vars.get(name) ?? ''));
}

/** The compile commands of one build.make: recipe lines running a compiler with `-c`, each with its `cd`. */
function compileRules(text: string, vars: Map<string, string>, buildDir: string): CompileUnit[] {
  const units: CompileUnit[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.startsWith('\t') || !raw.includes(' -c ')) continue;
    const line = expand(raw.slice(1).replace(/^[@-]+/, ''), vars);
    let directory = buildDir;
    for (const seg of splitShellSegments(splitCommand(line))) {
      if (seg[0] === 'cd' && seg[1]) {
        directory = path.resolve(directory, seg[1]);
        continue;
      }
      const argv = stripLauncher(seg);
      withoutDepfileFlags(argv);
      const c = argv.indexOf('-c');
      if (!isCompilerProgram(argv[0]) || c < 0 || argv[c + 1] === undefined) continue;
      const o = argv.indexOf('-o');
      units.push({ file: path.resolve(directory, argv[c + 1]), directory, arguments: argv, output: o >= 0 && argv[o + 1] ? path.resolve(directory, argv[o + 1]) : undefined });
    }
  }
  return units;
}

/**
 * Take out the dependency-file flags the Makefile generator puts before `-o` (CMAKE_DEPFILE_FLAGS_<LANG>: `-MD -MT
 * <object> -MF <file>.d`), which the compile database leaves out.
 */
function withoutDepfileFlags(argv: string[]): void {
  const at = argv.findIndex((a, i) => a === '-MD' && argv[i + 1] === '-MT' && argv[i + 3] === '-MF' && argv[i + 4] !== undefined);
  if (at >= 0) argv.splice(at, 5);
}
