// Sets up one compile unit the way the compiler does before reading its source: argv parsed, implicit macros
// (real compiler or table), builtin operators, extra defines, -D/-U in order, include search chain.
// Leaves out response files (@file) and -Wp, options.
import path from 'node:path';
import type { CompileUnit } from '../../adapters/contract.js';
import { parseCompileArgs, type ParsedCompileArgs } from '../model/compile-args.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { CompilerFeatures } from './compiler-features.js';
import type { EvalOptions } from './if-expression.js';
import { stripWrapper } from '../model/compiler-binary.js';
import { type ImplicitMacroProvider, type ImplicitMacros, type QueryLanguage } from './implicit-macros.js';
import { buildSearchChain, type SearchChain } from './include-resolver.js';
import { builtinMacro, canonicalDefinition, defineFromCommandLine, type BuiltinMacro, type MacroDef, type StartingMacros } from './macro-definition.js';

export interface UnitEnvironment {
  args: ParsedCompileArgs;
  /** Language as the compiler reads the source: C, C++ or assembler-with-cpp. */
  lang: QueryLanguage;
  /** `.s` sources are assembled without preprocessing. */
  preprocessed: boolean;
  implicit: ImplicitMacros;
  /** Shared with the units set up alike: never changed (a walk writes over it, see TrackedEnv). */
  env: StartingMacros;
  chain: SearchChain;
  features: CompilerFeatures;
  evalOptions: EvalOptions;
  strictIso: boolean;
  /**
   * Header GCC pre-includes on GNU/Linux targets (`stdc-predef.h`, as `#include <...>` that may be absent):
   * only for hosted compiles without -nostdinc, after -imacros and before -include files.
   */
  preinclude?: string;
  /** -D macros (and build-level extra defines) as definitions, for the build's macro list. */
  commandLineDefines: MacroDef[];
  diagnostics: Diagnostic[];
}

export { stripWrapper } from '../model/compiler-binary.js';

/** A unit's command line read: its arguments parsed, the language the compiler reads it as, whether it is preprocessed. */
interface UnitCommand {
  args: ParsedCompileArgs;
  lang: QueryLanguage;
  preprocessed: boolean;
}

/** Command lines prefetchImplicitMacros read, taken (once) by setUpUnit of the same unit instead of reading them again. */
const readAhead = new WeakMap<CompileUnit, UnitCommand>();

function unitCommand(unit: CompileUnit): UnitCommand {
  const args = parseCompileArgs(stripWrapper(unit.arguments), unit.directory, unit.file);
  const ext = path.extname(unit.file);
  const explicit = args.explicitLanguage;
  let lang: QueryLanguage = args.language;
  let preprocessed = true;
  if (explicit === 'assembler-with-cpp' || (!explicit && (ext === '.S' || ext === '.sx'))) lang = 'asm';
  // `.asm` is no suffix of GCC's: armasm's and other assemblers' own syntax (a µVision startup file), not preprocessed.
  else if (explicit === 'assembler' || (!explicit && (ext === '.s' || ext.toLowerCase() === '.asm'))) preprocessed = false;
  return { args, lang, preprocessed };
}

/**
 * Starts asking the compilers of `units` in the background what setUpUnit will ask them (see
 * ImplicitMacroProvider.prefetch); answers the units whose source is preprocessed, and a promise that settles
 * once every compiler answered (none when no compiler is run).
 */
export function prefetchImplicitMacros(units: CompileUnit[], provider: ImplicitMacroProvider): { preprocessed: CompileUnit[]; answered?: Promise<unknown> } {
  const asked: Promise<void>[] = [];
  const preprocessed: CompileUnit[] = [];
  for (const unit of units) {
    const command = unitCommand(unit);
    readAhead.set(unit, command);
    const { args, lang } = command;
    if (command.preprocessed) preprocessed.push(unit);
    const answer = provider.prefetch(args.compiler, args.targetFlags, lang, unit.directory, args.sysroot);
    if (answer) asked.push(answer);
  }
  return { preprocessed, ...(asked.length ? { answered: Promise.all(asked) } : {}) };
}

/**
 * The implicit macros the unit's compiler gives it (what setUpUnit starts from), without the rest of its set-up;
 * undefined for a unit assembled without preprocessing (a plain `.s`, see unitCommand), which sees none.
 */
export function preprocessedImplicitMacros(unit: CompileUnit, provider: ImplicitMacroProvider): ImplicitMacros | undefined {
  const { args, lang, preprocessed } = readAhead.get(unit) ?? unitCommand(unit);
  return preprocessed ? provider.get(args.compiler, args.targetFlags, lang, unit.directory, args.sysroot) : undefined;
}

