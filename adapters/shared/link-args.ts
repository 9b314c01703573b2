// Reads a link command (compiler driver or ld) for what the index needs: linker scripts (-T, --script,
// through -Wl, and -Xlinker), the map file (-Map) and the output (-o). It does not run or check the link.
import path from 'node:path';

export interface LinkInfo {
  linkerScripts: string[];
  mapFile?: string;
  output?: string;
}

/** Flatten `-Wl,a,b` and `-Xlinker a` into linker-level arguments, keeping driver arguments as they are. */
function linkerLevelArgs(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('-Wl,')) out.push(...a.slice(4).split(','));
    else if (a === '-Xlinker' && i + 1 < argv.length) out.push(argv[++i]);
    else out.push(a);
  }
  return out;
}

export function parseLinkArgs(argv: string[], directory: string): LinkInfo {
  const abs = (p: string) => path.resolve(directory, p);
  const info: LinkInfo = { linkerScripts: [] };
  // -o is a driver flag; read it before flattening so `-Wl,-o` oddities do not confuse it.
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === '-o' && argv[i + 1]) info.output = abs(argv[i + 1]);
    else if (argv[i].startsWith('-o') && argv[i].length > 2 && !argv[i].startsWith('-objc')) info.output = abs(argv[i].slice(2));
  }
  const args = linkerLevelArgs(argv);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-T' || a === '--script' || a === '-dT' || a === '--default-script') {
      if (args[i + 1]) info.linkerScripts.push(abs(args[++i]));
    } else if (a.startsWith('--script=') || a.startsWith('--default-script=')) {
      info.linkerScripts.push(abs(a.slice(a.indexOf('=') + 1)));
    } else if (a.startsWith('-T') && a.length > 2 && !a.startsWith('-Ttext') && !a.startsWith('-Tdata') && !a.startsWith('-Tbss')) {
      info.linkerScripts.push(abs(a.slice(2)));
    } else if (a === '-Map' || a === '--Map') {
      if (args[i + 1]) info.mapFile = abs(args[++i]);
    } else if (a.startsWith('-Map=') || a.startsWith('--Map=')) {
      info.mapFile = abs(a.slice(a.indexOf('=') + 1));
    }
  }
  info.linkerScripts = [...new Set(info.linkerScripts)];
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
