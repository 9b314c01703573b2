// Keeps the projects a server answers for fresh: when a call or the file watcher finds indexed files changed on
// disk (or a build's map file, linker script or Kconfig output: a relink; or a map file appeared where the build
// writes one; or a reconfigure changed its compile database or link command: build-inputs.ts; or a header appeared
// where units looked for it and found none: appeared-headers.ts, the folders they searched watched), it re-indexes the
// builds that hold them in a background child process, one at a time.
// Calls keep answering from the last finished run meanwhile. It never refreshes an index of a newer format.
// With nothing to re-index, it fills in the trigrams of files the index runs deferred (no build reads them),
// a few MB per job so an edit waits at most one job; find reads those files whole until then.
import fs from 'node:fs';
import { readLock } from '../indexer/index-lock.js';
import { compareRecordInputs } from '../indexer/record-inputs.js';
import { absolutePath, storedPath } from '../indexer/vendor-paths.js';
import { RefreshRunner, type RefreshOutcome, type RefreshState } from '../indexer/refresh-runner.js';
import { versionState } from '../query/active-build.js';
import { appearedInBuild, lookupCandidates } from '../query/appeared-headers.js';
import { changedFiles } from '../query/changed-files.js';
import { AbsentProbe } from '../model/absent-lookups.js';
import { withProject } from '../query/project-context.js';
import { BuildInputsCheck, buildInputFiles } from './build-inputs.js';
import { FilesWatcher } from './files-watcher.js';
import { AbsentLookupsMemo } from './absent-lookups-memo.js';

export interface KeepFreshOptions {
  /** Quiet time after file events before checking (default 300 ms). */
  debounceMs?: number;
  /** Polling period where watching is unavailable (default 2000 ms). */
  pollMs?: number;
  /** Poll instead of watching. */
  polling?: boolean;
  /** Each refresh waits this long before indexing (tests observe a run in progress with it). */
  holdMs?: number;
  /** Projects watched at once (default 8); calls to others still trigger refreshes. */
  maxWatched?: number;
  /** Bytes of deferred files one fill job indexes (default 8 MB); 0 leaves them deferred. */
  fillBytes?: number;
}

/** What a refresh run needs: the changed files and the builds that hold them, and a key of that state. */
interface RefreshPlan {
  builds: { variant: string; image: string }[];
  changed: string[];
  signature: string;
}

interface Project {
  watcher: FilesWatcher | null;
  /** indexed_at of the index the watcher's file set was read from. */
  watchedIndexAt: string | null;
  lastCallCheck: number;
  /** The state the last finished run started from: never run twice for the same state. */
  lastSignature: string | null;
  /** The content state the last fill started from: a fill that filled nothing is not repeated. */
  lastFillSignature: string | null;
  retry: NodeJS.Timeout | null;
  /** The builds' compile databases and link sources as last compared (a poll reads none of them unchanged). */
  inputs: BuildInputsCheck;
  /** The builds' lookups of headers not found, read once per state of the index. */
  lookups: AbsentLookupsMemo;
}

const CALL_CHECK_INTERVAL_MS = 1000;
const FILL_BYTES = 8 * 1024 * 1024;
const BUSY_RETRY_MS = 1000;

export class FreshnessKeeper {
  private readonly projects = new Map<string, Project>();
  private readonly runner: RefreshRunner;
  private readonly inFlight = new Map<string, { signature: string; fill: boolean }>();
  private closed = false;

  constructor(private readonly options: KeepFreshOptions = {}) {
    this.runner = new RefreshRunner((root, outcome) => this.finished(root, outcome));
  }

  /** Background state of a project for get_active_build. */
  state(root: string): RefreshState {
    return this.runner.state(root);
  }

  /** Start watching a project's indexed files (idempotent). */
  watch(root: string): void {
    const p = this.project(root);
    if (p.watcher || this.closed) return;
    const watched = [...this.projects.values()].filter((x) => x.watcher).length;
    if (watched >= (this.options.maxWatched ?? 8)) return;
    const { files, indexedAt } = this.indexedFiles(root);
    if (!files.size) return;
    p.watchedIndexAt = indexedAt;
    p.watcher = new FilesWatcher(files, () => this.check(root), { debounceMs: this.options.debounceMs ?? 300, pollMs: this.options.pollMs ?? 2000, polling: this.options.polling });
  }

  /**
   * A call answered for this project: look for changed files after it (at most once a second). `indexedAt`
   * is the index's run time the call saw; when another process re-indexed since, the watcher follows.
   */
  noticeCall(root: string, indexedAt: string | null = null): void {
    const p = this.project(root);
    if (p.watcher && indexedAt && indexedAt !== p.watchedIndexAt) this.rewatch(root, p);
    else this.watch(root);
    const now = Date.now();
    if (now - p.lastCallCheck < CALL_CHECK_INTERVAL_MS) return;
    p.lastCallCheck = now;
    setTimeout(() => this.check(root), 20).unref();
  }

  /** Start a refresh when indexed files changed and no run of this server is going. */
  check(root: string): void {
    if (this.closed) return;
    const p = this.project(root);
    if (this.runner.busy(root)) return; // it checks again when the job ends
    if (readLock(root)) {
      // Another process is writing this index; look again once it may have finished (it may do our work).
      this.retryLater(root, p);
      return;
    }
    let plan: RefreshPlan | null;
    try {
      plan = this.plan(root);
    } catch {
      return; // an unreadable index: get_active_build reports it; nothing to refresh
    }
    if (plan && plan.signature !== p.lastSignature) {
      this.inFlight.set(root, { signature: plan.signature, fill: false });
      this.runner.start({ root, builds: plan.builds, holdMs: this.options.holdMs });
      return;
    }
    const fill = this.fillSignature(root);
    if (fill === null || fill === p.lastFillSignature) return;
    this.inFlight.set(root, { signature: fill, fill: true });
    this.runner.start({ root, builds: [], fillBytes: this.options.fillBytes ?? FILL_BYTES });
  }

