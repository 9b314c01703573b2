// The one shape of a problem found in input: which file, which line, what is wrong and how to fix it.
// Parsers and adapters return these beside their value instead of throwing (partial success).

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  severity: Severity;
  /** File the problem is in (absolute, or relative to the project root when the producer knows it). */
  file: string;
  /** 1-based line, when known. */
  line?: number;
  message: string;
  /** What the user can do about it. */
  fix?: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line ? `${d.file}:${d.line}` : d.file;
  return `${where}: ${d.severity}: ${d.message}${d.fix ? ` (fix: ${d.fix})` : ''}`;
}
