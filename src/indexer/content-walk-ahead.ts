// Starts the content index's walk on a thread of its own when an index run over a large tree begins
// (walk-ahead.ts), so that listing and stat'ing the tree overlaps detecting and indexing the builds; the run's
// content update then takes its answer (update-content-index.ts). A small tree is walked by the update alone.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Db } from '../index/open-index.js';
import { storedBuildFolders } from '../index/sqlite-content-index.js';
import { walkScopeOf } from '../content/walk-scope.js';
import { indexPath } from '../project/config.js';
import type { WalkAhead, WalkAheadTask } from './walk-ahead.js';

/**
 * Content rows from which a run walks ahead: a thread costs ~50-80 ms of CPU to start and load its modules, about
 * what the walk of 5 000 files costs the run's own thread (mbed CE's 19 000: ~170 ms). Tests lower it.
 */
export const walkAheadFrom = { files: 5000 };

/** The compiled worker module (tests run the TypeScript sources; workers always load the built file). */
function workerFile(): string {
  const here = fileURLToPath(new URL('./walk-ahead-worker.js', import.meta.url));
  return here.includes('/src/indexer/') && !here.includes('/dist/') ? here.replace('/src/indexer/', '/dist/src/indexer/') : here;
}

export class ContentWalkAhead {
  private readonly worker: Worker;
  private readonly answer: Promise<WalkAhead | null>;

  private constructor(task: WalkAheadTask) {
    this.worker = new Worker(workerFile(), { workerData: task });
    this.answer = new Promise((resolve) => {
      this.worker.once('message', (m: { ahead?: WalkAhead | null }) => resolve(m.ahead ?? null));
      // A thread that fails or ends without answering leaves the walk to the update.
      this.worker.once('error', () => resolve(null));
      this.worker.once('exit', () => resolve(null));
    });
  }

  /**
   * The walk ahead of an index holding at least walkAheadFrom.files content rows (db: the run's connection), with the
   * build folders it holds now; else none.
   */
  static start(db: Db, root: string, excludePaths: string[]): ContentWalkAhead | undefined {
    try {
      const row = db.prepare('SELECT count(*) AS n FROM content_files').get() as { n: number } | undefined;
      if (!row || row.n < walkAheadFrom.files) return undefined;
      // The build folders only: the files builds read are the update's to add (new Set: the files table is not read).
      const { skipped } = walkScopeOf(root, storedBuildFolders(db, root, new Set()), excludePaths);
      return new ContentWalkAhead({ root, indexFile: indexPath(root), skipped });
    } catch {
      return undefined;
    }
  }

  /** The walk, or null when the thread could not make it. */
  result(): Promise<WalkAhead | null> {
    return this.answer;
  }

  /** Ends the thread (a run that failed before its content update, or one done with the answer). */
  close(): void {
    void this.worker.terminate();
  }
}
