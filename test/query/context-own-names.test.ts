// The variables a function's context lists: not its own parameters and locals (a parameter named like a field of
// some struct, NetX Duo's `ip_ptr`, was listed as that field), globals by a name used alone, fields by a name after
// `.` or `->`.
import { beforeAll, describe, expect, it } from 'vitest';
import { getSymbolContext, parameterNames } from '../../src/query/symbol-context.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('the variables of a function context', () => {
  let root: string;

  beforeAll(async () => {
    ({ root } = await indexedFixture(['reading', 'context-own-names']));
  });

  const variables = (name: string) =>
    (withProject(root, (ctx) => getSymbolContext(ctx, { name })).variables as { qualified_name: string; access: string[] }[]).map((v) => `${v.qualified_name} ${v.access.join('/')}`);

  it('leave out the parameters and locals, keep the global the function writes', () => {
    expect(variables('put')).toEqual(['count read/write']);
  });

  it('are fields after `->` and globals used alone', () => {
    expect(variables('peek').sort()).toEqual(['packet::count read', 'packet::slot read', 'total read']);
  });

  it('read the names of a parameter list', () => {
    expect(parameterNames('int put(int *slot, int value, void (*done)(int count))', 'put')).toEqual(['slot', 'value', 'done']);
    expect(parameterNames('void f(void)', 'f')).toEqual([]);
    expect(parameterNames('UINT _nx_rarp_info_get(NX_IP *ip_ptr, ULONG *rarp_requests_sent, char buf[4], const char *)', '_nx_rarp_info_get')).toEqual(['ip_ptr', 'rarp_requests_sent', 'buf']);
  });
});
