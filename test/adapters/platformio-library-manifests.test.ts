// How the library finder reads libraries' manifests as PlatformIO does: a broken library.json warned of and read as
// empty, lib_compat_mode = strict checking platforms (library.json) and architectures (library.properties).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describePlatformioProject } from '../../adapters/platformio/detect-platformio.js';
import { copyFixture, removeFixture } from './fixture-helper.js';

/** The platformio-libraries fixture, changed by `edit`, described. */
function described(edit: (root: string) => void) {
  const root = copyFixture('platformio-libraries');
  try {
    edit(root);
    const r = describePlatformioProject(root, root, { env: {} });
    const libs = (env: string) => [...new Set(r.builds.find((b) => b.variant === env)!.units.map((u) => path.relative(root, u.file).split(path.sep).slice(0, 2).join('/')))].filter((d) => d.startsWith('lib/')).sort();
    return { root, r, libs };
  } finally {
    removeFixture(root);
  }
}

describe('PlatformIO library finder, a broken library.json', () => {
  it('is warned of once, naming the file, line and column, and the library read without it (as PlatformIO does)', () => {
    const { root, r, libs } = described((root) => fs.writeFileSync(path.join(root, 'lib', 'Fonts', 'library.json'), '{\n  "name": "Fonts",\n}\n'));
    const warnings = r.diagnostics.filter((d) => d.file.endsWith(path.join('Fonts', 'library.json')));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', file: path.join(root, 'lib', 'Fonts', 'library.json'), line: 3 });
    expect(warnings[0].message).toMatch(/^broken library manifest \(invalid JSON: .* at line 3, column 1\); library 'Fonts' is read as PlatformIO reads it then, without its manifest/);
    // Still built: Display depends on it by the folder's name.
    expect(libs('uno')).toContain('lib/Fonts');
  });

  it('dependencies neither a list nor a map break it too', () => {
    const { r } = described((root) => fs.writeFileSync(path.join(root, 'lib', 'Fonts', 'library.json'), '{ "name": "Fonts", "dependencies": "Bus" }\n'));
    expect(r.diagnostics.filter((d) => /broken library manifest \(its dependencies are neither a list nor a map\)/.test(d.message))).toHaveLength(1);
  });
});

describe('PlatformIO library finder, lib_compat_mode = strict', () => {
  it('leaves out libraries for other platforms: library.json platforms, library.properties architectures', () => {
    const { libs } = described((root) => {
      fs.writeFileSync(path.join(root, 'lib', 'Fonts', 'library.json'), '{ "name": "Fonts", "platforms": "Espressif32, ststm32" }\n');
      fs.writeFileSync(path.join(root, 'lib', 'Sensor', 'library.properties'), 'name=Sensor\nversion=1.0.0\narchitectures=esp32,samd\n');
      fs.appendFileSync(path.join(root, 'platformio.ini'), '\n[env:strict]\nlib_compat_mode = strict\n\n[env:strict_by_index]\nlib_compat_mode = 2\nplatform = platformio/espressif32@6.5.0\n');
    });
    // soft checks frameworks alone; strict the platform too (atmelavr: neither espressif32 nor atmelsam).
    expect(libs('uno')).toEqual(['lib/Bus', 'lib/Display', 'lib/Fonts', 'lib/Sensor']);
    expect(libs('strict')).toEqual(['lib/Display']);
    expect(libs('strict_by_index')).toEqual(['lib/Bus', 'lib/Display', 'lib/Fonts', 'lib/Sensor']);
  });

  it('takes libraries naming any platform, or architectures PlatformIO does not map; frameworks in any case', () => {
    const { libs } = described((root) => {
      fs.writeFileSync(path.join(root, 'lib', 'Fonts', 'library.json'), '{ "name": "Fonts", "platforms": "*", "frameworks": "Arduino" }\n');
      fs.writeFileSync(path.join(root, 'lib', 'Sensor', 'library.properties'), 'name=Sensor\nversion=1.0.0\narchitectures=megaavr\n');
      fs.appendFileSync(path.join(root, 'platformio.ini'), '\n[env:strict]\nlib_compat_mode = strict\n');
    });
    expect(libs('strict')).toEqual(['lib/Bus', 'lib/Display', 'lib/Fonts', 'lib/Sensor']);
  });
});
