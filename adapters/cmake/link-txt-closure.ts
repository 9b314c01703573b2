// The objects a Makefile generator's link consumes: the objects its link.txt names and those of the static libraries
// on its line, each library's objects read from the `ar` command of the link.txt that archives it (CMake puts every
// static library a program needs, direct or not, on its link line).
import path from 'node:path';
import { splitCommand } from '../../src/model/compile-args.js';
import type { LinkedObjects } from '../shared/linked-units.js';
import { splitShellSegments, stripLauncher } from '../shared/link-args.js';
import { readText } from '../shared/fs-helpers.js';

const ARCHIVER_RE = /(^|[-_])(ar|llvm-ar|gcc-ar)(\.exe)?$/i;
export const OBJECT_RE = /\.(o|obj)$/i;
export const ARCHIVE_RE = /\.(a|lib)$/i;

/** A link.txt's commands as argv, with the folder they run in (the target's binary folder, which holds CMakeFiles/). */
export function linkTxtCommands(file: string): { cwd: string; commands: string[][] } {
  const cwd = path.dirname(path.dirname(path.dirname(file)));
  const commands = (readText(file) ?? '').split(/\r?\n/).flatMap((line) => splitShellSegments(splitCommand(line)).map(stripLauncher));
  return { cwd, commands };
}

/** Each archive (absolute) the link.txt files create, with the objects (absolute) its `ar` commands put in. */
export function archivesOf(linkTxts: readonly { cwd: string; commands: string[][] }[]): Map<string, string[]> {
  const archives = new Map<string, string[]>();
  for (const { cwd, commands } of linkTxts) {
    for (const argv of commands) {
      if (!ARCHIVER_RE.test(path.basename(argv[0] ?? ''))) continue;
      // `ar qc <archive> <objects...>` (a second `ar q` line appends more objects to the same archive).
      const at = argv.findIndex((a, i) => i > 1 && ARCHIVE_RE.test(a));
      if (at < 0) continue;
      const archive = path.resolve(cwd, argv[at]);
      const objects = argv.slice(at + 1).filter((a) => OBJECT_RE.test(a)).map((o) => path.resolve(cwd, o));
      archives.set(archive, [...(archives.get(archive) ?? []), ...objects]);
    }
  }
  return archives;
}

/**
 * The objects a link command (run in `cwd`) names, and those of the archives the build makes that it names by path
 * (the words after -o, -L and -T are their values, not inputs).
 */
export function namedObjects(argv: string[], cwd: string, archives: Map<string, string[]>): Set<string> {
  const objects = new Set<string>();
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-o' || a === '-L' || a === '-T') i++;
    else if (OBJECT_RE.test(a)) objects.add(path.resolve(cwd, a));
    else if (ARCHIVE_RE.test(a) && !a.startsWith('-')) for (const o of archives.get(path.resolve(cwd, a)) ?? []) objects.add(o);
  }
  return objects;
}

/** The objects a link command (run in `cwd`) consumes, through the archives the build makes. */
export function linkTxtObjects(argv: string[], cwd: string, source: string, archives: Map<string, string[]>): LinkedObjects {
  return { method: 'makefile-link', source, objects: namedObjects(argv, cwd, archives) };
}
