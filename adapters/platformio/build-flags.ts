// PlatformIO `build_flags`/`build_unflags` sorted the way its SCons builder does (-D, -I, link flags, the
// rest); unflags remove matches (`-DNAME` removes NAME with any value). Leaves out ASFLAGS splitting.
import path from 'node:path';
import { splitCommand } from '../../src/model/compile-args.js';

export interface PioFlags {
  /** [name, value] in order; value undefined for `-DNAME`. */
  defines: [string, string | undefined][];
  includeDirs: string[];
  /** Compiler flags other than -D/-I for both languages, in order (-U, -include x, -m..., -O...): SCons' CCFLAGS. */
  ccFlags: string[];
  /** C units' own flags before ccFlags (build_flags' C -std, a builder's CFLAGS): SCons' CFLAGS. */
  cFlags: string[];
  /** C++ units' own flags before ccFlags (build_flags' C++ -std, a builder's CXXFLAGS): SCons' CXXFLAGS. */
  cxxFlags: string[];
  linkFlags: string[];
  linkerScripts: string[];
}

function emptyFlags(): PioFlags {
  return { defines: [], includeDirs: [], ccFlags: [], cFlags: [], cxxFlags: [], linkFlags: [], linkerScripts: [] };
}

/** `NAME=value` → [NAME, value]; `NAME` → [NAME, undefined]. */
export function splitDefine(d: string): [string, string | undefined] {
  const eq = d.indexOf('=');
  return eq < 0 ? [d, undefined] : [d.slice(0, eq), d.slice(eq + 1)];
}

/** The -D arguments of defines, in order. */
export function defineArgs(defines: PioFlags['defines']): string[] {
  return defines.map(([n, v]) => (v === undefined ? `-D${n}` : `-D${n}=${v}`));
}

/** Parse flag lines (each as written in build_flags) into SCons categories; paths stay as written. */
export function parseBuildFlags(lines: string[]): PioFlags {
  const f = emptyFlags();
  const argv = splitCommand(lines.join(' '));
  const take = (i: number, flag: string): [string | undefined, number] => (argv[i].length > flag.length ? [argv[i].slice(flag.length), i] : [argv[i + 1], i + 1]);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    let v: string | undefined;
    if (a.startsWith('-D')) {
      [v, i] = take(i, '-D');
      if (v) f.defines.push(splitDefine(v));
    } else if (a.startsWith('-I')) {
      [v, i] = take(i, '-I');
      if (v) f.includeDirs.push(v);
    } else if (a === '-include' || a === '-imacros' || a === '-isystem' || a === '-iquote' || a === '-idirafter') {
      if (argv[i + 1] !== undefined) f.ccFlags.push(a, argv[++i]);
    } else if (a.startsWith('-std=')) {
      // SCons' ParseFlags keeps a dialect with the language it names.
      (a.includes('++') ? f.cxxFlags : f.cFlags).push(a);
    } else if (a === '-U') {
      if (argv[i + 1] !== undefined) f.ccFlags.push(`-U${argv[++i]}`);
    } else if (a.startsWith('-Wl,')) {
      f.linkFlags.push(a);
      const inner = a.slice(4).split(',');
      for (let j = 0; j < inner.length; j++) {
        if (inner[j] === '-T' && inner[j + 1]) f.linkerScripts.push(inner[++j]);
        else if (inner[j].startsWith('-T') && inner[j].length > 2) f.linkerScripts.push(inner[j].slice(2));
        else if (inner[j].startsWith('--script=')) f.linkerScripts.push(inner[j].slice(9));
      }
    } else if (a === '-T' && argv[i + 1]) {
      f.linkerScripts.push(argv[i + 1]);
      f.linkFlags.push(a, argv[++i]);
    } else if (a.startsWith('-L') || a.startsWith('-l') || a === '-static' || a === '-nostartfiles' || a === '-nostdlib' || a.startsWith('--specs')) {
      if (a.startsWith('--specs')) f.ccFlags.push(a);
      f.linkFlags.push(a);
    } else {
      f.ccFlags.push(a);
    }
  }
  return f;
}

