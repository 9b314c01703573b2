// C++ conversion operators (`operator int()`, `operator const char *() const`) are methods named `operator T`,
// declared or defined in their class or defined out of it, and the calls in their bodies are theirs.
import { beforeAll, describe, expect, it } from 'vitest';
import { findCallers } from '../../src/query/call-graph/call-sites.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('a C++ build with conversion operators', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'conversion-operators'])).root;
  });

  const methods = (file: string) =>
    withProject(root, (ctx) => listSymbols(ctx, { file }).symbols)
      .filter((s) => s.kind === 'method')
      .map((s) => `${s.qualified_name} ${s.line}${s.is_definition ? ' def' : ''}`);

  it('names them operator T, in the class and out of it', () => {
    expect(methods('include/bus.h')).toEqual([
      'hw::DigitalIn::read 5 def',
      'hw::DigitalIn::operator int 7 def',
      'hw::BusIn::read 15',
      'hw::BusIn::operator int 16',
      'hw::BusIn::operator bool 17',
      'hw::BusIn::operator const char * 18',
      'hw::BusIn::operator const int & 19 def',
    ]);
    expect(methods('src/bus.cpp')).toEqual([
      'hw::BusIn::read 4 def',
      'hw::BusIn::operator int 5 def',
      'hw::BusIn::operator bool 6 def',
      'hw::BusIn::operator const char * 7 def',
    ]);
  });

  it('gives them the calls in their bodies', () => {
    const answer = withProject(root, (ctx) => findCallers(ctx, { name: 'read' })) as unknown as Record<string, unknown>[];
    const rows = answer.filter((r) => 'caller' in r).map((r) => `${r.caller} ${r.file}:${r.line}`);
    expect(rows.sort()).toEqual(['hw::BusIn::operator int src/bus.cpp:5', 'hw::DigitalIn::operator int include/bus.h:9']);
  });
});
