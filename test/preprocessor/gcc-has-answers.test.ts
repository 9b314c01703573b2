// __has_builtin / __has_attribute / __has_cpp_attribute / __has_c_attribute as GCC 12 answers them: a recording of
// the host gcc's and arm-none-eabi-gcc's answers (C and C++, Arm with and without an FPU) for ~650 names — those real
// trees ask about, a sample of GCC's builtins and of names it does not know, and Object.prototype's member names —
// always; and the recording against the installed compilers where their versions match it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { hasAttribute, hasBuiltin, hasCAttribute, hasCppAttribute, type CompilerFeatures } from '../../src/preprocessor/compiler-features.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { setUpUnit } from '../../src/preprocessor/unit-environment.js';
import { FIXTURES, hasCompiler } from './fixture-support.js';

interface Recording {
  compilers: { host: string; arm: string };
  /** Per configuration (`host|arm LANG FLAGS...`), each `__has_X(NAME)` expression with GCC's value. */
  answers: Record<string, Record<string, number>>;
}

const recording = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'gcc12-has-answers', 'recorded.json'), 'utf8')) as Recording;
const CONFIGS = Object.keys(recording.answers);

const configOf = (key: string) => {
  const [target, lang, ...flags] = key.split(' ');
  const cpp = lang === 'cpp';
  const compiler = target === 'host' ? (cpp ? 'g++' : 'gcc') : cpp ? 'arm-none-eabi-g++' : 'arm-none-eabi-gcc';
  return { target: target as 'host' | 'arm', cpp, compiler, flags };
};

/** The features fw-context gives a unit of this configuration from its built-in tables (no compiler asked). */
function tableFeatures(key: string): CompilerFeatures {
  const { compiler, flags, cpp } = configOf(key);
  const unit: CompileUnit = { file: `/p/u.${cpp ? 'cpp' : 'c'}`, directory: '/p', arguments: [compiler, ...flags, '-c', `u.${cpp ? 'cpp' : 'c'}`] };
  return setUpUnit(unit, new ImplicitMacroProvider({ useRealCompiler: false })).features;
}

const ASK: Record<string, (name: string, f: CompilerFeatures) => number> = {
  __has_builtin: hasBuiltin, __has_attribute: hasAttribute, __has_cpp_attribute: hasCppAttribute, __has_c_attribute: hasCAttribute,
};

function answer(expression: string, f: CompilerFeatures): number {
  const m = /^(__has_\w+)\((.*)\)$/.exec(expression)!;
  return Number(ASK[m[1]](m[2], f));
}

describe('__has_* answers against GCC 12\'s', () => {
  it.each(CONFIGS)('%s: every recorded name answers as GCC does', (key) => {
    const features = tableFeatures(key);
    const expected = recording.answers[key];
    const got = Object.fromEntries(Object.keys(expected).map((e) => [e, answer(e, features)]));
    expect(got).toEqual(expected);
  });

  it('answers names of Object.prototype as GCC does, not from the prototype of a lookup table', () => {
    const cpp = tableFeatures('host cpp');
    const c = tableFeatures('host c');
    expect(['toString', '__proto__', 'hasOwnProperty'].map((n) => hasCppAttribute(n, cpp) + hasBuiltin(n, cpp) + hasAttribute(n, cpp) + hasCAttribute(n, c))).toEqual([0, 0, 0]);
    // `constructor` is a GNU attribute: C++ counts it unscoped, C's __has_c_attribute only as gnu::constructor.
    expect([hasCppAttribute('constructor', cpp), hasCAttribute('constructor', c), hasCAttribute('gnu::constructor', c)]).toEqual([1, 0, 1]);
  });
});

const versionOf = (compiler: string) => execFileSync(compiler, ['-dumpfullversion'], { encoding: 'utf8' }).trim();
const LIVE = CONFIGS.filter((key) => {
  const { target, compiler } = configOf(key);
  return hasCompiler(compiler) && versionOf(compiler) === recording.compilers[target];
});

describe.skipIf(LIVE.length === 0)('the recording against the installed compilers', () => {
  it.each(LIVE)('%s', (key) => {
    const { compiler, flags, cpp } = configOf(key);
    const expressions = Object.keys(recording.answers[key]);
    const input = expressions.map((e, i) => `ANSWER ${i} ${e}`).join('\n');
    const out = execFileSync(compiler, [...flags, '-E', '-P', '-x', cpp ? 'c++' : 'c', '-'], { input, encoding: 'utf8' });
    const live: Record<string, number> = {};
    for (const m of out.matchAll(/^ANSWER (\d+) (\d+)$/gm)) live[expressions[Number(m[1])]] = Number(m[2]);
    expect(live).toEqual(recording.answers[key]);
  });
});
