// Hands a finished build's garbage back before the next build starts: one full garbage collection. Without
// it V8 lets the old generation grow to its first collection limit (~100 MB of a build's dead rows, texts and
// parse results) and keeps those pages. Leaves out native memory not owned by JavaScript objects.
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null | undefined;

/** Runs a full collection (the process need not be started with --expose-gc). */
export function releaseMemory(): void {
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
  gc?.();
}
