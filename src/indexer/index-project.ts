// Indexes every build of a project: detect builds → preprocess each build's units → parse the masked text
// of each file (reusing unchanged parses) → write each build in its own transaction. Per-file problems
// become diagnostics; a build that fails leaves its previous rows answering.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { BuildDescription } from '../../adapters/contract.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { IndexWriter, type BuildRecord, type BuildWrite, type FileVersion } from '../index/index-writer.js';
import { openIndexForWrite } from '../index/open-index.js';
import { extractSymbols } from '../parser/extract-symbols.js';
import type { BuildPreprocessResult, PreprocessBuild } from '../preprocessor/api.js';
import { indexPath, readConfig, type ProjectConfig } from '../project/config.js';
import { detectProjectBuilds } from '../project/project-builds.js';
import { acquireLock, updateLockProgress } from './index-lock.js';
import { buildFingerprint } from './build-fingerprint.js';
import { commonDefines } from './build-defines.js';
import { blankableMacros, blankMacroUses } from './blank-macros.js';
import { preprocessBuild } from '../preprocessor/preprocess-build.js';
import { SkeletonCache } from '../preprocessor/file-skeleton.js';
import { ImplicitMacroProvider } from '../preprocessor/implicit-macros.js';
import { absolutePath, isUnderAny, isVendorFile, storedPath, type VendorRules } from './vendor-paths.js';
import type { ExtractedSymbol } from '../model/symbol.js';
import { describeBuildMemory } from './build-memory.js';
import { fileLinesOf } from './file-lines.js';
import { updateContentIndex } from './update-content-index.js';
import { buildIncludeDirs } from './include-dirs.js';

export interface IndexOptions {
  root: string;
  config?: ProjectConfig;
  /** Only (re)index builds of this variant / image. */
  variant?: string;
  image?: string;
  preprocess?: PreprocessBuild;
  onProgress?: (message: string) => void;
}

export interface BuildIndexSummary {
  variant: string;
  image: string;
  buildSystem: string;
  provenance: string;
  units: number;
  files: number;
  parsed: number;
  reused: number;
  symbols: number;
  diagnostics: Diagnostic[];
  /** The build and every file it reads are as indexed: nothing was redone. */
  unchanged?: boolean;
  error?: string;
}

export interface IndexResult {
  root: string;
  builds: BuildIndexSummary[];
  parsed: number;
  reused: number;
  removedBuilds: number;
  diagnostics: Diagnostic[];
  elapsedMs: number;
  preprocessMs: number;
  parseMs: number;
}

