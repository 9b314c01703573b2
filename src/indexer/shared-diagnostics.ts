// The strings of a run's diagnostics held once: each build's summary is kept to the run's end, and the builds of a project
// mostly report the same problems in the same files (a PlatformIO env: ~500 missing headers, a string each per build).
import type { Diagnostic } from '../model/diagnostic.js';
import { SharedStrings } from '../model/own-strings.js';

/** One copy of each distinct file, message and fix of the diagnostics given to it. */
export class SharedDiagnosticStrings {
  private readonly strings = new SharedStrings();
  /** Distinct strings held (for tests). */
  get held(): number {
    return this.strings.size;
  }

  /** Makes the diagnostics' files, messages and fixes the shared copies (the diagnostics are changed in place). */
  share(diagnostics: readonly Diagnostic[]): void {
    const texts: string[] = [];
    for (const d of diagnostics) {
      texts.push(d.file, d.message);
      if (d.fix !== undefined) texts.push(d.fix);
    }
    const shared = this.strings.of(texts);
    let k = 0;
    for (const d of diagnostics) {
      d.file = shared[k++];
      d.message = shared[k++];
      if (d.fix !== undefined) d.fix = shared[k++];
    }
  }
}
