// A unit's stored key names its include search chain by the chain's dirs, so a run that meets chains in
// another order (another build first, a --variant run, a worker thread) finds the same stored results.
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import type { UnitEnvironment } from '../../src/preprocessor/unit-environment.js';
import { unitKey } from '../../src/preprocessor/unit-result.js';
import { defineFromCommandLine } from '../../src/preprocessor/macro-definition.js';

const unit: CompileUnit = { file: '/p/src/main.c', directory: '/p/build', arguments: ['cc', '-c', '/p/src/main.c'] } as CompileUnit;

function environment(dirs: string[], bracketStart: number, key: string, defines: [string, string][] = []): UnitEnvironment {
  return {
    env: new Map(defines.map(([name, value]) => [name, defineFromCommandLine(name, value).def!])),
    chain: { dirs, bracketStart, key },
    lang: 'c',
    preprocessed: true,
    evalOptions: { cplusplus: false, c23: false, unsignedChar: false, unsignedWchar: false },
    strictIso: false,
    features: { gccMajor: 12, cplusplus: false },
    args: { imacros: [], includes: [] },
  } as unknown as UnitEnvironment;
}

describe('unitKey', () => {
  it('does not depend on the order in which a thread first met the search chain', () => {
    expect(unitKey(unit, environment(['/p/include', '/usr/include'], 0, '0'))).toBe(unitKey(unit, environment(['/p/include', '/usr/include'], 0, '7')));
  });

  it('differs when the chain searches other dirs or splits quote and bracket dirs elsewhere', () => {
    const base = unitKey(unit, environment(['/p/include', '/usr/include'], 0, '0'));
    expect(unitKey(unit, environment(['/p/other', '/usr/include'], 0, '0'))).not.toBe(base);
    expect(unitKey(unit, environment(['/p/include', '/usr/include'], 1, '0'))).not.toBe(base);
  });

  it('holds the -D macros that may name a macro or the counter, not those of numbers and strings', () => {
    const dirs = ['/p/include'];
    const key = (defines: [string, string][]) => unitKey(unit, environment(dirs, 0, '0', defines));
    // Read only where an #if or #include reads them (the result's tested names): not in the key.
    expect(key([['DEBUG', '1'], ['NAME', '"x"']])).toBe(key([['DEBUG', '2'], ['NAME', '"y"']]));
    // Looked up in code lines to count __COUNTER__ uses, which the unit does not read as inputs: in the key.
    expect(key([['MYID', '__COUNTER__']])).not.toBe(key([['MYID', '7']]));
    expect(key([['MYID', 'UNIQUE(x)']])).not.toBe(key([['MYID', '7']]));
  });
});
