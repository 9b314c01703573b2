// In a build of C and C++ units, a file parsed as C is masked with the macros C units reached: a header wrapper
// defined `extern "C" {` for C++ and empty for C (glibc `__BEGIN_DECLS`) is blanked in the C reading.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { addSites, languageSites, parsesBothLanguages } from '../../src/indexer/language-macros.js';
import type { UnitResult } from '../../src/preprocessor/unit-result.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('language sites', () => {
  const view = (defines: (number | null)[]) => ({ defines }) as unknown as UnitResult['files'][number]['view'];
  const read = (file: string, defines: (number | null)[]) => ({ file, hash: '', view: view(defines) });

  it('are per parse language, assembler units counted as C', () => {
    const sites = languageSites([
      { lang: 'c', files: [read('/p/d.h', [9, null])] },
      { lang: 'asm', files: [read('/p/d.h', [12, null])] },
      { lang: 'cpp', files: [read('/p/d.h', [5, null, 6, null])] },
    ]);
    expect([...sites.get('c')!.get('/p/d.h')!.keys()].sort()).toEqual([12, 9]);
    expect([...sites.get('cpp')!.get('/p/d.h')!.keys()].sort()).toEqual([5, 6]);
  });

  it('count the units reaching each site: one view read by several units (or of two files) counts for each', () => {
    const shared = view([3, null, 4, null, 3, null]);
    const sites = languageSites([
      { lang: 'cpp', files: [{ file: '/p/a.h', hash: '', view: shared }, { file: '/p/b.h', hash: '', view: shared }] },
      { lang: 'cpp', files: [{ file: '/p/a.h', hash: '', view: shared }, read('/p/c.h', [])] },
    ]);
    expect(sites.get('cpp')).toEqual(
      new Map([
        ['/p/a.h', new Map([[3, 2], [4, 2]])],
        ['/p/b.h', new Map([[3, 1], [4, 1]])],
      ]),
    );
  });

  it('taken away, drop the sites no unit reaches any more; false when they were not there', () => {
    const sites = languageSites([
      { lang: 'cpp', files: [read('/p/d.h', [5, null, 6, null])] },
      { lang: 'cpp', files: [read('/p/d.h', [5, null])] },
    ]);
    expect(addSites(sites, [{ lang: 'cpp', files: [read('/p/d.h', [5, null, 6, null])] }], -1)).toBe(true);
    expect(sites.get('cpp')).toEqual(new Map([['/p/d.h', new Map([[5, 1]])]]));
    expect(addSites(sites, [{ lang: 'cpp', files: [read('/p/d.h', [5, null])] }], -1)).toBe(true);
    expect(sites.get('cpp')!.size).toBe(0);
    expect(addSites(sites, [{ lang: 'cpp', files: [read('/p/d.h', [5, null])] }], -1)).toBe(false);
  });

  it('are used only when files of both languages are parsed', () => {
    expect(parsesBothLanguages(['c', 'asm', 'c'])).toBe(false);
    expect(parsesBothLanguages(['cpp', 'cpp'])).toBe(false);
    expect(parsesBothLanguages(['c', 'cpp'])).toBe(true);
  });
});

describe('a build of a C and a C++ unit sharing a cdefs-like header', () => {
  let diagnostics: Diagnostic[];
  let root: string;

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'mixed-languages']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  it('reads the C-only header as a C-only build does', () => {
    const rows = withProject(root, (ctx) => listSymbols(ctx, { file: 'include/div_like.h' }).symbols);
    const named = rows.filter((r) => r.kind !== 'macro').map((r) => [r.kind, r.name, r.line]);
    expect(named).toContainEqual(['typedef', 'div_like_t', 8]);
    expect(named).toContainEqual(['function', 'div_like', 10]);
    expect(named).toContainEqual(['function', 'parse_div', 12]);
    expect(rows.filter((r) => /typedef struct|__asm__|^typedef$/.test(r.name))).toEqual([]);
  });

  it('has no syntax warning for the C header', () => {
    expect(diagnostics.filter((d) => /syntax/.test(d.message) && /div_like/.test(`${d.file} ${d.message}`))).toEqual([]);
  });
});
