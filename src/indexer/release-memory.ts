// Hands finished builds' garbage back before the next build starts: a full garbage collection once the builds
// since the last one walked or parsed WORK_PER_COLLECTION units and files. Without it V8 lets the old
// generation grow to its first collection limit (~100 MB of a build's dead rows, texts and parse results) and
// keeps those pages; counting work keeps 262 small builds from paying 262 collections. A build of few files but
// a large heap (one unit including a 24 MB vendor device header: ~900 MB, half of it dead after the write) is
// collected too, before the run stores skeletons and the content index. Leaves out native memory.
import v8 from 'node:v8';
import vm from 'node:vm';

const WORK_PER_COLLECTION = 100;
/** Heap in use past which a finished build is collected whatever its work. */
const HEAP_PER_COLLECTION = 256 * 1024 * 1024;

let gc: (() => void) | null | undefined;
let pending = 0;

function collector(): (() => void) | null {
  if (gc === undefined) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    try {
      if (exposed) gc = exposed;
      else {
        v8.setFlagsFromString('--expose-gc');
        gc = vm.runInNewContext('gc') as () => void;
      }
    } catch {
      gc = null;
    }
  }
  return gc;
}

/**
 * Counts a finished build's work (units walked + files parsed) and collects when enough piled up (not after the
 * run's last build: the process ends soon) or when the heap is large.
 */
export function releaseMemory(work: number, last = false): void {
  pending += work;
  if ((last || pending < WORK_PER_COLLECTION) && v8.getHeapStatistics().used_heap_size < HEAP_PER_COLLECTION) return;
  pending = 0;
  collector()?.();
}
