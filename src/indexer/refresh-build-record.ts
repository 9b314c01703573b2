// What a build's record holds from its linker scripts, map file and Kconfig output (memory regions and usage,
// entry point, linker-script symbols, Kconfig summary), read for a full run or again for a stored build whose
// units still hold when those files changed (a relink rewrites the map) or the build names another map file or
// other linker scripts, links with another command, or tells its link otherwise (record-description.ts): then
// only these rows are replaced.
import fs from 'node:fs';
import type { BuildDescription } from '../../adapters/contract.js';
import type { BuildRecord, FileVersion, RecordRefresh } from '../index/index-writer.js';
import { storedRecordInputs } from '../index/reindex-rows.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ExtractedSymbol } from '../model/symbol.js';
import { sha1 } from './file-states.js';
import type { PatchContext } from './patch-build.js';
import { linkSourceMoved, linkSourceNow } from './link-source.js';
import { compareRecordInputs, RecordReads } from './record-inputs.js';
import { linkRecord, recordDescriptionChanges, recordLink, recordMap } from './record-description.js';
import { absolutePath, isVendorFile, storedPath, type VendorRules } from './vendor-paths.js';

/** Where a build's Kconfig output lives and how many CONFIG_ symbols autoconf.h sets. */
function kconfigSummary(root: string, build: BuildDescription, reads: RecordReads): BuildRecord['kconfig'] {
  const k = build.kconfig;
  if (!k || (!k.dotConfig && !k.autoconfH)) return null;
  // Counted as 0 when the file vanished.
  let symbols = 0;
  if (k.autoconfH) symbols = (reads.read(k.autoconfH)?.match(/^\s*#\s*define\s+CONFIG_\w+/gm) ?? []).length;
  else if (k.dotConfig) symbols = (reads.read(k.dotConfig)?.match(/^CONFIG_\w+=/gm) ?? []).length;
  return { dot_config: k.dotConfig ? storedPath(root, k.dotConfig) : null, autoconf_h: k.autoconfH ? storedPath(root, k.autoconfH) : null, symbols };
}

/** A linker script as a file of the build whose symbols are its assignments (always re-stored: it is small). */
function linkerScriptVersion(root: string, file: string, symbols: ExtractedSymbol[], vendorRules: VendorRules): FileVersion | null {
  const abs = absolutePath(root, file);
  let buf: Buffer;
  let stat: fs.Stats;
  try {
    buf = fs.readFileSync(abs);
    stat = fs.statSync(abs);
  } catch {
    return null;
  }
  const contentHash = sha1(buf);
  return {
    path: storedPath(root, abs),
    contentHash,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    isVendor: isVendorFile(abs, vendorRules),
    maskHash: sha1(JSON.stringify(symbols.map((s) => [s.stableId, s.signature, s.line, s.docstring]))),
    language: 'ld',
    isUnit: false,
    parsed: { symbols, references: [], error: null },
  };
}

/** Memory, entry point, linker-script files and Kconfig summary of a build, with the files they were read from and what reading them reported. */
export async function readBuildRecordParts(build: BuildDescription, root: string, vendorRules: VendorRules): Promise<RecordRefresh> {
  // The linker-script reader loads only when a build's record is read (an unchanged build keeps its rows).
  const { describeBuildMemory } = await import('./build-memory.js');
  const reads = new RecordReads(root);
  const memory = describeBuildMemory(build, { root, onRead: (file, text) => reads.note(file, text) });
  const kconfig = kconfigSummary(root, build, reads);
  // Where the build would write its map, or generate its linker script, when it names none yet: absent inputs, so
  // one that appears there is seen.
  if (!build.mapFile) for (const f of build.mapCandidates ?? []) reads.noteAbsent(f);
  for (const f of build.linkerScriptCandidates ?? []) if (!build.linkerScripts.includes(f)) reads.noteAbsent(f);
  // Linker-script symbols (_estack, PROVIDEd names) are symbols of the script file in this build.
  const scripts = memory.symbolsByFile.map((g) => linkerScriptVersion(root, g.file, g.symbols, vendorRules)).filter((v): v is FileVersion => v !== null);
  return {
    entryPoint: memory.entryPoint,
    memory: memory.memory.map((m) => ({ ...m, file_path: m.file_path ? storedPath(root, m.file_path) : m.file_path })),
    memoryNote: memory.note,
    kconfig,
    recordInputs: {
      files: reads.inputs(), memoryDiagnostics: memory.diagnostics.length, map: recordMap(build, root), link: recordLink(build),
      linkSource: linkSourceNow(root, build.linkSource, null),
    },
    diagnostics: memory.diagnostics,
    scripts,
  };
}

/**
 * A stored build whose units hold: when a file its record was read from changed by content, or the build names
 * another map file or tells its link otherwise, reads the record again and replaces it (answers the diagnostics
 * of that reading); when only mtimes moved, or the file the link command was read from moved or its edge changed
 * with the same command, records them (status compares them). null: the record stands.
 */
export async function refreshBuildRecord(build: BuildDescription, ctx: PatchContext): Promise<{ diagnostics: Diagnostic[] } | null> {
  const stored = storedRecordInputs(ctx.db, build.variant, build.image);
  if (!stored?.inputs) return null;
  const link = linkRecord(build, ctx.root, ctx.excluded);
  const described = recordDescriptionChanges(build, stored, link, ctx.root).length > 0;
  const now = compareRecordInputs(ctx.root, stored.inputs.files);
  const linkSource = linkSourceNow(ctx.root, build.linkSource, stored.inputs.linkSource);
  const sourceMoved = linkSourceMoved(linkSource, stored.inputs.linkSource);
  if (!described && now.state === 'same' && !sourceMoved) return null;
  if (!described && now.state !== 'changed') {
    ctx.writer.refreshRecordInputs(build.variant, build.image, { ...stored.inputs, files: now.state === 'same-bytes' ? now.files : stored.inputs.files, linkSource });
    return null;
  }
  const parts = await readBuildRecordParts(build, ctx.root, ctx.vendorRules);
  // As in a full run, a script that is also a file the units read keeps that file's rows.
  const files = ctx.writer.buildFiles(build.variant, build.image);
  const scripts = parts.scripts.filter((v) => (files.get(v.path)?.language ?? 'ld') === 'ld');
  ctx.writer.refreshBuildRecord(build.variant, build.image, { ...parts, scripts }, link, ctx.indexedAt);
  return { diagnostics: parts.diagnostics };
}
