// Reads what a link command line says about the link: linker scripts, -L folders, --defsym, -Map, -o.
// Works for both the compiler driver (`gcc ... -Wl,...`) and ld itself; response files (`@file`) are not expanded.
import type { LinkArgsInfo } from './types.js';

/** Splits `-Wl,a,b,c` and `-Xlinker a` into ld arguments; other arguments pass through. */
export function flattenLinkArgs(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('-Wl,')) out.push(...a.slice(4).split(',').filter((x) => x !== ''));
    else if (a === '-Xlinker' && i + 1 < argv.length) out.push(argv[++i]!);
    else out.push(a);
  }
  return out;
}

export function linkArgsInfo(argv: string[]): LinkArgsInfo {
  const info: LinkArgsInfo = { scripts: [], libraryPaths: [], defsyms: {}, mapFile: null, output: null };
  const args = flattenLinkArgs(argv);
  const addDefsym = (s: string): void => {
    const eq = s.indexOf('=');
    if (eq > 0) info.defsyms[s.slice(0, eq).trim()] = s.slice(eq + 1).trim();
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = (): string | undefined => args[++i];
    if (a === '-T' || a === '--script' || a === '-dT' || a === '--default-script') { const v = next(); if (v) info.scripts.push(v); }
    else if (a.startsWith('--script=')) info.scripts.push(a.slice('--script='.length));
    else if (a.startsWith('--default-script=')) info.scripts.push(a.slice('--default-script='.length));
    else if (a.startsWith('-T') && a.length > 2 && !/^-T(text|data|bss|ldata|text-segment|rodata-segment)\b/.test(a)) info.scripts.push(a.slice(2));
    else if (a === '-L' || a === '--library-path') { const v = next(); if (v) info.libraryPaths.push(v); }
    else if (a.startsWith('--library-path=')) info.libraryPaths.push(a.slice('--library-path='.length));
    else if (a.startsWith('-L') && a.length > 2) info.libraryPaths.push(a.slice(2));
    else if (a === '--defsym' || a === '-defsym') { const v = next(); if (v) addDefsym(v); }
    else if (a.startsWith('--defsym=')) addDefsym(a.slice('--defsym='.length));
    else if (a === '-Map' || a === '--Map') { const v = next(); if (v) info.mapFile = v; }
    else if (a.startsWith('-Map=') || a.startsWith('--Map=')) info.mapFile = a.slice(a.indexOf('=') + 1);
    else if (a === '-M' || a === '--print-map') { /* map to stdout */ }
    else if (a === '-o' || a === '--output') { const v = next(); if (v) info.output = v; }
    else if (a.startsWith('--output=')) info.output = a.slice('--output='.length);
    else if (a.startsWith('-o') && a.length > 2) info.output = a.slice(2);
  }
  return info;
}
