// Worker-thread entry of the content walk ahead (walk-ahead.ts): walks once with the task it was started with
// and answers the walk (its typed arrays moved, not copied), or the error that stopped it.
import { parentPort, workerData } from 'node:worker_threads';
import { walkAhead, type WalkAheadTask } from './walk-ahead.js';

try {
  const ahead = walkAhead(workerData as WalkAheadTask);
  parentPort!.postMessage({ ahead }, ahead ? [ahead.stats.buffer as ArrayBuffer, ahead.states.buffer as ArrayBuffer] : []);
} catch (err) {
  parentPort!.postMessage({ error: (err as Error).message });
}
