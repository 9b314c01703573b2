// A header's #undef of a name that some units define before it and others do not: every unit has the name undefined
// after it, so code there does not expand the definition the build's macro table holds (another unit's -D or
// header), whether the unit walked the header or replayed another unit's walk of it. Checked with gcc and nm (see the
// fixture's README).
import { beforeAll, describe, expect, it } from 'vitest';
import { findCallees } from '../../src/query/call-graph/call-sites.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe("a header's #undef of a name only some units define", () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'undef-of-undefined'])).root;
  });

  const definitions = (file: string) =>
    withProject(root, (ctx) => listSymbols(ctx, { file }).symbols)
      .filter((s) => s.kind === 'function' && s.is_definition)
      .map((s) => `${s.name} ${s.line}`)
      .sort();

  const callees = (name: string) => (withProject(root, (ctx) => findCallees(ctx, { name })) as unknown as Record<string, unknown>[]).filter((r) => 'callee' in r).map((r) => r.callee);

  it('defines in the header what nm shows: shared_undefined and LOG_NAME, not the -D name flag_log', () => {
    expect(definitions('include/shared.h')).toEqual(['LOG_NAME 10', 'shared_undefined 8']);
  });

  it("calls LOG_NAME from each unit's own file, as nm shows (U LOG_NAME)", () => {
    expect(definitions('src/named.c')).toEqual(['named_undefined 6']);
    for (const caller of ['plain_calls', 'named_undefined', 'flag_calls']) expect(callees(caller)).toEqual(['LOG_NAME']);
  });
});