/** `a`'s flags, then `b`'s (each kind in order). */
export function concatFlags(a: PioFlags, b: PioFlags): PioFlags {
  return {
    defines: [...a.defines, ...b.defines],
    includeDirs: [...a.includeDirs, ...b.includeDirs],
    ccFlags: [...a.ccFlags, ...b.ccFlags],
    cFlags: [...a.cFlags, ...b.cFlags],
    cxxFlags: [...a.cxxFlags, ...b.cxxFlags],
    linkFlags: [...a.linkFlags, ...b.linkFlags],
    linkerScripts: [...a.linkerScripts, ...b.linkerScripts],
  };
}

/**
 * Remove what `build_unflags` names from `flags`. As PlatformIO's ProcessUnFlags, a compiler flag goes from every
 * scope it is in (`-fno-rtti` from a builder's CXXFLAGS, `-std=gnu++11` from CCFLAGS).
 */
export function applyUnflags(flags: PioFlags, unflagLines: string[]): PioFlags {
  if (unflagLines.length === 0) return flags;
  const un = parseBuildFlags(unflagLines);
  const compilerUnflags = [...un.ccFlags, ...un.cFlags, ...un.cxxFlags];
  const kept = (list: string[]) => list.filter((a) => !compilerUnflags.includes(a));
  const out: PioFlags = {
    defines: flags.defines.filter(([n, v]) => !un.defines.some(([un_, uv]) => un_ === n && (uv === undefined || uv === v))),
    includeDirs: flags.includeDirs.filter((d) => !un.includeDirs.includes(d)),
    ccFlags: [],
    cFlags: kept(flags.cFlags),
    cxxFlags: kept(flags.cxxFlags),
    linkFlags: flags.linkFlags.filter((l) => !un.linkFlags.includes(l)),
    linkerScripts: flags.linkerScripts.filter((s) => !un.linkerScripts.includes(s)),
  };
  // -include x style pairs are removed as pairs.
  for (let i = 0; i < flags.ccFlags.length; i++) {
    const a = flags.ccFlags[i];
    if (['-include', '-imacros', '-isystem', '-iquote', '-idirafter'].includes(a)) {
      const b = flags.ccFlags[i + 1];
      i++;
      const removed = un.ccFlags.some((x, j) => x === a && un.ccFlags[j + 1] === b);
      if (!removed) out.ccFlags.push(a, b);
    } else if (!compilerUnflags.includes(a)) out.ccFlags.push(a);
  }
  return out;
}

/** The optimisation and debug-level flags a debug build drops before it adds debug_build_flags (PlatformIO's list). */
const RELEASE_LEVELS = new Set(['-Os', '-g', ...[0, 1, 2, 3].flatMap((n) => [`-O${n}`, `-g${n}`, `-ggdb${n}`])]);

/**
 * `flags` as PlatformIO's ConfigureDebugTarget makes them for `build_type = debug`: __PLATFORMIO_BUILD_DEBUG__
 * defined, the release levels dropped from CCFLAGS, then debug_build_flags merged in (a flag already there not twice).
 */
export function debugTargetFlags(flags: PioFlags, debugFlagLines: string[]): PioFlags {
  const debug = parseBuildFlags(debugFlagLines);
  const ccFlags = flags.ccFlags.filter((f) => !RELEASE_LEVELS.has(f));
  const merged = concatFlags({ ...flags, defines: [...flags.defines, ['__PLATFORMIO_BUILD_DEBUG__', undefined]], ccFlags: [] }, { ...debug, ccFlags: [] });
  return { ...merged, ccFlags: [...ccFlags.filter((f) => !debug.ccFlags.includes(f)), ...debug.ccFlags] };
}

/** The -D map (later definitions of a name win). */
export function definesOf(flags: Pick<PioFlags, 'defines'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [n, v] of flags.defines) out[n] = v ?? '1';
  return out;
}

/** Resolve relative include/linker-script paths against the project folder. */
export function resolvePaths(flags: PioFlags, projectDir: string): PioFlags {
  const abs = (p: string) => path.resolve(projectDir, p);
  const cc: string[] = [];
  for (let i = 0; i < flags.ccFlags.length; i++) {
    const a = flags.ccFlags[i];
    cc.push(a);
    if (['-include', '-imacros', '-isystem', '-iquote', '-idirafter'].includes(a) && flags.ccFlags[i + 1] !== undefined) cc.push(abs(flags.ccFlags[++i]));
  }
  return { ...flags, includeDirs: flags.includeDirs.map(abs), linkerScripts: flags.linkerScripts.map(abs), ccFlags: cc };
}
