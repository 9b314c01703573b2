// The cores a run may count on beside its own thread: the machine's cores less the 1-minute load average. Read by the
// runs that would put work on a second core (the content walk ahead, V8's optimizing compiler threads).
import os from 'node:os';

/** Cores the load average leaves over (negative on a machine with more runnable work than cores). */
export function spareCores(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return cores - os.loadavg()[0];
}
