// diff_builds pairs the files two builds generate at the same place in their own build folders (the Pico SDK's
// generated/pico_base/pico/config_autogen.h, the padded boot_stage2): such a file is in both builds, compiled
// differently when its content or compiled lines differ, not listed when alike.
import { beforeAll, describe, expect, it } from 'vitest';
import { diffBuilds } from '../../src/query/diff-builds.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('diff_builds: files generated into each build folder', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['crossbuild', 'cmake-generated-files']));
  });

  it('are one file of both builds: only the ones whose content differs are listed, as compiled differently', () => {
    const r = withProject(root, (ctx) => diffBuilds(ctx, { a: { variant: 'build-pico' }, b: { variant: 'build-feather' }, limit: 100 }));
    const s = r.sections;
    expect(s.units_only_in_a!.items).toEqual([]);
    expect(s.units_only_in_b!.items).toEqual([]);
    expect(s.files_only_in_a!.items).toEqual([]);
    expect(s.files_only_in_b!.items).toEqual([]);
    expect(s.files_compiled_differently!.items).toEqual(['<build>/generated/config_autogen.h', '<build>/generated/gen_table.c']);
  });
});
