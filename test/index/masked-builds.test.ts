// Preprocessor-exact indexing across two boards: each build holds only the code its #if branches compile,
// a shared file's common parts are the same, and macros carry the build's values.
import { beforeAll, describe, expect, it } from 'vitest';
import { getActiveBuild } from '../../src/query/active-build.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { searchCode } from '../../src/query/search-code.js';
import { indexedFixture } from '../helpers/fixture-project.js';

let root: string;
type Rows = Record<string, any>[];
const syms = (r: unknown) => (r as Rows).filter((x) => 'kind' in x);

beforeAll(async () => {
  ({ root } = await indexedFixture(['index', 'multi-board-masked']));
});

describe('two boards, one source', () => {
  it('search_code answers from the active branch line only', () => {
    const a = syms(withProject(root, (ctx) => searchCode(ctx, { query: 'radio init', kind: 'function', variant: 'build-board-a' }))).filter((s) => s.name === 'radio_init' && s.is_definition);
    const b = syms(withProject(root, (ctx) => searchCode(ctx, { query: 'radio init', kind: 'function', variant: 'build-board-b' }))).filter((s) => s.name === 'radio_init' && s.is_definition);
    expect(a.map((s) => [s.line, s.docstring])).toEqual([[6, 'Bring up the 2.4 GHz radio of board A.']]);
    expect(b.map((s) => [s.line, s.docstring])).toEqual([[17, 'Bring up the sub-GHz transceiver of board B.']]);
  });

  it('a symbol of an inactive branch is absent from that build', () => {
    const look = (variant: string, name: string) => syms(withProject(root, (ctx) => lookupSymbol(ctx, { name, variant })));
    expect(look('build-board-a', 'radio_hfclk_calibrate')).toHaveLength(1);
    expect(look('build-board-b', 'radio_hfclk_calibrate')).toHaveLength(0);
    expect(look('build-board-b', 'radio_load_patch')).toHaveLength(1);
    expect(look('build-board-a', 'radio_load_patch')).toHaveLength(0);
    expect(look('build-board-a', 'radio_config::tx_power_dbm')).toHaveLength(1);
    expect(look('build-board-a', 'radio_config::pa_ramp_us')).toHaveLength(0);
    expect(look('build-board-b', 'radio_config::pa_ramp_us')[0].docstring).toBe('PA ramp time of the sub-GHz transceiver, in microseconds.');
  });

  it('records macros as each build sees them, with expanded values', () => {
    const macro = (variant: string) => syms(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'RADIO_CHANNELS', kind: 'macro', variant })));
    expect(macro('build-board-a').map((m) => [m.line, m._macro_value, m._macro_expanded_value])).toEqual([[21, '40', '40']]);
    expect(macro('build-board-b').map((m) => [m.line, m._macro_value, m._macro_expanded_value])).toEqual([[23, '(8 * 8)', '64']]);
  });

  it('says where the implicit macros came from', () => {
    const s = withProject(root, (ctx) => getActiveBuild(ctx, { variant: 'build-board-a' })) as Record<string, any>;
    expect(s.implicit_macros.length).toBeGreaterThan(0);
    expect(['compiler', 'table']).toContain(s.implicit_macros[0].source);
    expect(s.implicit_macros[0].compiler).toBe('gcc');
  });
});

describe('malformed conditionals', () => {
  it('give diagnostics with file and line while the rest of the unit indexes', async () => {
    const { root: bad, result } = await indexedFixture(['preprocessor', 'malformed']);
    const diags = result.builds[0].diagnostics.filter((d) => d.file.endsWith('broken.c'));
    expect(diags.length).toBeGreaterThanOrEqual(3);
    expect(diags.every((d) => typeof d.line === 'number')).toBe(true);
    expect(diags.some((d) => /#elif after #else|after #else/.test(d.message))).toBe(true);
    const names = withProject(bad, (ctx) => listSymbols(ctx, { file: 'src/broken.c' })).symbols.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['before', 'after_errors', 'x_undefined']));
    expect(names).not.toContain('x_defined');
  });
});
