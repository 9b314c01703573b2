// Runs one unit of adapter work (a build folder, a project) so that an unexpected exception becomes a
// diagnostic for that unit only and the adapter goes on with the others (partial success).
import type { Diagnostic } from '../contract.js';

export function guarded<T>(file: string, what: string, diagnostics: Diagnostic[], work: () => T): T | undefined {
  try {
    return work();
  } catch (err) {
    diagnostics.push({
      severity: 'error',
      file,
      message: `${what} failed: ${(err as Error).message}`,
      fix: 'report this as a bug in fw-context (with the file if possible); the other builds are unaffected',
    });
    return undefined;
  }
}
