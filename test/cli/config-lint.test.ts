// .fw-context/config.ini lines the ini reader passes over in silence are warnings with line and fix: a typo in
// a key or section, a section header without its `]` (whose keys land in the section above), a stray line.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintConfig } from '../../src/project/config-lint.js';
import { configPath, DEFAULT_CONFIG, renderConfig } from '../../src/project/config.js';
import { cliJson, copyFixtureToTemp, runCli } from '../helpers/fixture-project.js';

describe('config.ini problems', () => {
  it('finds none in the file init writes, nor in the README example', () => {
    expect(lintConfig(renderConfig(DEFAULT_CONFIG), 'config.ini')).toEqual([]);
    const readme = fs.readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
    const example = /`\.fw-context\/config\.ini`:\n\n```ini\n([\s\S]*?)```/.exec(readme)![1];
    expect(lintConfig(example, 'config.ini')).toEqual([]);
  });

  it('names the line of a typo, an unclosed section header, an unknown section and a stray line', () => {
    const text = '[build]\ndefault_variant = a\ndefualt_image = x\n[index\nvendor_paths = third_party\njunk line\n[varients]\nbuild/x = y\n';
    expect(lintConfig(text, 'config.ini').map((d) => [d.line, d.fix])).toEqual([
      [3, 'did you mean default_image?'],
      [4, 'close it with "]", e.g. [index]'],
      [6, expect.stringMatching(/key = value/)],
      [7, 'did you mean [variants]?'],
    ]);
  });

  it('init and index print them', () => {
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    expect(runCli(root, ['init']).status).toBe(0);
    fs.appendFileSync(configPath(root), '\n[index\nexclude_paths = build\n');
    const init = runCli(root, ['init']);
    expect(init.stdout).toMatch(/config\.ini:\d+: warning: "\[index" is not a section header/);
    const index = cliJson(root, ['index']) as { diagnostics: { line?: number; message: string }[] };
    expect(index.diagnostics).toContainEqual(expect.objectContaining({ message: expect.stringMatching(/not a section header/) }));
  });
});

describe('status with a default_variant that names no build', () => {
  it('says so instead of "no default build"', () => {
    const root = copyFixtureToTemp('callgraph', 'driver-stack');
    fs.cpSync(path.join(root, 'build'), path.join(root, 'build-b'), { recursive: true });
    expect(runCli(root, ['index']).status).toBe(0);
    fs.writeFileSync(configPath(root), fs.readFileSync(configPath(root), 'utf8').replace(/default_variant =.*/, 'default_variant = nosuch'));
    const status = runCli(root, ['status']);
    expect(status.stdout).toMatch(/default_variant "nosuch" in \.fw-context\/config\.ini names no indexed build/);
    expect(status.stdout).not.toMatch(/no default build/);
  });
});