  /** The content state when deferred files wait for their trigrams (and this process may write the index), else null. */
  private fillSignature(root: string): string | null {
    if ((this.options.fillBytes ?? FILL_BYTES) <= 0) return null;
    try {
      return withProject(root, (ctx) => {
        const reader = ctx.reader;
        if (!ctx.initialized || !reader || ctx.indexError || versionState(reader.meta()).clientRestartReason) return null;
        const content = reader.content();
        const deferred = content.coverage().deferred;
        return deferred > 0 ? `${content.generation()}|${content.fillStamp()}|${deferred}` : null;
      });
    } catch {
      return null;
    }
  }

  close(): void {
    this.closed = true;
    this.runner.close();
    for (const p of this.projects.values()) {
      p.watcher?.close();
      if (p.retry) clearTimeout(p.retry);
    }
  }

  private project(root: string): Project {
    let p = this.projects.get(root);
    if (!p) this.projects.set(root, (p = { watcher: null, watchedIndexAt: null, lastCallCheck: 0, lastSignature: null, lastFillSignature: null, retry: null, inputs: new BuildInputsCheck(), lookups: new AbsentLookupsMemo() }));
    return p;
  }

  /**
   * The indexed files, those the builds' records were read from (a relink rewrites the map), their compile databases
   * and link sources, and where a header units looked for and found none would be (its name in each folder searched).
   */
  private indexedFiles(root: string): { files: Set<string>; indexedAt: string | null } {
    const memo = this.project(root).lookups;
    return withProject(root, (ctx) => {
      const builds = ctx.reader?.builds() ?? [];
      const lookups = ctx.reader && memo.over(ctx.root, ctx.reader);
      const records = builds.flatMap((b) => b.recordInputs?.files.map((f) => f.path) ?? []);
      const files = new Set([...(ctx.reader?.files() ?? []).map((f) => f.path), ...records].map((p) => absolutePath(ctx.root, p)));
      for (const b of builds) for (const f of [...buildInputFiles(ctx.root, b), ...lookupCandidates(lookups!, ctx.root, b)]) files.add(f);
      return { files, indexedAt: ctx.reader?.meta().indexedAt ?? null };
    });
  }

  /** Watch the files of the index as it is now (a run may have added or dropped files). */
  private rewatch(root: string, p: Project): void {
    p.watcher?.close();
    p.watcher = null;
    p.inputs.clear();
    this.watch(root);
  }

  /**
   * The builds holding changed indexed files, whose record was read from a file changed since, whose compile
   * database or link command changed, or whose units looked for a header that appeared; null when nothing is to be done.
   */
  private plan(root: string): RefreshPlan | null {
    const { inputs, lookups: memo } = this.project(root);
    return withProject(root, (ctx) => {
      const reader = ctx.reader;
      if (!ctx.initialized || !reader || ctx.indexError) return null;
      if (versionState(reader.meta()).clientRestartReason) return null; // a newer index: this process must not write it
      const indexedChanged = changedFiles(reader, ctx.root);
      const set = new Set(indexedChanged);
      const stale = new Map<number, string[]>();
      const probe = new AbsentProbe();
      const lookups = memo.over(ctx.root, reader);
      for (const b of reader.builds()) {
        const now = b.recordInputs ? compareRecordInputs(ctx.root, b.recordInputs.files) : null;
        const files = [...(now?.state === 'changed' ? now.changed.map((f) => f.file) : []), ...inputs.changed(ctx.root, b)].map((f) => storedPath(ctx.root, f));
        files.push(...appearedInBuild(lookups, ctx.root, b, probe).map((h) => h.file));
        if (files.length) stale.set(b.id, files);
      }
      if (!indexedChanged.length && !stale.size) return null;
      const builds = reader.builds().filter((b) => stale.has(b.id) || (set.size > 0 && reader.files(b.id).some((f) => set.has(f.path))));
      if (!builds.length) return null;
      const changed = [...new Set([...indexedChanged, ...[...stale.values()].flat()])];
      const stamp = (f: string) => {
        const st = fs.statSync(absolutePath(ctx.root, f), { throwIfNoEntry: false });
        return st ? `${f}:${st.size}:${st.mtimeMs}` : `${f}:gone`;
      };
      return { builds: builds.map((b) => ({ variant: b.variant, image: b.image })), changed, signature: changed.map(stamp).join('\n') };
    });
  }

  private retryLater(root: string, p: Project): void {
    if (p.retry) return;
    p.retry = setTimeout(() => {
      p.retry = null;
      this.check(root);
    }, BUSY_RETRY_MS);
    p.retry.unref();
  }

  private finished(root: string, outcome: RefreshOutcome): void {
    const p = this.project(root);
    const job = this.inFlight.get(root) ?? null;
    this.inFlight.delete(root);
    if (this.closed) return;
    if (outcome === 'busy') {
      this.retryLater(root, p);
      return;
    }
    if (job?.fill) {
      p.lastFillSignature = job.signature;
    } else {
      p.lastSignature = job?.signature ?? null;
      // The run may have added files (a new header); watch the new set.
      this.rewatch(root, p);
    }
    this.check(root);
  }
}
