// The compile units of a derived PlatformIO env: one per source of its build_src_filter, with the object PlatformIO
// writes for it, compiled by the C or C++ compiler and flags the caller picks (guessed, or from idedata.json).
import path from 'node:path';
import type { CompileUnit } from '../contract.js';

/** The extensions PlatformIO compiles as C++. */
export const CXX_EXTS = new Set(['.cpp', '.cc', '.cxx', '.c++', '.ino']);

/** A source of an env: its path, whether it is C++, and the object PlatformIO writes for it. */
export interface EnvSource {
  file: string;
  cxx: boolean;
  output: string;
}

/** An env's sources from their paths relative to src_dir. */
export function envSources(files: string[], srcDir: string, buildDir: string, env: string): EnvSource[] {
  return files.map((rel) => ({ file: path.join(srcDir, rel), cxx: CXX_EXTS.has(path.extname(rel).toLowerCase()), output: path.join(buildDir, env, 'src', `${rel}.o`) }));
}

/** One unit per source: `compile` picks the compiler and flags by language; defines and includes follow them. */
export function compileUnits(projectDir: string, sources: EnvSource[], compile: (cxx: boolean) => { compiler: string; flags: string[] }, defines: string[], includes: string[]): CompileUnit[] {
  return sources.map(({ file, cxx, output }) => {
    const { compiler, flags } = compile(cxx);
    const lang = file.endsWith('.ino') ? ['-x', 'c++'] : [];
    return { file, directory: projectDir, arguments: [compiler, '-o', output, '-c', ...lang, ...flags, ...defines, ...includes, file], output };
  });
}
