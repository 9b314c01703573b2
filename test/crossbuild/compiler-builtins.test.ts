// Compiler built-in macros in cross-build answers: which_builds gives each build's built-in value (armcc's __CC_ARM,
// armclang's and armcc's __ARMCC_VERSION, GCC's __ARM_ARCH), and a deciding #if names the built-in values the build
// had, read from the sets the index keeps beside it; without those files the builds only say the name is absent.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDiff } from '../../src/cli/crossbuild-commands.js';
import { diffBuilds } from '../../src/query/diff-builds.js';
import { isCompiled } from '../../src/query/is-compiled.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { whichBuilds } from '../../src/query/which-builds.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const entry = <T extends { variant: string; image: string }>(rows: T[], label: string) => rows.find((r) => `${r.variant}:${r.image}` === label)!;

describe('compiler built-ins across builds (Keil project: armclang and armcc targets)', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['adapters', 'keil-project']));
  });
  const which = (name: string) => withProject(root, (ctx) => whichBuilds(ctx, { name }));

  it("gives each build's built-in value, as a macro of <built-in>", () => {
    const armcc = which('__CC_ARM');
    expect(armcc.defined_in).toEqual(['Blinky-AC5:app']);
    expect(armcc.absent_from).toEqual(['Blinky:app']);
    expect(entry(armcc.builds, 'Blinky-AC5:app').macro).toEqual([{ _macro_value: '1', _macro_expanded_value: '1', params: null, file: '<built-in>', line: 0 }]);
    expect(armcc.definition_places).toEqual([]);
    expect(armcc.note).toBeUndefined();

    const version = which('__ARMCC_VERSION');
    expect(version.defined_in.sort()).toEqual(['Blinky-AC5:app', 'Blinky:app']);
    expect(entry(version.builds, 'Blinky:app').macro![0]).toMatchObject({ _macro_value: '6220000', file: '<built-in>' });
    expect(entry(version.builds, 'Blinky-AC5:app').macro![0]).toMatchObject({ _macro_value: '5060960', file: '<built-in>' });
  });

  it('names the built-in values that decided a branch (the armclang build took #elif __ARMCC_VERSION)', () => {
    const r = withProject(root, (ctx) => isCompiled(ctx, { file: 'Core/Src/main.c', line: 4 }));
    const clang = entry(r.builds, 'Blinky:app');
    expect(clang.compiled).toBe(false);
    expect(clang.deciding!.taken_instead).toMatchObject({ line: 5 });
    expect(clang.deciding!.macros).toEqual([
      expect.objectContaining({ name: '__CC_ARM', defined: false }),
      { name: '__ARMCC_VERSION', defined: true, definitions: [{ _macro_value: '6220000', _macro_expanded_value: '6220000', params: null, file: '<built-in>', line: 0 }] },
    ]);
    expect(entry(r.builds, 'Blinky-AC5:app').compiled).toBe(true);
  });

  it("lookup_symbol answers an exact name only the compiler defines with the build's built-in, not a prefix or project-only", () => {
    const look = (variant: string, name: string, more: { prefix?: boolean; projectOnly?: boolean; kind?: string } = {}) => withProject(root, (ctx) => lookupSymbol(ctx, { name, variant, ...more })).filter((r) => 'kind' in r);
    expect(look('Blinky-AC5', '__CC_ARM')).toEqual([expect.objectContaining({ name: '__CC_ARM', kind: 'macro', file: '<built-in>', line: 0, _macro_value: '1' })]);
    expect(look('Blinky-AC5', '__CC_ARM', { kind: 'macro' })).toEqual([expect.objectContaining({ file: '<built-in>' })]);
    expect(look('Blinky', '__CC_ARM')).toEqual([]);
    expect(look('Blinky-AC5', '__CC_AR', { prefix: true })).toEqual([]);
    expect(look('Blinky-AC5', '__CC_ARM', { projectOnly: true })).toEqual([]);
    expect(look('Blinky-AC5', '__CC_ARM', { kind: 'function' })).toEqual([]);
    // A -D of the build is its own definition, not the built-in.
    expect(look('Blinky', '__MICROLIB')).toEqual([expect.objectContaining({ file: '<command-line>' })]);
  });

  it('diff_builds lists the built-ins that differ between two builds, each with both values', () => {
    const r = withProject(root, (ctx) => diffBuilds(ctx, { a: { variant: 'Blinky' }, b: { variant: 'Blinky-AC5' }, section: 'compiler_builtins', limit: 1000 }));
    const items = r.sections.compiler_builtins!.items;
    expect(items).toContainEqual({ name: '__ARMCC_VERSION', a: '6220000', b: '5060960' });
    expect(items).toContainEqual({ name: '__CC_ARM', a: null, b: '1' });
    expect(items).toContainEqual({ name: '__clang__', a: '1', b: null });
    // Built-ins both compilers give alike are not listed.
    expect(items).not.toContainEqual(expect.objectContaining({ name: '__arm__' }));
    expect(r.counts.compiler_builtins).toBe(items.length);
    const text = formatDiff(r, 'compiler_builtins');
    expect(text).toContain(`Compiler built-in macros: ${items.length} differ`);
    expect(text).toMatch(/__CC_ARM +A: \(unset\) {3}B: 1/);
    expect(r.notes.filter((n) => /built-in/.test(n))).toEqual([]);
  });

  it('says absent, as before, when the kept sets are gone', () => {
    const copy = fs.mkdtempSync(path.join(path.dirname(root), 'builtins-gone-'));
    fs.cpSync(root, copy, { recursive: true });
    fs.rmSync(path.join(copy, '.fw-context', 'builtin-sets'), { recursive: true });
    const r = withProject(copy, (ctx) => whichBuilds(ctx, { name: '__CC_ARM' }));
    expect(r.defined_in).toEqual([]);
    expect(r.absent_from.sort()).toEqual(['Blinky-AC5:app', 'Blinky:app']);
    const d = withProject(copy, (ctx) => diffBuilds(ctx, { a: { variant: 'Blinky' }, b: { variant: 'Blinky-AC5' } }));
    expect(d.counts.compiler_builtins).toBe(0);
    expect(d.notes.filter((n) => /built-in/.test(n))).toEqual([expect.stringMatching(/^Blinky:app has no compiler built-in macros kept/), expect.stringMatching(/^Blinky-AC5:app has no compiler built-in macros kept/)]);
    fs.rmSync(copy, { recursive: true, force: true });
  });
});

