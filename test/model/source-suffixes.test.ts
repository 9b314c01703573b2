// One definition of the C and C++ suffixes: the compile-line reader and the queries that sort files by name accept
// the same ones (in any case), where each kept a pattern of its own (finding uncovered sources missed `.cp` and
// `.ino`, reading a file `.cp`, the call-graph check `.cp` and `.ino`, the scan for unindexed definitions `.inl`; dead
// code took `.ipp` and `.inl` for no header).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IndexReader } from '../../src/index/index-reader.js';
import { isSourceFile, languageOfPath } from '../../src/model/compile-args.js';
import {
  CXX_HEADER_SUFFIXES, CXX_SOURCE_SUFFIXES, C_FAMILY_SOURCE_SUFFIXES, INCLUDED_SUFFIXES, isCFamilyFile, isCFamilySource, isCompiledSource, isCxxFile, isIncludedFile, suffixOf,
} from '../../src/model/source-suffixes.js';
import { DEFAULT_CONFIG } from '../../src/project/config.js';
import { absentFileStatus } from '../../src/query/cross-build.js';
import { uncoveredSources } from '../../src/query/uncovered-sources.js';
import { scanForDefinitions } from '../../src/query/unindexed-definitions.js';
import { tempDir } from '../helpers/fixture-project.js';

const QUERY = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'src', 'query');
const both = (suffixes: readonly string[]): string[] => suffixes.flatMap((s) => [s, s.toUpperCase()]);

describe('C and C++ suffixes', () => {
  it('a name\'s suffix: lowercased, none for a leading dot or a dot in a folder', () => {
    expect([suffixOf('src/Main.CPP'), suffixOf('a/b.c++'), suffixOf('dir/.c'), suffixOf('a.b/c'), suffixOf('Makefile')]).toEqual(['.cpp', '.c++', '', '', '']);
  });

  it('every C or C++ source is a source to the compile-line reader and the queries, of its language', () => {
    for (const s of both(C_FAMILY_SOURCE_SUFFIXES)) {
      const file = `src/unit${s}`;
      expect([isCFamilySource(file), isCFamilyFile(file), isIncludedFile(file), isCompiledSource(file), isSourceFile(file)], file).toEqual([true, true, false, true, true]);
      expect(absentFileStatus(file).status, file).toBe('unit_not_in_build');
      expect(languageOfPath(file), file).toBe(s.toLowerCase() === '.c' ? 'c' : 'cpp');
    }
    for (const s of both([...CXX_SOURCE_SUFFIXES, ...CXX_HEADER_SUFFIXES])) expect(isCxxFile(`x${s}`), s).toBe(true);
  });

  it('every #included suffix is of the C family, not a source', () => {
    for (const s of both(INCLUDED_SUFFIXES)) {
      expect([isCFamilyFile(`inc/x${s}`), isIncludedFile(`inc/x${s}`), isCFamilySource(`inc/x${s}`), absentFileStatus(`inc/x${s}`).status], s).toEqual([true, true, false, 'file_not_included']);
    }
    expect([isCFamilyFile('CMakeLists.txt'), isCompiledSource('link.ld'), absentFileStatus('a.asm').status]).toEqual([false, false, 'unit_not_in_build']);
  });

  it('uncovered sources: a new file of every C or C++ source suffix', () => {
    const root = tempDir('fwc-suffixes-');
    const names = C_FAMILY_SOURCE_SUFFIXES.map((s, i) => `f${i}${s}`);
    for (const n of [...names, 'notes.txt', 'x.h']) fs.writeFileSync(path.join(root, n), '');
    expect(uncoveredSources(root, { ...DEFAULT_CONFIG, projectPaths: [] }, new Set(), 0, []).sort()).toEqual([...names].sort());
  });

  it('unindexed definitions: a file of every C or C++ suffix is scanned', () => {
    const root = tempDir('fwc-suffixes-');
    const files = [...C_FAMILY_SOURCE_SUFFIXES, ...INCLUDED_SUFFIXES, '.txt'].map((s, i) => ({ path: `f${i}${s}` }));
    for (const f of files) fs.writeFileSync(path.join(root, f.path), '#define TARGET_MACRO 1\n');
    const reader = { files: () => files } as unknown as IndexReader;
    const scanned = files.filter((f) => scanForDefinitions(({ files: () => [f] }) as unknown as IndexReader, root, 'TARGET_MACRO', [], true).places.length > 0);
    expect(scanned.map((f) => f.path)).toEqual(files.slice(0, -1).map((f) => f.path));
    expect(scanForDefinitions(reader, root, 'TARGET_MACRO', [], true).places.length).toBeGreaterThan(0);
  });

  it('no query keeps a C/C++ suffix pattern of its own', () => {
    const own: string[] = [];
    for (const entry of fs.readdirSync(QUERY, { recursive: true, encoding: 'utf8' })) {
      // find-request.ts: which query texts name a file (and not a member), not which files are C or C++.
      if (!entry.endsWith('.ts') || entry === 'find-request.ts') continue;
      const text = fs.readFileSync(path.join(QUERY, entry), 'utf8');
      if (/\\\.\((?:[^)\n]*\|)?(?:cpp|cc|cxx|hpp)\b|'\.(?:cpp|cc|cxx|hpp|ino)'/.test(text)) own.push(entry);
    }
    expect(own).toEqual([]);
  });
});
