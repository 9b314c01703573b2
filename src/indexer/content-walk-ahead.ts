// Starts the content index's walk on a thread of its own when an index run over a large tree begins on a machine
// with a core to spare (walk-ahead.ts), so that listing and stat'ing the tree overlaps detecting and indexing the
// builds; the run's content update then takes its answer (update-content-index.ts). Otherwise the update walks.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Db } from '../index/open-index.js';
import { storedBuildFolders } from '../index/sqlite-content-index.js';
import { walkScopeOf } from '../content/walk-scope.js';
import { spareCores } from './spare-cores.js';
import { indexPath } from '../project/config.js';
import type { WalkAhead, WalkAheadTask } from './walk-ahead.js';

/**
 * When a run walks ahead. `files`: content rows from which it does (a thread costs ~50-90 ms of CPU to start and load
 * its modules, about what the walk of 5 000 files costs the run's own thread; mbed CE's 19 000: ~170 ms idle).
 * `spareCores`: cores left over by the 1-minute load average, at least. On a busy machine (Linux shares the CPU
 * between sessions, not threads) a second thread gets no more CPU to the run and its start is paid for: on 2 cores at
 * a load of 9-10, mbed CE no-op runs took +0.14 s of CPU and ~10 % longer with it. Tests set both to walk ahead always.
 */
export const walkAheadFrom = { files: 5000, spareCores: 0.5 };

/** The compiled worker module (tests run the TypeScript sources; workers always load the built file). */
function workerFile(): string {
  const here = fileURLToPath(new URL('./walk-ahead-worker.js', import.meta.url));
  return here.includes('/src/indexer/') && !here.includes('/dist/') ? here.replace('/src/indexer/', '/dist/src/indexer/') : here;
}

export class ContentWalkAhead {
  private readonly worker: Worker;
  private readonly answer: Promise<WalkAhead | null>;

  private constructor(task: WalkAheadTask) {
    // A small young generation: the walk keeps most of what it makes (its list), and the default's semi-spaces
    // grew the run's peak RSS by ~25 MB more (mbed CE).
    this.worker = new Worker(workerFile(), { workerData: task, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    this.answer = new Promise((resolve) => {
      this.worker.once('message', (m: { ahead?: WalkAhead | null }) => resolve(m.ahead ?? null));
      // A thread that fails or ends without answering leaves the walk to the update.
      this.worker.once('error', () => resolve(null));
      this.worker.once('exit', () => resolve(null));
    });
  }

  /**
   * The walk ahead of an index holding at least walkAheadFrom.files content rows (db: the run's connection), with the
   * build folders it holds now, when the machine has walkAheadFrom.spareCores; else none.
   */
  static start(db: Db, root: string, excludePaths: string[]): ContentWalkAhead | undefined {
    if (spareCores() < walkAheadFrom.spareCores) return undefined;
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
