// Parse stage: runs tree-sitter extraction for each parse job and attaches the result to its file version;
// reports what each parse found wrong, fresh or reused (a reused parse reports what was stored with it).
// Syntax errors in vendor files are gathered into one note per build (macro-heavy SDK code nobody here can fix).
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import { namelessDiagnostic } from '../parser/extract-symbols.js';
import { extractFile } from './extract-file.js';
import type { MacroValueTable } from '../preprocessor/build-macro-table.js';
import type { MacroInvocation } from '../preprocessor/macro-invocations.js';
import { BINARY_FIX, type ParseJob } from './mask-files.js';
import type { FileVersion, ParseNote, StoredParseReport } from '../index/index-writer.js';
import { shownList } from '../query/shown-list.js';
import { absolutePath, storedPath } from './vendor-paths.js';

export interface ParseOutcome {
  diagnostics: Diagnostic[];
  /** Vendor/system files with syntax trouble (absolute paths): reported together, as one note per build. */
  vendorSyntax: string[];
}

/** Integer macro values of a build (for enum initializers that name a macro): its macro table's, or a Map of them. */
export type MacroValues = MacroValueTable;

/** What a worker receives: a batch of jobs and the build's macro values. */
export interface ParseTask {
  values: [string, string][];
  jobs: { text: string; rowsMasked: Uint8Array; relPath: string; language: string; invocations?: MacroInvocation[] }[];
}

export function parseJob(job: Pick<ParseJob, 'text' | 'rowsMasked' | 'invocations'> & { relPath: string; language: string }, values: MacroValues): NonNullable<ParseJob['version']['parsed']> {
  try {
    const ex = extractFile(job.text, {
      fileText: job.text,
      invocations: job.invocations,
      relPath: job.relPath,
      language: job.language as 'c' | 'cpp',
      rowsMasked: job.rowsMasked,
      macroValue: (name) => {
        const v = values.get(name);
        return v === undefined ? null : BigInt(v);
      },
    });
    return { symbols: ex.symbols, references: ex.references, error: ex.errors.length ? ex.errors.join('; ') : null, relations: ex.relations, nameless: ex.nameless };
  } catch (err) {
    return { symbols: [], references: [], error: `parse failed: ${(err as Error).message}` };
  }
}

/** A parse's error and notes as diagnostics of `file`: a failure is an error, syntax trouble a warning (vendor: counted). */
function reportParse(file: string, isVendor: boolean, report: StoredParseReport, out: ParseOutcome): void {
  // The file in second place, as the mask stage reports a note when it makes it: rows do not depend on who parsed.
  out.diagnostics.push(...report.notes.map(({ severity, ...note }) => ({ severity, file, ...note })));
  const error = report.error;
  if (!error) return;
  if (error.startsWith('parse failed:')) out.diagnostics.push({ severity: 'error', file, message: error });
  else if (error.startsWith('binary file')) out.diagnostics.push({ severity: 'error', file, message: error, fix: BINARY_FIX });
  else if (isVendor) out.vendorSyntax.push(file);
  else out.diagnostics.push({ severity: 'warning', file, message: error });
}

/**
 * Diagnostics of the parses made in this run. Each parse also keeps its notes (declarations skipped for want
 * of a name; macro expansions left out, which the mask stage reported already) to report when reused.
 */
export function parseDiagnostics(jobs: ParseJob[]): ParseOutcome {
  const out: ParseOutcome = { diagnostics: [], vendorSyntax: [] };
  for (const job of jobs) {
    const parsed = job.version.parsed;
    if (!parsed) continue;
    const nameless: ParseNote[] = parsed.nameless?.length ? [(({ file: _file, ...note }) => note)(namelessDiagnostic(job.file, parsed.nameless))] : [];
    parsed.notes = [...nameless, ...(job.expansionNotes ?? [])];
    reportParse(job.file, job.version.isVendor, { error: parsed.error, notes: nameless }, out);
  }
  return out;
}

/**
 * One note for the vendor/system files of a build whose syntax the parser could not fully read, naming the
 * first few: files of the project tree first, then system headers (absolute paths).
 */
export function vendorSyntaxNote(buildDir: string, root: string, files: string[]): Diagnostic {
  const names = [...new Set(files.map((f) => storedPath(root, f)))].sort((a, b) => Number(path.isAbsolute(a)) - Number(path.isAbsolute(b)) || (a < b ? -1 : 1));
  return {
    severity: 'info',
    file: buildDir,
    message: `${names.length} vendor/system file(s) hold syntax the parser could not fully read (usually macro-heavy declarations): ${shownList(names, 3)}; their other symbols are indexed`,
  };
}

/** Diagnostics of the parses this run reused (versions without a fresh parse), from what is stored with them. */
export function reusedParseDiagnostics(versions: FileVersion[], root: string, stored: (v: FileVersion) => StoredParseReport | undefined): ParseOutcome {
  const out: ParseOutcome = { diagnostics: [], vendorSyntax: [] };
  for (const v of versions) {
    if (v.parsed) continue;
    const report = stored(v);
    if (report) reportParse(absolutePath(root, v.path), v.isVendor, report, out);
  }
  return out;
}

export function runParseJobsInline(jobs: ParseJob[], values: MacroValues): void {
  for (const job of jobs) job.version.parsed = parseJob({ text: job.text, rowsMasked: job.rowsMasked, invocations: job.invocations, relPath: job.version.path, language: job.version.language }, values);
}
