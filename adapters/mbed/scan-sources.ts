// Walks an mbed project as Mbed CLI 1's resource scanner does (label folders, .mbedignore) and collects
// sources, include folders, linker scripts and mbed_lib files. Leaves out assembler sources and `requires`.
//
// `TARGET_x`/`FEATURE_x`/`COMPONENT_x`/`TOOLCHAIN_x` folders are entered only when x is a current label;
// `.mbedignore` patterns are fnmatch patterns relative to their folder (`*` crosses `/`); hidden, test and
// build folders are skipped. Include folders = every parent of a header, up to its deepest label folder.
import path from 'node:path';
import { fnmatchToRegex } from '../shared/fnmatch.js';
import { listEntries } from '../shared/detect-inputs.js';
import { readText } from '../shared/fs-helpers.js';

export interface MbedLabels {
  TARGET: string[];
  FEATURE: string[];
  COMPONENT: string[];
  TOOLCHAIN: string[];
}

export interface MbedScan {
  sources: string[];
  includeDirs: string[];
  linkerScripts: string[];
  libFiles: string[];
  appFile?: string;
}

const SOURCE_EXT = new Set(['.c', '.cpp', '.cc', '.cxx']);
const HEADER_EXT = new Set(['.h', '.hpp', '.hh', '.hxx', '.inc']);
const SKIP_DIRS = new Set(['TESTS', 'TEST_APPS', 'UNITTESTS', 'BUILD', 'cmake_build', 'node_modules', '__pycache__']);
const LABEL_RE = /^(TARGET|FEATURE|COMPONENT|TOOLCHAIN)_(.+)$/;

export function scanMbedProject(root: string, labels: MbedLabels, extraSkip: string[] = []): MbedScan {
  const scan: MbedScan = { sources: [], includeDirs: [], linkerScripts: [], libFiles: [] };
  const ignore: RegExp[] = [];
  const isIgnored = (rel: string) => ignore.some((r) => r.test(rel));
  const headers: string[] = [];
  const labelSet = {
    TARGET: new Set(labels.TARGET),
    FEATURE: new Set(labels.FEATURE),
    COMPONENT: new Set(labels.COMPONENT),
    TOOLCHAIN: new Set(labels.TOOLCHAIN),
  };
  const walk = (dir: string, rel: string) => {
    const entries = listEntries(dir);
    if (!entries) return;
    if (entries.some((e) => e.name === '.mbedignore' && e.isFile())) {
      // Unreadable: nothing ignored.
      const text = readText(path.join(dir, '.mbedignore')) ?? '';
      for (const line of text.split(/\r?\n/)) {
        const p = line.trim();
        if (!p || p.startsWith('#')) continue;
        ignore.push(fnmatchToRegex(rel ? `${rel}/${p}` : p, { wildcardsCrossSlash: true }));
      }
    }
    if (rel && isIgnored(rel + '/')) return;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (e.name.startsWith('.') || SKIP_DIRS.has(e.name) || extraSkip.includes(abs)) continue;
        const m = LABEL_RE.exec(e.name);
        if (m && !labelSet[m[1] as keyof MbedLabels].has(m[2])) continue;
        if (isIgnored(r + '/')) continue;
        walk(abs, r);
      } else if (e.isFile()) {
        if (isIgnored(r)) continue;
        const ext = path.extname(e.name);
        if (SOURCE_EXT.has(ext)) scan.sources.push(abs);
        else if (HEADER_EXT.has(ext)) headers.push(r);
        else if (ext === '.ld') scan.linkerScripts.push(abs);
        else if (e.name === 'mbed_lib.json' || e.name === 'mbed_lib.json5') scan.libFiles.push(abs);
        else if (!rel && (e.name === 'mbed_app.json' || e.name === 'mbed_app.json5')) scan.appFile ??= abs;
      }
    }
  };
  walk(root, '');
  const inc = new Set<string>();
  for (const h of headers) {
    const parts = h.split('/');
    let start = 0;
    for (let i = parts.length - 2; i >= 0; i--) {
      if (LABEL_RE.test(parts[i])) {
        start = i + 1;
        break;
      }
    }
    for (let n = start; n < parts.length; n++) inc.add(parts.slice(0, n).join('/'));
  }
  scan.includeDirs = [...inc].sort().map((r) => (r ? path.join(root, r) : root));
  return scan;
}
