// Parse stage: runs tree-sitter extraction for each parse job and attaches the result to its file version.
// Syntax errors in vendor files are counted, not listed (macro-heavy SDK code nobody here can fix).
import type { Diagnostic } from '../model/diagnostic.js';
import { namelessDiagnostic } from '../parser/extract-symbols.js';
import { extractFile } from './extract-file.js';
import type { MacroInvocation } from '../preprocessor/macro-invocations.js';
import type { MacroRecord } from '../preprocessor/api.js';
import type { ParseJob } from './mask-files.js';

export interface ParseOutcome {
  diagnostics: Diagnostic[];
  vendorSyntax: number;
}

/** Integer macro values of a build (for enum initializers that name a macro). */
export type MacroValues = Map<string, string>;

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

/** Diagnostics for parsed files: a parse failure is an error, syntax trouble a warning (vendor: counted). */
/** Integer values of the build's macros, by name (the parser sizes arrays and evaluates enums with them). */
export function macroValuesOf(macros: MacroRecord[]): MacroValues {
  const values: MacroValues = new Map();
  for (const m of macros) if (m.expandedValue !== null && /^-?\d+$/.test(m.expandedValue)) values.set(m.name, m.expandedValue);
  return values;
}

export function parseDiagnostics(jobs: ParseJob[]): ParseOutcome {
  const out: ParseOutcome = { diagnostics: [], vendorSyntax: 0 };
  for (const job of jobs) {
    const nameless = job.version.parsed?.nameless;
    if (nameless?.length) out.diagnostics.push(namelessDiagnostic(job.file, nameless));
    const error = job.version.parsed?.error;
    if (!error) continue;
    if (error.startsWith('parse failed:')) out.diagnostics.push({ severity: 'error', file: job.file, message: error });
    else if (job.version.isVendor) out.vendorSyntax++;
    else out.diagnostics.push({ severity: 'warning', file: job.file, message: error });
  }
  return out;
}

export function runParseJobsInline(jobs: ParseJob[], values: MacroValues): void {
  for (const job of jobs) job.version.parsed = parseJob({ text: job.text, rowsMasked: job.rowsMasked, invocations: job.invocations, relPath: job.version.path, language: job.version.language }, values);
}
