// The value `__COUNTER__` starts from in a unit's own file (UnitResult.counter): the uses of headers' code lines and
// #ifs read before, the same whether header walks are replayed or walked. Values as gcc gives them (see the fixture
// index/counter-in-headers, whose files these are).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { fixturePath } from '../../src/project/copy-fixture.js';
import { SkeletonCache } from '../../src/preprocessor/file-skeleton.js';
import { FileSource } from '../../src/preprocessor/file-source.js';
import { HeaderWalkCache } from '../../src/preprocessor/header-walk-cache.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { IncludeResolver } from '../../src/preprocessor/include-resolver.js';
import { setUpUnit } from '../../src/preprocessor/unit-environment.js';
import { walkUnit } from '../../src/preprocessor/unit-result.js';

const provider = new ImplicitMacroProvider({ useRealCompiler: false });
const dir = fixturePath('index', 'counter-in-headers');
const unit = (name: string): CompileUnit => ({ file: path.join(dir, 'src', name), directory: dir, arguments: ['gcc', `-I${dir}/include`, '-c', name] });
const units = ['a.c', 'b.c', 'c.c', 'a.c'].map(unit);

function counters(cache: HeaderWalkCache | undefined): (number[] | undefined)[] {
  const source = new FileSource((f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined), new SkeletonCache());
  const resolver = new IncludeResolver((f) => source.exists(f));
  const host = { source, resolver, fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache: cache };
  return units.map((u) => walkUnit(u, setUpUnit(u, provider), host).counter);
}

describe('__COUNTER__ where a unit file starts using it', () => {
  it('counts the uses of headers read before each line of the unit file, as gcc does', () => {
    // [line, value] pairs. a.c: types.h used 0 and 1 (line 2 starts at 2); inner.h and late.h 2 to 4 (line 4 starts
    // at 5; a.c's own use on line 2 adds one there). b.c: late.h and inner.h 0 to 2, types.h 3 and 4 (its first line of
    // code is 3). c.c: types.h once (its second #include is guarded).
    expect(counters(undefined)).toEqual([[2, 2, 4, 5], [3, 5], [3, 2], [2, 2, 4, 5]]);
  });

  it('are the same when header walks are replayed', () => {
    const cache = new HeaderWalkCache();
    const cached = counters(cache);
    expect(cache.replayed).toBeGreaterThan(2);
    expect(cached).toEqual(counters(undefined));
  });
});
