// Reads a link command (compiler driver or ld) for what the index needs — linker scripts, map file, output —
// through linker/'s reader, made absolute; and tells compiler, linker and launcher programs apart.
import path from 'node:path';
import { linkArgsInfo } from '../../linker/link-args.js';

export interface LinkInfo {
  linkerScripts: string[];
  mapFile?: string;
  output?: string;
}

/** Scripts, map and output of a link command, absolute against its working folder (read by linker/). */
export function parseLinkArgs(argv: string[], directory: string): LinkInfo {
  const abs = (p: string) => path.resolve(directory, p);
  const link = linkArgsInfo(argv.slice(1));
  const info: LinkInfo = { linkerScripts: [...new Set(link.scripts.map(abs))] };
  if (link.mapFile) info.mapFile = abs(link.mapFile);
  if (link.output) info.output = abs(link.output);
  return info;
}

const COMPILER_RE = /(^|[-_])(gcc|g\+\+|cc|c\+\+|clang|clang\+\+|armclang|icx|icpx|xcc)(-[\d.]+)?(\.exe)?$/i;
const LINKER_RE = /(^|[-_])(ld|ld\.bfd|ld\.gold|ld\.lld|lld|armlink)(\.exe)?$/i;
const LAUNCHERS = new Set(['ccache', 'sccache', 'distcc', 'icecc', 'buildcache']);

export function isCompilerProgram(program: string): boolean {
  return COMPILER_RE.test(path.basename(program));
}

export function isLinkerProgram(program: string): boolean {
  return LINKER_RE.test(path.basename(program));
}

/** Drop a compiler launcher (`ccache gcc ...` → `gcc ...`). */
export function stripLauncher(argv: string[]): string[] {
  let i = 0;
  while (i < argv.length - 1 && LAUNCHERS.has(path.basename(argv[i]))) i++;
  return i === 0 ? argv : argv.slice(i);
}

/** Split a shell argv into the commands joined by `&&`, `||`, `;` or `|` tokens. */
export function splitShellSegments(argv: string[]): string[][] {
  const segs: string[][] = [[]];
  for (const a of argv) {
    if (a === '&&' || a === '||' || a === ';' || a === '|') segs.push([]);
    else segs[segs.length - 1].push(a);
  }
  return segs.filter((s) => s.length > 0);
}
