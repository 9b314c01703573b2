// diff_builds compares the -D values the units of each image are compiled with, also of a name some unit leaves
// out: a Pico program links the padded second stage, compiled with -DNDEBUG only, so no board or program define is
// common to all its units, yet each program is compiled with its own PICO_TARGET_NAME.
import { beforeAll, describe, expect, it } from 'vitest';
import { diffBuilds } from '../../src/query/diff-builds.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('diff_builds: -D defines of images whose units carry different sets', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['adapters', 'cmake-pico-examples']));
  });

  it('shows the define whose values differ, not the ones both images carry alike', () => {
    const r = withProject(root, (ctx) => diffBuilds(ctx, { a: { variant: 'build', image: 'blink' }, b: { variant: 'build', image: 'hello' }, section: 'defines' }));
    expect(r.sections.defines!.items).toEqual([{ name: 'PICO_TARGET_NAME', a: '"blink"', b: '"hello"' }]);
  });

  it('shows a define only one image is compiled with', () => {
    const r = withProject(root, (ctx) => diffBuilds(ctx, { a: { variant: 'build', image: 'blink' }, b: { variant: 'build', image: 'bs2_default' }, section: 'defines' }));
    expect(r.sections.defines!.items).toEqual([{ name: 'PICO_TARGET_NAME', a: '"blink"', b: null }]);
  });
});
