// Stored paths: the fast form for a normalized path under the root answers what path.relative answers,
// and paths that need normalizing, sit outside the root or share only a name prefix with it take the full route.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { absolutePath, isUnderAny, isVendorFile, storedPath } from '../../src/indexer/vendor-paths.js';

/** The definition storedPath keeps: project-relative POSIX inside the root, absolute outside. */
function reference(root: string, file: string): string {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return file;
  return rel.split(path.sep).join('/');
}

describe('storedPath', () => {
  const roots = ['/work/proj', '/work/proj/', '/work/./proj', '/w', '/'];
  const files = [
    '/work/proj/src/main.c',
    '/work/proj/a.h',
    '/work/proj',
    '/work/proj/',
    '/work/project/src/x.c',
    '/work/proj/../other/y.h',
    '/work/proj/src/../inc/z.h',
    '/work/proj/./inc/z.h',
    '/work/proj//inc/z.h',
    '/work/proj/inc/',
    '/work/proj/..hidden/a.h',
    '/work/proj/.config/b.h',
    '/work/proj/inc/..',
    '/usr/include/stdio.h',
    '/w/x.c',
    '/wx/y.c',
  ];
  it.runIf(path.sep === '/')('answers what path.relative answers for every root and file', () => {
    for (const root of roots) for (const file of files) expect(storedPath(root, file), `${root} ${file}`).toBe(reference(root, file));
  });

  it.runIf(path.sep === '/')('absolutePath answers what path.join answers for every root and stored path', () => {
    const stored = ['src/main.c', 'a.h', '', '.', '..', '../other/y.h', 'src/../inc/z.h', './inc/z.h', 'inc//z.h', 'inc/', '..hidden/a.h', '.config/b.h', '/usr/include/stdio.h'];
    for (const root of roots) for (const s of stored) expect(absolutePath(root, s), `${root} ${s}`).toBe(path.isAbsolute(s) ? s : path.join(root, s));
  });

  it('is the inverse of absolutePath inside the root', () => {
    const root = path.resolve('/tmp/fw-root');
    expect(absolutePath(root, storedPath(root, path.join(root, 'src', 'drivers', 'gpio.c')))).toBe(path.join(root, 'src', 'drivers', 'gpio.c'));
  });
});

describe('absolute folders of the config', () => {
  it('hold the files under them, not those of a folder whose name only starts the same', () => {
    const root = '/work/proj';
    expect(isUnderAny(root, '/opt/sdk/ext/a.c', ['/opt/sdk/ext'])).toBe(true);
    expect(isUnderAny(root, '/opt/sdk/ext/a.c', ['/opt/sdk/ext/'])).toBe(true);
    expect(isUnderAny(root, '/opt/sdk/ext', ['/opt/sdk/ext'])).toBe(true);
    expect(isUnderAny(root, '/opt/sdk/external/a.c', ['/opt/sdk/ext'])).toBe(false);
    expect(isUnderAny(root, '/work/proj/ext/a.c', ['ext'])).toBe(true);
    expect(isUnderAny(root, '/work/proj/external/a.c', ['ext'])).toBe(false);
    const rules = { root, projectPaths: ['/opt/sdk/app'], vendorPaths: [] };
    expect(isVendorFile('/opt/sdk/app/main.c', rules)).toBe(false);
    expect(isVendorFile('/opt/sdk/application/main.c', rules)).toBe(true);
  });
});

