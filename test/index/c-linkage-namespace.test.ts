// C functions declared in a namespace with C language linkage (`namespace std { extern "C" int remove(...); }`) are
// one function with their C definition, `remove` to the linker: found by `remove` and by `std::remove`, defined
// where the C file defines it, and a function defined `extern "C"` in a namespace is the caller of its calls.
import { beforeAll, describe, expect, it } from 'vitest';
import { findCallees } from '../../src/query/call-graph/call-sites.js';
import { getSource } from '../../src/query/get-source.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { whichBuilds } from '../../src/query/which-builds.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('C functions declared in namespace std with C language linkage', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'c-linkage-namespace'])).root;
  });

  const places = (name: string) =>
    (withProject(root, (ctx) => lookupSymbol(ctx, { name })) as Record<string, unknown>[]).filter((r) => 'qualified_name' in r).map((r) => `${r.qualified_name} ${r.file}:${r.line}`);

  it('names them by their C name, as the linker does, and a C++-linkage one by its qualified name', () => {
    const header = withProject(root, (ctx) => listSymbols(ctx, { file: 'include/cstdio_like.h' }).symbols).filter((s) => s.kind === 'function');
    expect(header.map((s) => `${s.qualified_name} ${s.line}`)).toEqual(expect.arrayContaining(['remove 6', 'rename 8', 'std::cxx_only 9']));
  });

  it('finds them by the C name and by the namespace-qualified name, the C definition with them', () => {
    expect(places('remove')).toEqual(expect.arrayContaining(['remove src/io.c:3', 'remove include/cstdio_like.h:6']));
    expect(places('std::remove')).toEqual(expect.arrayContaining(['remove src/io.c:3', 'remove include/cstdio_like.h:6']));
    expect(places('std::rename')).toEqual(expect.arrayContaining(['rename src/io.c:5', 'rename include/cstdio_like.h:8']));
    expect(places('std::cxx_only')).toEqual(['std::cxx_only src/app.cpp:3', 'std::cxx_only include/cstdio_like.h:9']);
  });

  it('says the build defines std::remove and shows its C definition', () => {
    const where = withProject(root, (ctx) => whichBuilds(ctx, { name: 'std::remove' }));
    expect(where.defined_in).toHaveLength(1);
    expect(where.declared_only_in).toEqual([]);
    const source = withProject(root, (ctx) => getSource(ctx, { name: 'std::remove' }));
    expect(`${source.file}:${source.line}`).toBe('src/io.c:3');
  });

  it('takes a function defined extern "C" in a namespace for the caller of its calls, by either name', () => {
    const callees = (name: string) => (withProject(root, (ctx) => findCallees(ctx, { name })) as unknown as Record<string, unknown>[]).filter((r) => 'callee' in r).map((r) => r.callee);
    expect(callees('cleanup')).toEqual(['remove']);
    expect(callees('util::cleanup')).toEqual(['remove']);
  });
});
