// Runs a user's regex over files in a worker thread under a time budget: JavaScript regexes can backtrack
// exponentially, so a scan that overruns is terminated and answers what it found with complete: false.
// Also checks a regex up front and says where an invalid one fails.
import { Worker } from 'node:worker_threads';
import type { LineHit } from './line-match.js';

export interface FileHits {
  path: string;
  hits: LineHit[];
  /** Byte length and a hash of the text the worker read (the page identity covers what was searched). */
  size: number;
  hash: string;
}

export interface RegexScanResult {
  files: FileHits[];
  complete: boolean;
  reason?: string;
}

/** The worker's program. Self-contained (it runs as an eval'd script): no imports, no helpers. */
function workerMain(wt: typeof import('node:worker_threads'), fs: typeof import('node:fs'), path: typeof import('node:path'), crypto: typeof import('node:crypto')): void {
  wt.parentPort!.on('message', (job: { root: string; paths: string[]; strings?: string[]; source: string; flags: string; maxLine: number }) => {
    const re = new RegExp(job.source, job.flags);
    if (job.strings) {
      // Strings mode (file paths): the indices of the strings that match.
      wt.parentPort!.postMessage({ batch: [], indices: job.strings.flatMap((s, i) => (re.test(s) ? [i] : [])), done: true });
      return;
    }
    let batch: unknown[] = [];
    let lastPost = Date.now();
    for (const rel of job.paths) {
      // Partial results reach the parent often, so a scan cut short still answers what it found.
      if (batch.length && Date.now() - lastPost > 20) {
        wt.parentPort!.postMessage({ batch });
        batch = [];
        lastPost = Date.now();
      }
      let buf: Buffer;
      try {
        const fd = fs.openSync(path.join(job.root, rel), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
        try {
          buf = fs.readFileSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      } catch {
        continue;
      }
      if (buf.includes(0)) continue;
      if (batch.length && buf.length > 65536) {
        wt.parentPort!.postMessage({ batch });
        batch = [];
        lastPost = Date.now();
      }
      const text = buf.toString('utf8');
      const lines = text.split('\n');
      const hits = [];
      for (let i = 0; i < lines.length; i++) {
        const m = re.exec(lines[i]);
        if (!m) continue;
        const line = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i];
        const from = line.length > job.maxLine ? Math.max(0, Math.min(m.index - job.maxLine / 4, line.length - job.maxLine)) : 0;
        const cut = line.length > job.maxLine ? (from > 0 ? '…' : '') + line.slice(from, from + job.maxLine) + (from + job.maxLine < line.length ? '…' : '') : line;
        hits.push({ line: i + 1, column: m.index + 1, text: cut });
      }
      batch.push({ path: rel, hits, size: buf.length, hash: crypto.createHash('sha1').update(buf).digest('hex') });
    }
    wt.parentPort!.postMessage({ batch, done: true });
  });
}

const WORKER_SOURCE = `(${workerMain.toString()})(require('node:worker_threads'), require('node:fs'), require('node:path'), require('node:crypto'))`;

let idle: Worker | null = null;

function takeWorker(): Worker {
  const w = idle ?? new Worker(WORKER_SOURCE, { eval: true });
  idle = null;
  w.unref();
  return w;
}

/** Scan `paths` (project-relative, trusted) with the regex; stops at `budgetMs` with complete: false. */
export function scanWithRegex(root: string, paths: string[], source: string, flags: string, maxLine: number, budgetMs: number): Promise<RegexScanResult> {
  return runJob({ root, paths, source, flags, maxLine }, paths.length, budgetMs).then(({ indices: _, ...r }) => r);
}

/** Which of `strings` the regex matches (indices), under the same budget. */
export async function matchStringsWithRegex(strings: string[], source: string, flags: string, budgetMs: number): Promise<{ indices: number[]; complete: boolean; reason?: string }> {
  const r = await runJob({ root: '', paths: [], strings, source, flags, maxLine: 0 }, strings.length, budgetMs);
  return { indices: r.indices, complete: r.complete, ...(r.reason ? { reason: r.reason } : {}) };
}

function runJob(job: Record<string, unknown>, count: number, budgetMs: number): Promise<RegexScanResult & { indices: number[] }> {
  return new Promise((resolve) => {
    let indices: number[] = [];
    const worker = takeWorker();
    const files: FileHits[] = [];
    const finish = (complete: boolean, reason?: string) => {
      clearTimeout(timer);
      worker.removeAllListeners('message');
      worker.removeAllListeners('error');
      resolve({ files, indices, complete, ...(reason ? { reason } : {}) });
    };
    const timer = setTimeout(() => {
      void worker.terminate();
      finish(false, `the regex ran out of its ${budgetMs / 1000} s time budget after ${files.length} of ${count} ${job.strings ? 'paths' : 'files'} (a pattern with nested repetition such as (a+)+ can backtrack without end); the matches found so far are listed. Simplify the pattern or narrow scope.globs`);
    }, budgetMs);
    worker.on('message', (msg: { batch: FileHits[]; indices?: number[]; done?: boolean }) => {
      files.push(...msg.batch);
      if (msg.indices) indices = msg.indices;
      if (msg.done) {
        if (idle) void worker.terminate();
        else idle = worker;
        finish(true);
      }
    });
    worker.on('error', (err) => finish(false, `the regex scan failed: ${err.message}`));
    worker.postMessage(job);
  });
}

/** Null when `source` compiles, else the error with the 1-based position where the pattern stops being valid. */
export function regexProblem(source: string, flags: string): { message: string; position: number } | null {
  try {
    new RegExp(source, flags);
    return null;
  } catch (err) {
    const message = (err as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
    // The shortest failing prefix ends where the parser gave up (an unclosed group fails at its "(").
    let position = source.length;
    for (let k = 1; k <= source.length; k++) {
      try {
        new RegExp(source.slice(0, k), flags);
      } catch {
        position = k;
        break;
      }
    }
    return { message, position };
  }
}
