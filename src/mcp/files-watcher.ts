// Watches a set of files and calls back, debounced, when one of them may have changed. One non-recursive
// fs.watch per folder that holds a watched file (SDK folders outside the project included, build output
// never walked); where watching fails (no inotify watches left, unsupported) it polls instead.
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
  private watchers: fs.FSWatcher[] = [];
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
    try {
      for (const dir of folders) {
        if (!fs.existsSync(dir)) continue;
        const w = fs.watch(dir, { persistent: false }, (_event, name) => {
          if (!name || this.files.has(path.join(dir, name.toString()))) this.changed();
        });
        w.on('error', () => this.poll());
        this.watchers.push(w);
      }
    } catch {
      this.poll();
    }
  }

  private poll(): void {
    if (this.closed || this.poller) return;
    for (const w of this.watchers) w.close();
    this.watchers = [];
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
    for (const w of this.watchers) w.close();
    this.watchers = [];
    if (this.timer) clearTimeout(this.timer);
    if (this.poller) clearInterval(this.poller);
  }
}
