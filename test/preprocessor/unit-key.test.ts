// A unit's stored key names its include search chain by the chain's dirs, so a run that meets chains in
// another order (another build first, a --variant run, a worker thread) finds the same stored results.
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import type { UnitEnvironment } from '../../src/preprocessor/unit-environment.js';
import { unitKey } from '../../src/preprocessor/unit-result.js';

const unit: CompileUnit = { file: '/p/src/main.c', directory: '/p/build', arguments: ['cc', '-c', '/p/src/main.c'] } as CompileUnit;

function environment(dirs: string[], bracketStart: number, key: string): UnitEnvironment {
  return {
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
});