export function utcStamp(d = new Date()): string {
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

function sha1(data: Buffer | string): string {
  return createHash('sha1').update(data).digest('hex');
}

/** Where a build's Kconfig output lives and how many CONFIG_ symbols autoconf.h sets. */
function kconfigSummary(root: string, build: BuildDescription): BuildRecord['kconfig'] {
  const k = build.kconfig;
  if (!k || (!k.dotConfig && !k.autoconfH)) return null;
  let symbols = 0;
  try {
    if (k.autoconfH) symbols = (fs.readFileSync(k.autoconfH, 'utf8').match(/^\s*#\s*define\s+CONFIG_\w+/gm) ?? []).length;
    else if (k.dotConfig) symbols = (fs.readFileSync(k.dotConfig, 'utf8').match(/^CONFIG_\w+=/gm) ?? []).length;
  } catch {
    /* counted as 0: the file vanished */
  }
  return { dot_config: k.dotConfig ? storedPath(root, k.dotConfig) : null, autoconf_h: k.autoconfH ? storedPath(root, k.autoconfH) : null, symbols };
}

function statOf(root: string, stored: string): { size: number; mtimeMs: number } | null {
  try {
    const st = fs.statSync(absolutePath(root, stored));
    return { size: st.size, mtimeMs: st.mtimeMs };
  } catch {
    return null;
  }
}

function maskText(text: string, active: Uint8Array): { masked: string; rowsMasked: Uint8Array } {
  const lines = text.split('\n');
  const rowsMasked = new Uint8Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    if (active[i]) continue;
    rowsMasked[i] = 1;
    const l = lines[i];
    lines[i] = l.endsWith('\r') ? ' '.repeat(l.length - 1) + '\r' : ' '.repeat(l.length);
  }
  return { masked: lines.join('\n'), rowsMasked };
}

function macroResolver(pre: BuildPreprocessResult): (name: string) => bigint | null {
  const values = new Map<string, bigint>();
  for (const m of pre.macros) {
    if (m.expandedValue !== null && /^-?\d+$/.test(m.expandedValue)) values.set(m.name, BigInt(m.expandedValue));
  }
  return (name) => values.get(name) ?? null;
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
    maskHash: sha1(JSON.stringify(symbols.map((s) => [s.stableId, s.signature, s.line]))),
    language: 'ld',
    isUnit: false,
    parsed: { symbols, references: [], error: null },
  };
}

export async function indexProject(options: IndexOptions): Promise<IndexResult> {
  const started = performance.now();
  const root = fs.realpathSync(options.root);
  const config = options.config ?? readConfig(root);
  const progress = options.onProgress ?? (() => {});
  // One skeleton cache and one compiler-answer cache per run: a header shared by builds is scanned once.
  const skeletons = new SkeletonCache();
  const implicitMacros = new ImplicitMacroProvider();
  const preprocess: PreprocessBuild = options.preprocess ?? ((units, o) => preprocessBuild(units, { ...o, skeletons, implicitMacros, recordDecisions: true }));
  const release = acquireLock(root);
  const result: IndexResult = { root, builds: [], parsed: 0, reused: 0, removedBuilds: 0, diagnostics: [], elapsedMs: 0, preprocessMs: 0, parseMs: 0 };
  const { db } = openIndexForWrite(indexPath(root));
  const writer = new IndexWriter(db);
  try {
    const detected = detectProjectBuilds(root, config);
    result.diagnostics.push(...detected.diagnostics);
    const selected = detected.builds.filter((b) => (!options.variant || b.variant === options.variant) && (!options.image || b.image === options.image));
    const vendorRules = { root, vendorPaths: config.vendorPaths, projectPaths: config.projectPaths };
    const excluded = config.excludePaths;
    const indexedAt = utcStamp();
    const parsedThisRun = new Set<string>();

    for (const [bi, build] of selected.entries()) {
      const label = `${build.variant}/${build.image}`;
      const summary: BuildIndexSummary = { variant: build.variant, image: build.image, buildSystem: build.buildSystem, provenance: build.provenance, units: build.units.length, files: 0, parsed: 0, reused: 0, symbols: 0, diagnostics: [] };
      result.builds.push(summary);
      try {
        const fingerprint = buildFingerprint(build);
        if (writer.buildUnchanged(build.variant, build.image, fingerprint, root, (p) => statOf(root, p))) {
          summary.files = summary.reused = writer.buildFileCount(build.variant, build.image);
          summary.unchanged = true;
          result.reused += summary.reused;
          continue;
        }
        progress(`[${bi + 1}/${selected.length}] ${label}: preprocessing ${build.units.length} units`);
        const units = build.units.filter((u) => !isUnderAny(root, u.file, excluded));
        const pre = preprocess(units, { extraDefines: build.defines });
        result.preprocessMs += pre.elapsedMs;
        summary.diagnostics.push(...pre.diagnostics);
        const resolveMacro = macroResolver(pre);
        const blankable = blankableMacros(pre.macros);
        const unitSet = new Set(units.map((u) => u.file));
        const files: FileVersion[] = [];
        const activities = [...pre.files.values()].filter((f) => !isUnderAny(root, f.file, excluded));
        const parseStart = performance.now();
        let vendorSyntax = 0;
        for (const [fi, fa] of activities.entries()) {
          if (fi % 50 === 0) {
            const msg = `[${bi + 1}/${selected.length}] ${label}: ${fi}/${activities.length} files`;
            progress(msg);
            updateLockProgress(root, msg);
          }
          let buf: Buffer;
          let stat: fs.Stats;
          try {
            buf = fs.readFileSync(fa.file);
            stat = fs.statSync(fa.file);
          } catch (err) {
            summary.diagnostics.push({ severity: 'warning', file: fa.file, message: `cannot read: ${(err as Error).message}` });
            continue;
          }
          const rel = storedPath(root, fa.file);
          const contentHash = sha1(buf);
          const binary = buf.subarray(0, 8192).includes(0);
          // The text tree-sitter parses: inactive lines and empty-macro uses blanked. Its hash keys the parse,
          // so builds that see a file the same way share one parse.
          let parseText = '';
          let rowsMasked: Uint8Array = new Uint8Array(0);
          if (!binary) {
            const m = maskText(buf.toString('utf8'), fa.activeLines);
            parseText = blankMacroUses(m.masked, blankable);
            rowsMasked = m.rowsMasked;
          }
          const maskHash = binary ? 'binary' : sha1(parseText);
          const version: FileVersion = {
            path: rel,
            contentHash,
            size: stat.size,
            mtimeMs: stat.mtimeMs,
            isVendor: isVendorFile(fa.file, vendorRules),
            maskHash,
            language: fa.language,
            isUnit: unitSet.has(fa.file),
          };
          const key = `${rel}\u0000${contentHash}\u0000${maskHash}\u0000${fa.language}`;
          if (writer.findParsed(rel, contentHash, maskHash, fa.language) !== undefined || parsedThisRun.has(key)) {
            if (!parsedThisRun.has(key)) summary.reused++;
            files.push(version);
            continue;
          }
          parsedThisRun.add(key);
          summary.parsed++;
          if (binary) {
            const error = 'binary file: not C/C++ source';
            version.parsed = { symbols: [], references: [], error };
            summary.diagnostics.push({ severity: 'error', file: fa.file, message: error, fix: 'remove it from the compile database or add its folder to [index] exclude_paths' });
            files.push(version);
            continue;
          }
          try {
            const ex = extractSymbols(parseText, { relPath: rel, language: fa.language, rowsMasked, macroValue: resolveMacro });
            const error = ex.errors.length ? ex.errors.join('; ') : null;
            // Syntax the parser cannot read in SDK/system headers is macro-heavy code nobody here can fix:
            // recorded on the file, summed up once instead of listed.
            if (error && version.isVendor) vendorSyntax++;
            else if (error) summary.diagnostics.push({ severity: 'warning', file: fa.file, message: error });
            version.parsed = { symbols: ex.symbols, references: ex.references, error, relations: ex.relations };
          } catch (err) {
            const error = `parse failed: ${(err as Error).message}`;
            version.parsed = { symbols: [], references: [], error };
            summary.diagnostics.push({ severity: 'error', file: fa.file, message: error });
          }
          files.push(version);
        }
        result.parseMs += performance.now() - parseStart;
        if (vendorSyntax) {
          summary.diagnostics.push({
            severity: 'info',
            file: build.buildDir,
            message: `${vendorSyntax} vendor/system file(s) hold syntax the parser could not fully read (usually macro-heavy declarations); their other symbols are indexed`,
          });
        }
        summary.files = files.length;
        summary.symbols = files.reduce((n, f) => n + (f.parsed?.symbols.length ?? 0), 0);
        const { defines, varying } = commonDefines(build);
        const memory = describeBuildMemory(build, { root });
        summary.diagnostics.push(...memory.diagnostics);
        // Linker-script symbols (_estack, PROVIDEd names) are symbols of the script file in this build.
        for (const group of memory.symbolsByFile) {
          const version = linkerScriptVersion(root, group.file, group.symbols, vendorRules);
          if (version && !files.some((f) => f.path === version.path)) files.push(version);
        }
        summary.symbols += memory.symbolsByFile.reduce((n, g) => n + g.symbols.length, 0);
        let ccHash: string | null = null;
        let ccMtime: number | null = null;
        if (build.compileCommands && fs.existsSync(build.compileCommands)) {
          ccHash = sha1(fs.readFileSync(build.compileCommands));
          ccMtime = fs.statSync(build.compileCommands).mtimeMs;
        }
        const write: BuildWrite = {
          build: {
            variant: build.variant,
            image: build.image,
            imageType: build.imageType ?? null,
            defaultImage: !!build.defaultImage,
            board: build.board ?? null,
            buildSystem: build.buildSystem,
            buildDir: build.buildDir,
            compileCommands: build.compileCommands ?? null,
            compileCommandsHash: ccHash,
            compileCommandsMtimeMs: ccMtime,
            description: build.description,
            defines,
            definesVarying: varying,
            linkerScripts: build.linkerScripts,
            entryPoint: memory.entryPoint,
            memory: memory.memory.map((m) => ({ ...m, file_path: m.file_path ? storedPath(root, m.file_path) : m.file_path })),
            memoryNote: memory.note,
            provenance: build.provenance,
            implicitMacros: pre.implicitMacros,
            diagnostics: summary.diagnostics.slice(0, 200),
            units: units.map((u) => u.file),
            kconfig: kconfigSummary(root, build),
            fingerprint,
          },
          files,
          macros: pre.macros.map((m) => ({ ...m, file: m.file.startsWith('<') ? m.file : storedPath(root, m.file) })),
          unitFiles: new Map([...pre.unitFiles].map(([u, fs_]) => [u, fs_.map((f) => storedPath(root, f))])),
          fileDiagnostics: summary.diagnostics,
          fileLines: fileLinesOf(root, activities),
          includeDirs: buildIncludeDirs(root, units),
        };
        writer.writeBuild(write, indexedAt);
      } catch (err) {
        summary.error = (err as Error).message;
        summary.diagnostics.push({ severity: 'error', file: build.compileCommands ?? build.buildDir, message: `indexing this build failed: ${summary.error}; its previous index is kept` });
      }
      result.parsed += summary.parsed;
      result.reused += summary.reused;
    }
    // Builds that are no longer detected are dropped only on a full run that detected at least one build.
    if (!options.variant && !options.image && detected.builds.length > 0) {
      result.removedBuilds = writer.removeBuildsExcept(new Set(detected.builds.map((b) => `${b.variant}\u0000${b.image}`)));
    }
    try {
      progress('content index: checking the project tree');
      updateContentIndex(db, root, excluded);
    } catch (err) {
      result.diagnostics.push({ severity: 'error', file: root, message: `the content index (find) could not be updated: ${(err as Error).message}; its previous state is kept` });
    }
    if (result.builds.some((b) => !b.error && !b.unchanged)) {
      // Fresh statistics let the planner start a name lookup from the name index, not from the build's files.
      db.exec('ANALYZE');
    }
    if (result.builds.some((b) => !b.error)) {
      writer.setMeta('indexed_at', indexedAt);
      if (!writer.getMeta('first_indexed_at')) writer.setMeta('first_indexed_at', indexedAt);
    }
  } finally {
    db.close();
    release();
  }
  result.elapsedMs = performance.now() - started;
  return result;
}