describe('compiler built-ins across builds (Zephyr boards: GCC table)', () => {
  it("gives a GCC target macro per build, and a -D or #define of the name stays the build's own", async () => {
    const { root } = await indexedFixture(['crossbuild', 'zephyr-boards-sysbuild']);
    const arch = withProject(root, (ctx) => whichBuilds(ctx, { name: '__ARM_ARCH' }));
    expect(arch.absent_from).toEqual([]);
    for (const b of arch.builds) expect(b.macro).toEqual([expect.objectContaining({ _macro_value: '7', file: '<built-in>' })]);
    const kernel = withProject(root, (ctx) => whichBuilds(ctx, { name: 'KERNEL' }));
    for (const b of kernel.builds) expect(b.macro).toEqual([expect.objectContaining({ file: '<command-line>' })]);
    // Two Cortex-M4 boards: only the nRF build's -mfp16-format=ieee makes built-ins differ (the half-precision type's).
    const d = withProject(root, (ctx) => diffBuilds(ctx, { a: { variant: 'build-nrf52840dk' }, b: { variant: 'nucleo_f401re' }, limit: 1000 }));
    const items = d.sections.compiler_builtins!.items as { name: string; a: string | null; b: string | null }[];
    expect(items).toContainEqual({ name: '__ARM_FP16_FORMAT_IEEE', a: '1', b: null });
    expect(items).toContainEqual({ name: '__FLT16_MANT_DIG__', a: '11', b: null });
    expect(items.filter((x) => !/^__(ARM_FP16_|FLT16_)/.test(x.name) || x.b !== null)).toEqual([]);
    expect(d.notes.filter((n) => /built-in/.test(n))).toEqual([]);
  });
});
