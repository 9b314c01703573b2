// The locals of a function whose name a macro writes (`ISR(TIMER0_OVF_vect) { unsigned step; ... }`) belong to the
// function the expansion names: their owner is that function and their uses in its body are found.
import { beforeAll, describe, expect, it } from 'vitest';
import { findVariables, type VariableAnswer } from '../../src/query/find-variables.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('locals of functions named by a macro', () => {
  let root: string;

  beforeAll(async () => {
    ({ root } = await indexedFixture(['index', 'macro-named-locals']));
  });

  const local = (name: string) => {
    const rows = withProject(root, (ctx) => findVariables(ctx, { name, scope: 'local' })) as VariableAnswer[];
    return rows.filter((r) => r.name === name).map((r) => ({ qualified: r.qualified_name, owner: r.owner, counts: r.counts }));
  };

  it('gives each local the function the expansion names, with its uses in the body', () => {
    expect(local('step')).toEqual([{ qualified: 'TIMER0_OVF_vect::step', owner: 'TIMER0_OVF_vect', counts: { read: 1, write: 0, address: 0 } }]);
    expect(local('spins')).toEqual([{ qualified: 'idle_task::spins', owner: 'idle_task', counts: { read: 0, write: 1, address: 0 } }]);
  });
});
