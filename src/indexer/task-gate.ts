// The tasks an index run has out on its worker pool, and tasks run alone: one waits until no other task is out and
// holds the others back until it settles, so that a thread dying in it died of it (see ParsePool, which gives the
// work of a thread that died such tasks again). It counts and orders tasks only; what they run is the caller's.
const ignore = (): void => undefined;

export class TaskGate {
  /** Tasks sent and not yet settled. */
  private out = 0;
  /** Wakes the task waiting to run alone once none is out. */
  private drained?: () => void;
  /** The last task to run alone, while it has not settled. */
  private alone?: Promise<unknown>;

  /** Sends a task once no task runs alone (or waits to). */
  async shared<T>(send: () => Promise<T>): Promise<T> {
    while (this.alone) await this.alone.then(ignore, ignore);
    return this.counted(send);
  }

  /** Sends a task once no other is out, holding the others back until it settles; such tasks go one after another. */
  solo<T>(send: () => Promise<T>): Promise<T> {
    const before = this.alone;
    let mine: Promise<T> | undefined;
    mine = (async () => {
      try {
        if (before) await before.then(ignore, ignore);
        while (this.out > 0) await new Promise<void>((wake) => (this.drained = wake));
        return await this.counted(send);
      } finally {
        if (this.alone === mine) this.alone = undefined;
      }
    })();
    this.alone = mine;
    return mine;
  }

  private async counted<T>(send: () => Promise<T>): Promise<T> {
    this.out++;
    try {
      return await send();
    } finally {
      if (--this.out === 0) this.drained?.();
    }
  }
}
