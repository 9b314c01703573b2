// Parse stage feeding the build's write: parses a build's jobs a few at a time and hands each finished stretch
// of the build's files to the writer (in the build's order), which stores them and drops their parse results:
// a build's symbols and references then live for a few files, not until its write (every collection of the
// young generation during the parse copied and promoted the ones made so far). Jobs that go to worker threads
// go as one list (the pool spreads them), stored when all are done.
import type { IndexWriter } from '../index/index-writer.js';
import type { MaskedFiles, ParseJob } from './mask-files.js';
import { parseDiagnostics, type MacroValues, type ParseOutcome } from './parse-jobs.js';
import { loopTurn } from './loop-turn.js';
import { MIN_JOBS_FOR_WORKERS, type ParsePool } from './parse-pool.js';

/** Jobs parsed (on the main thread) between two stores. */
export const JOBS_PER_STORE = 8;

/**
 * Parses `masked.jobs` (taking them out of the list) and stores every file of `masked.versions` through the
 * writer's open build (IndexWriter.beginBuild); answers what the parses reported, in job order.
 */
export async function parseAndStore(masked: MaskedFiles, pool: ParsePool, values: MacroValues, writer: IndexWriter): Promise<ParseOutcome> {
  const { jobs, versions } = masked;
  const out: ParseOutcome = { diagnostics: [], vendorSyntax: [] };
  const step = pool.threads === 0 || jobs.length < MIN_JOBS_FOR_WORKERS ? JOBS_PER_STORE : jobs.length;
  let stored = 0;
  while (jobs.length) {
    const batch: ParseJob[] = jobs.splice(0, step);
    await pool.run(batch, values);
    // The trees of the batch are dead: a turn of the loop lets their native memory go once a collection has found
    // them (Node frees it from an immediate), so the next batch's parses reuse it rather than touch fresh pages.
    await loopTurn();
    // The notes a parse reports are stored with it: reported before it is stored.
    const outcome = parseDiagnostics(batch);
    out.diagnostics.push(...outcome.diagnostics);
    out.vendorSyntax.push(...outcome.vendorSyntax);
    const upTo = jobs.length ? versions.indexOf(jobs[0].version, stored) : versions.length;
    writer.storeFiles(versions.slice(stored, upTo));
    stored = upTo;
  }
  writer.storeFiles(versions.slice(stored));
  return out;
}
