// PlatformIO's integration dump, `<build_dir>/<env>/idedata.json` (written by `pio project metadata`, `pio run -t
// idedata` and the IDE's IntelliSense refresh): the compilers, flags, defines and include folders the env's project
// sources compile with — the framework's and libraries' included — from which a derived env's units are made exact.
import fs from 'node:fs';
import path from 'node:path';
import type { CompileUnit, Diagnostic } from '../contract.js';
import { readText } from '../shared/fs-helpers.js';
import { splitCommand } from '../../src/model/compile-args.js';
import { defineArgs, splitDefine, type PioFlags } from './build-flags.js';
import { compileUnits, type EnvSource } from './env-units.js';

export interface IdeData {
  file: string;
  ccPath?: string;
  cxxPath?: string;
  ccFlags: string[];
  cxxFlags: string[];
  /** The project environment's CPPDEFINES (PlatformIO lists them as `NAME` or `NAME=value`). */
  defines: PioFlags['defines'];
  /** The project's and libraries' include folders, in order. */
  includes: string[];
  /** The toolchain's own include folders (given as -isystem: they stand for the compiler's built-in search path). */
  toolchainIncludes: string[];
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The env's idedata.json, or undefined when there is none (a warning when it is not the JSON PlatformIO writes). */
export function readIdeData(file: string, diagnostics: Diagnostic[]): IdeData | undefined {
  const raw = readText(file);
  if (raw === undefined) return undefined;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(raw) as Record<string, unknown>;
    if (!data || typeof data !== 'object' || Array.isArray(data) || typeof data.cc_flags !== 'string') throw new Error('no cc_flags');
  } catch (e) {
    diagnostics.push({ severity: 'warning', file, message: `not PlatformIO's integration dump (${(e as Error).message}); the env is derived from platformio.ini`, fix: 'regenerate it with `pio project metadata -e <env>`, or remove it' });
    return undefined;
  }
  const includes = (data.includes ?? {}) as Record<string, unknown>;
  return {
    file,
    ccPath: text(data.cc_path),
    cxxPath: text(data.cxx_path),
    ccFlags: splitCommand(String(data.cc_flags)),
    cxxFlags: splitCommand(typeof data.cxx_flags === 'string' ? data.cxx_flags : ''),
    defines: strings(data.defines).map(splitDefine),
    includes: [...strings(includes.build), ...strings(includes.compatlib)],
    toolchainIncludes: strings(includes.toolchain),
  };
}

/** Modification time (both files compared are read through the recorded helpers, so an edit of either is seen). */
function mtimeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** A note when platformio.ini changed after the dump was written: its flags may no longer be the env's. */
export function staleIdeDataNote(ide: IdeData, iniFiles: string[], env: string): Diagnostic | undefined {
  const dumped = mtimeOf(ide.file) ?? Infinity;
  const newer = iniFiles.find((f) => (mtimeOf(f) ?? 0) > dumped);
  if (!newer) return undefined;
  return { severity: 'info', file: ide.file, message: `env '${env}': ${path.basename(newer)} changed after this dump was written; its flags may be out of date`, fix: `regenerate it with \`pio project metadata -e ${env}\`` };
}

/** One unit per source, compiled as PlatformIO's dump says (C or C++ flags and compiler by the file's language). */
export function ideDataUnits(ide: IdeData, sources: EnvSource[], projectDir: string, guessed: { cc: string; cxx: string }): CompileUnit[] {
  const includes = [...ide.includes.map((d) => `-I${d}`), ...ide.toolchainIncludes.flatMap((d) => ['-isystem', d])];
  const compile = (cxx: boolean) => ({ compiler: (cxx ? ide.cxxPath : ide.ccPath) ?? (cxx ? guessed.cxx : guessed.cc), flags: cxx ? ide.cxxFlags : ide.ccFlags });
  return compileUnits(projectDir, sources, compile, defineArgs(ide.defines), includes);
}
