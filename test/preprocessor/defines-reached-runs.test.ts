// The #defines a walk reached are valued per file from the runs of one file they came in (UnitWalker.reachedRuns):
// each file's view lists its own #defines in the order reached, however the files' runs interleave.
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { SkeletonCache } from '../../src/preprocessor/file-skeleton.js';
import { FileSource } from '../../src/preprocessor/file-source.js';
import { HeaderWalkCache } from '../../src/preprocessor/header-walk-cache.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { IncludeResolver } from '../../src/preprocessor/include-resolver.js';
import { setUpUnit } from '../../src/preprocessor/unit-environment.js';
import { walkUnit } from '../../src/preprocessor/unit-result.js';

const files: Record<string, string> = {
  '/p/inc/h.h': '#define A 1\n#include "n.h"\n#define B (N + A)\n#include "n.h"\n#define C B\n',
  '/p/inc/n.h': '#ifndef N\n#define N 7\n#endif\n#define M (N * 2)\n',
  '/p/a.c': '#define FIRST 3\n#include "h.h"\n#define LAST (C + FIRST)\n',
};

describe('#defines reached in interleaved runs of files', () => {
  it('are valued in each file view in the order reached, with or without replayed header walks', () => {
    const provider = new ImplicitMacroProvider({ useRealCompiler: false });
    const unit: CompileUnit = { file: '/p/a.c', directory: '/p', arguments: ['arm-none-eabi-gcc', '-I/p/inc', '-c', '/p/a.c'] };
    const cache = new HeaderWalkCache();
    const skeletons = new SkeletonCache();
    for (const headerCache of [undefined, cache, cache]) {
      const source = new FileSource((f) => files[f], skeletons);
      const resolver = new IncludeResolver((f) => source.exists(f));
      const host = { source, resolver, fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache };
      const r = walkUnit(unit, setUpUnit(unit, provider), host);
      const defines = (file: string) => r.files.find((f) => f.file === file)!.view.defines;
      expect(defines('/p/a.c')).toEqual([1, '3', 3, '11']);
      expect(defines('/p/inc/h.h')).toEqual([1, '1', 3, '8', 5, '8']);
      // n.h is read twice: its #define M is reached once, N once (the second inclusion skips it).
      expect(defines('/p/inc/n.h')).toEqual([2, '7', 4, '14']);
    }
    expect(cache.replayed).toBeGreaterThan(0);
  });
});
