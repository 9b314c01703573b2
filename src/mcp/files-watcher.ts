// Watches a set of files and calls back, debounced, when one of them may have changed. One non-recursive
// fs.watch per folder that holds a watched file (SDK folders outside the project included, build output
// never walked); a folder that does not exist yet (a build's output folder before the first link) is waited
// for from its nearest existing parent. Where watching fails (no inotify watches left, unsupported) it polls.
import fs from 'node:fs';
import path from 'node:path';

export interface FilesWatcherOptions {
  /** Quiet time after the last event before the callback runs (editors write a file in several steps). */
  debounceMs: number;
  /** Polling period when watching is unavailable. */
  pollMs: number;
  /** Poll from the start (a network file system where events do not arrive). */
  polling?: boolean;
  /** More folders than this are polled rather than watched. */
  maxFolders?: number;
}

export class FilesWatcher {
  mode: 'watch' | 'poll' = 'watch';
  private watchers = new Map<string, fs.FSWatcher>();
  /** Folders of watched files that do not exist yet. */
  private missing = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private poller: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly files: Set<string>,
    private readonly onChange: () => void,
    private readonly options: FilesWatcherOptions,
  ) {
    const folders = [...new Set([...files].map((f) => path.dirname(f)))];
    if (options.polling || folders.length > (options.maxFolders ?? 4000)) this.poll();
    else this.watch(folders);
  }

  private watch(folders: string[]): void {
    for (const dir of folders) {
      if (fs.existsSync(dir)) this.watchFolder(dir);
      else this.missing.add(dir);
    }
    this.awaitMissing();
  }

  /** Watches the folders that exist now among the missing ones, and the nearest existing parent of the others. */
  private awaitMissing(): void {
    for (const dir of [...this.missing]) {
      if (fs.existsSync(dir)) {
        this.missing.delete(dir);
        this.watchFolder(dir);
        continue;
      }
      let parent = path.dirname(dir);
      while (parent !== path.dirname(parent) && !fs.existsSync(parent)) parent = path.dirname(parent);
      this.watchFolder(parent);
    }
  }

  private watchFolder(dir: string): void {
    if (this.closed || this.mode === 'poll' || this.watchers.has(dir)) return;
    try {
      const w = fs.watch(dir, { persistent: false }, (_event, name) => this.event(dir, name?.toString() ?? null));
      w.on('error', () => this.poll());
      this.watchers.set(dir, w);
    } catch {
      this.poll();
    }
  }

  private event(dir: string, name: string | null): void {
    const full = name === null ? null : path.join(dir, name);
    // A folder on the way to a missing one appeared: watch on from there (the file may already be in it).
    if (this.missing.size && [...this.missing].some((m) => full === null || m === full || m.startsWith(full + path.sep))) {
      this.awaitMissing();
      this.changed();
      return;
    }
    if (full === null || this.files.has(full)) this.changed();
  }

  private poll(): void {
    if (this.closed || this.poller) return;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    this.mode = 'poll';
    this.poller = setInterval(() => this.onChange(), this.options.pollMs);
    this.poller.unref();
  }

  private changed(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) this.onChange();
    }, this.options.debounceMs);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    if (this.timer) clearTimeout(this.timer);
    if (this.poller) clearInterval(this.poller);
  }
}
