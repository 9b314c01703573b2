// Worker-thread entry of the parse pool: parses a batch of masked texts with tree-sitter and returns the
// extractions (plain data). Reads no files and opens no database; the main thread writes.
import { parseJob, type ParseTask } from './parse-jobs.js';

export default function parseBatch(task: ParseTask): ReturnType<typeof parseJob>[] {
  const values = new Map(task.values);
  return task.jobs.map((j) => parseJob(j, values));
}