export function setUpUnit(unit: CompileUnit, provider: ImplicitMacroProvider, extraDefines?: Record<string, string>): UnitEnvironment {
  const ahead = readAhead.get(unit);
  readAhead.delete(unit);
  const { args, lang, preprocessed } = ahead ?? unitCommand(unit);
  const implicit = provider.get(args.compiler, args.targetFlags, lang, unit.directory, args.sysroot);
  const start = startingMacros(implicit, extraDefines, args.macroOps);
  const env = start.env;
  const commandLineDefines = start.commandLineDefines;
  const diagnostics: Diagnostic[] = start.errors.map(({ name, error }) => ({
    severity: 'error',
    file: unit.file,
    message: `-D${name}: ${error}`,
    fix: 'fix the -D option in the compile command',
  }));
  const systemDirs = args.noStdInc ? [] : implicit.systemDirs;
  const chain = buildSearchChain({
    quoteDirs: [...args.quoteDirs, ...(args.noStdInc ? [] : implicit.quoteDirs)],
    includeDirs: args.includeDirs,
    systemDirs: args.systemDirs,
    compilerSystemDirs: systemDirs,
    afterDirs: args.afterDirs,
  });
  const wcharMin = env.get('__WCHAR_MIN__')?.valueText ?? '';
  const stdc = Number.parseInt(env.get('__STDC_VERSION__')?.valueText ?? '0', 10);
  const hosted = (env.get('__STDC_HOSTED__')?.valueText ?? '1') !== '0';
  const preinclude = env.has('__linux__') && env.has('__GNUC__') && hosted && !args.noStdInc ? 'stdc-predef.h' : undefined;
  return {
    args,
    lang,
    preinclude,
    preprocessed,
    implicit,
    env,
    chain,
    features: { gccMajor: implicit.gccMajor, cplusplus: lang === 'cpp', arch: env.has('__arm__') ? 'arm' : env.has('__x86_64__') || env.has('__i386__') ? 'x86' : 'other', armFp: env.has('__arm__') && env.has('__ARM_FP') },
    evalOptions: {
      cplusplus: lang === 'cpp',
      c23: lang !== 'cpp' && stdc > 201710,
      unsignedChar: env.has('__CHAR_UNSIGNED__'),
      unsignedWchar: /^0U?$/.test(wcharMin),
    },
    strictIso: env.has('__STRICT_ANSI__'),
    commandLineDefines,
    diagnostics,
  };
}

/** What setUpUnit makes of the compiler's macros and the -D/-U options, shared by units with the same. */
interface StartingState {
  env: Map<string, MacroDef>;
  commandLineDefines: MacroDef[];
  /** -D options that do not parse, with why. */
  errors: { name: string; error: string }[];
}

/**
 * Per compiler answer, by build-level defines and -D/-U options, the most recently used first out past a bound: the
 * units of one build share a few, builds seldom each other's (each env its own -D options), and a state holds its
 * macro map and the header walks' layers keyed by it (141 states of a Meshtastic subset's first 86 envs held ~3 MB).
 */
const startingStates = new WeakMap<ImplicitMacros, Map<string, StartingState>>();
const MAX_STATES_PER_COMPILER = 32;

/**
 * The starting macros of a unit: compiler built-ins and implicit macros, build-level extra defines, then -D/-U in
 * order. Made once per distinct input and shared (never changed: a walk writes over it, see TrackedEnv), so the
 * units of a build set up alike neither copy it nor differ in the identity of its definitions.
 */
function startingMacros(implicit: ImplicitMacros, extraDefines: Record<string, string> | undefined, macroOps: ParsedCompileArgs['macroOps']): StartingState {
  let states = startingStates.get(implicit);
  if (!states) startingStates.set(implicit, (states = new Map()));
  const key = JSON.stringify([extraDefines ?? null, macroOps]);
  const hit = states.get(key);
  if (hit) {
    // Moved to the end: the least recently used state is the first to go.
    states.delete(key);
    states.set(key, hit);
    return hit;
  }
  const env = new Map<string, MacroDef>();
  const g = implicit.gccMajor;
  const builtins: [string, BuiltinMacro, boolean][] = [
    ['__FILE__', 'file', true],
    ['__LINE__', 'line', true],
    ['__COUNTER__', 'counter', true],
    ['__INCLUDE_LEVEL__', 'include_level', g > 0],
    ['__BASE_FILE__', 'base_file', g > 0],
    ['__has_include', 'has_include', true],
    ['__has_include_next', 'has_include_next', g > 0],
    ['__has_attribute', 'has_attribute', g === 0 || g >= 5],
    ['__has_cpp_attribute', 'has_cpp_attribute', g === 0 || g >= 5],
    ['__has_builtin', 'has_builtin', g === 0 || g >= 10],
    ['__has_c_attribute', 'has_c_attribute', g === 0 || g >= 11],
    ['__has_feature', 'has_feature', g >= 14],
    ['__has_extension', 'has_extension', g >= 14],
  ];
  for (const [name, kind, on] of builtins) if (on) env.set(name, builtinMacro(name, kind));
  for (const d of implicit.defines) if (!env.get(d.name)?.builtin) env.set(d.name, canonicalDefinition(d));
  const state: StartingState = { env, commandLineDefines: [], errors: [] };
  for (const [name, value] of Object.entries(extraDefines ?? {})) {
    const p = defineFromCommandLine(name, value);
    if (p.def) {
      env.set(p.def.name, canonicalDefinition(p.def));
      state.commandLineDefines.push(p.def);
    }
  }
  for (const op of macroOps) {
    if (op.op === 'undef') {
      env.delete(op.name);
      continue;
    }
    const p = defineFromCommandLine(op.name, op.value);
    if (p.def) {
      env.set(p.def.name, canonicalDefinition(p.def));
      state.commandLineDefines.push(p.def);
    } else state.errors.push({ name: op.name, error: p.error ?? '' });
  }
  if (states.size >= MAX_STATES_PER_COMPILER) states.delete(states.keys().next().value!);
  states.set(key, state);
  return state;
}
