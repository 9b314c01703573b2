// ninja manifest parser and unit recovery, compared with `ninja -t compdb` where ninja is installed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ninjaAdapter } from '../../adapters/ninja/detect-ninja.js';
import { parseNinjaManifest, parseNinjaText } from '../../adapters/ninja/parse-ninja.js';
import { recoverFromManifest } from '../../adapters/ninja/recover-units.js';
import { edgeCommand } from '../../adapters/ninja/edge-command.js';
import { defaultBuiltObjects } from '../../adapters/ninja/default-closure.js';
import { isSourceFile, splitCommand } from '../../src/model/compile-args.js';
import { copyFixture, rel, removeFixture } from './fixture-helper.js';

function hasNinja(): boolean {
  try {
    execFileSync('ninja', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

interface Entry {
  file: string;
  directory: string;
  arguments: string[];
}

const sortEntries = (list: Entry[]) => [...list].sort((a, b) => (a.file + a.arguments.join(' ')).localeCompare(b.file + b.arguments.join(' ')));

describe('ninja adapter (no compile database)', () => {
  const root = copyFixture('ninja-only');
  const buildDir = path.join(root, 'build');
  afterAll(() => removeFixture(root));

  it('detects one build with the recovered compile units and link edge', () => {
    const r = ninjaAdapter.detect(root, {});
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.builds).toHaveLength(1);
    const b = r.builds[0];
    expect(b.buildSystem).toBe('ninja');
    expect(b.provenance).toBe('read');
    expect(b.variant).toBe('build');
    expect(b.units.map((u) => rel(root, u.file)).sort()).toEqual(['lib/crc/crc.c', 'lib/crc/crc_fast.c', 'src/main.c', 'src/startup.S', 'src/uart.c', 'src/with space.c']);
    expect(b.linkerScripts.map((p) => rel(root, p))).toEqual(['linker/stm32f401.ld']);
    expect(rel(root, b.mapFile)).toBe('build/blinky.map');
    expect(rel(root, b.elfFile)).toBe('build/blinky.elf');
    expect(b.linkArguments?.[0]).toBe('arm-none-eabi-gcc');
  });

  it('applies edge, rule, file and subninja scoping', () => {
    const b = ninjaAdapter.detect(root, {}).builds[0];
    const args = (f: string) => b.units.find((u) => rel(root, u.file) === f)!.arguments;
    expect(args('src/main.c')).toContain('-DAPP_MAIN=1'); // edge binding
    expect(args('src/uart.c')).not.toContain('-DAPP_MAIN=1');
    expect(args('src/uart.c')).toContain('-O0'); // edge binding evaluated in the file scope
    expect(args('src/main.c')).toContain('-DBOARD_NAME="blinky f4"'); // shell quoting kept in one argument
    expect(args('src/main.c')).toContain('-DBUILD_TIME=12:00'); // $:
    expect(args('src/main.c')).toContain('-DPRICE=$5'); // $$
    expect(args('lib/crc/crc_fast.c')).toContain('-DCRC_TABLE=1'); // parent rule, subninja scope
    expect(args('src/main.c')).not.toContain('-DCRC_TABLE=1');
    expect(args('src/with space.c')).toContain('../src/with space.c'); // `$ ` in a path, shell-quoted in $in
  });

  it.skipIf(!hasNinja())('agrees with `ninja -t compdb`', () => {
    const out = execFileSync('ninja', ['-t', 'compdb'], { cwd: buildDir, encoding: 'utf8' });
    const compdb = (JSON.parse(out) as { directory: string; file: string; command: string }[])
      .filter((e) => e.command && isSourceFile(e.file))
      .map((e) => ({ file: path.resolve(e.directory, e.file), directory: e.directory, arguments: splitCommand(e.command) }));
    const b = ninjaAdapter.detect(root, {}).builds[0];
    const ours = b.units.map((u) => ({ file: u.file, directory: u.directory, arguments: u.arguments }));
    expect(compdb.length).toBeGreaterThan(0);
    expect(sortEntries(ours)).toEqual(sortEntries(compdb));
  });

  it('leaves folders with a compile database to the other adapters', () => {
    fs.writeFileSync(path.join(buildDir, 'compile_commands.json'), '[]');
    try {
      expect(ninjaAdapter.detect(root, {}).builds).toHaveLength(0);
    } finally {
      fs.rmSync(path.join(buildDir, 'compile_commands.json'));
    }
  });
});

describe.skipIf(!hasNinja())('recovered compile units equal `ninja -t compdb` on every fixture build.ninja', () => {
  const cases: [string, string][] = [
    ['ninja-only', 'build'],
    ['cmake-stm32', 'build/Debug'],
    ['cmake-stm32', 'build/Release'],
    ['zephyr-multi-board', 'build-nrf52840dk'],
  ];
  for (const [name, sub] of cases) {
    it(`${name}/${sub}`, () => {
      const root = copyFixture(name);
      try {
        const dir = path.join(root, sub);
        const out = execFileSync('ninja', ['-t', 'compdb'], { cwd: dir, encoding: 'utf8' });
        const compdb = (JSON.parse(out) as { directory: string; file: string; command: string }[])
          .filter((e) => e.command && isSourceFile(e.file))
          .map((e) => ({ file: path.resolve(e.directory, e.file), directory: e.directory, arguments: splitCommand(e.command) }));
        const rec = recoverFromManifest(parseNinjaManifest(path.join(dir, 'build.ninja')));
        expect(rec.diagnostics).toEqual([]);
        expect(sortEntries(rec.units.map((u) => ({ file: u.file, directory: u.directory, arguments: u.arguments })))).toEqual(sortEntries(compdb));
      } finally {
        removeFixture(root);
      }
    });
  }
});

describe('ninja manifest parser', () => {
  it('looks up file-level variables before rule variables when an edge has no bindings (as ninja does)', () => {
    const m = parseNinjaText('command = filecmd\nrule r\n  command = rulecmd $in\nbuild a.o: r a.c\nbuild b.o: r b.c\n  x = 1\n', '/tmp/x');
    expect(m.edges.map(edgeCommand)).toEqual(['filecmd', 'rulecmd b.c']);
  });

  it('evaluates edge bindings in the file scope, not in each other', () => {
    const m = parseNinjaText('x = file\nrule r\n  command = echo $x $y\nbuild o: r i\n  x = edge\n  y = $x\n', '/tmp/x');
    expect(edgeCommand(m.edges[0])).toBe('echo edge file');
  });

  it('reports syntax errors with file and line and keeps parsing', () => {
    const m = parseNinjaText('rule cc\n  command = gcc -c $in -o $out\nbuild a.o: nosuch a.c\nbuild b.o: cc b.c\nx = bad$%\n', '/tmp/x');
    expect(m.edges).toHaveLength(1);
    const d = m.diagnostics.find((x) => /unknown build rule 'nosuch'/.test(x.message));
    expect(d?.line).toBe(3);
    expect(m.diagnostics.some((x) => /bad \$-escape/.test(x.message) && x.line === 5)).toBe(true);
    expect(recoverFromManifest(m).units.map((u) => u.file)).toEqual(['/tmp/x/b.c']);
  });

  it('reports two edges producing the same output, as ninja does', () => {
    const m = parseNinjaText('rule r\n  command = gcc -c $in -o $out\nx =\nbuild a.o: r a.c\nbuild ${x}a.o: r b.c\n', '/tmp/x');
    expect(m.diagnostics.some((d) => /multiple rules generate a\.o/.test(d.message) && d.line === 5)).toBe(true);
  });

  it('detects cycles in rule variables without hanging', () => {
    const m = parseNinjaText('rule r\n  command = gcc $a -c $in\n  a = $b\n  b = $a\nbuild o: r i.c\n', '/tmp/x');
    const r = recoverFromManifest(m);
    expect(r.diagnostics.some((d) => /cycle in rule variables/.test(d.message))).toBe(true);
  });

  it('records implicit outputs, implicit/order-only inputs, validations, pools and defaults', () => {
    const m = parseNinjaText(
      'pool p\n  depth = 2\nrule r\n  command = gcc -c $in -o $out\n  pool = p\nbuild a.o | a.d: r a.c | h.h || gen |@ check\nbuild gen: phony\nbuild check: phony\ndefault a.o\n',
      '/tmp/x',
    );
    const e = m.edges[0];
    expect(e.outputs).toEqual(['a.o']);
    expect(e.implicitOutputs).toEqual(['a.d']);
    expect(e.inputs).toEqual(['a.c']);
    expect(e.implicitInputs).toEqual(['h.h']);
    expect(e.orderOnlyInputs).toEqual(['gen']);
    expect(e.validations).toEqual(['check']);
    expect(e.pool).toBe('p');
    expect(m.pools.get('p')).toBe(2);
    expect(m.defaults).toEqual(['a.o']);
    expect(edgeCommand(e)).toBe('gcc -c a.c -o a.o');
  });
});

describe('objects the default targets of a manifest build (a folder linking no program)', () => {
  const manifest = (text: string) => parseNinjaManifest('/b/build.ninja', { readFile: () => text });
  const RULES = 'rule cc\n  command = gcc -c $in -o $out\nrule ar\n  command = ar qc $out $in\n';

  it('follows `default` through phony and order-only inputs, and leaves what it does not reach', () => {
    const m = manifest(`${RULES}build a.o: cc a.c\nbuild b.o: cc b.c\nbuild gen.o: cc gen.c\nbuild liba.a: ar a.o || gen.o\nbuild libb.a: ar b.o\nbuild all: phony liba.a\ndefault all\n`);
    expect([...defaultBuiltObjects(m)].sort()).toEqual(['/b/a.o', '/b/gen.o']);
  });

  it('without `default`, builds every output no edge consumes', () => {
    const m = manifest(`${RULES}build a.o: cc a.c\nbuild b.o: cc b.c\nbuild liba.a: ar a.o\n`);
    expect([...defaultBuiltObjects(m)].sort()).toEqual(['/b/a.o', '/b/b.o']);
  });
});
