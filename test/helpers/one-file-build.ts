// A build of one source file defining one function, written straight through an IndexWriter (no project on disk),
// and a new index to write it into.
import fs from 'node:fs';
import path from 'node:path';
import type { BuildWrite } from '../../src/index/index-writer.js';
import { closeIndexForWrite, openIndexForWrite, type Db } from '../../src/index/open-index.js';
import { tempDir } from './fixture-project.js';

/** A build `variant` of one file src/f.c (parsed under `mask`) defining `f` with body `body`. */
export function oneFileBuild(variant: string, mask: string, body: string): BuildWrite {
  const symbol = {
    stableId: `f-${mask}`, parentId: null, name: 'f', qualifiedName: 'f', kind: 'function' as const, line: 1, endLine: 1, column: 1, isDefinition: true,
    signature: 'int f(void)', docstring: '', isTemplate: false, isVirtual: false, isPureVirtual: false, enumValue: null, nameTokens: 'f', body,
  };
  const file = { path: 'src/f.c', contentHash: 'c', size: 10, mtimeMs: 1, isVendor: false, maskHash: mask, language: 'c', isUnit: true, activity: mask, parsed: { symbols: [symbol], references: [], error: null } };
  return {
    build: {
      variant, image: 'app', imageType: null, defaultImage: true, board: variant, buildSystem: 'cmake', buildDir: variant, compileCommands: null,
      compileCommandsHash: null, compileCommandsMtimeMs: null, description: 'test build', defines: {}, definesVarying: 0, linkerScripts: [], entryPoint: '',
      memory: [], memoryNote: '', provenance: 'test', implicitMacros: [], units: [file.path], linkedUnits: null, linking: null,
      kconfig: null, fingerprint: variant, recordInputs: null,
    },
    files: [file],
    macroGroups: [],
    units: [],
    fileDiagnostics: [],
  };
}

/**
 * Runs `run` on a new index in a temp folder, opened for writing (made and closed once first: a first index is written
 * beside its file until closed), then closes it and removes the folder.
 */
export function withWriteIndex(run: (db: Db) => void): void {
  const file = path.join(tempDir(), 'index.db');
  closeIndexForWrite(openIndexForWrite(file).db);
  const db = openIndexForWrite(file).db;
  try {
    run(db);
  } finally {
    db.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
