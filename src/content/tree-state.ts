// What the project tree holds now compared with the content index: every searchable file and the ones
// whose indexed text is stale (changed or new). A long-lived server keeps one state per root, walks the
// tree once and then follows folder watchers; without watchers (or when they fail) each look walks again.
// The walk leaves out what the index run's walk leaves out (the index's walk scope: build folders but for the
// files builds read, the config's exclude_paths, object files), so find never reads as stale what the index
// chose not to hold.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ContentFileRow, ContentIndexReader } from '../index/content-index-reader.js';
import { IgnoreRules, isIgnoreFileName, keptFilesUnder, walkProjectFiles, type WalkedFile } from './walk-tree.js';
import { keptUnder, NO_SCOPE, scopeAdmits, walkScopeOf, type WalkScope } from './walk-scope.js';

export interface TreeSnapshot {
  /** Searchable files on disk now, by project-relative path. */
  files: Map<string, WalkedFile>;
  /** The content index rows, by path. */
  indexed: Map<string, ContentFileRow>;
  /** Files whose indexed text may differ from the file (changed, or not indexed at all). */
  dirty: Set<string>;
  generation: string | null;
  /** Whether the state follows the tree through watchers (else it was walked for this look). */
  watching: boolean;
}

/** Most folders watched; a larger tree is walked on every look instead. */
const MAX_WATCHED_FOLDERS = 20000;

function isClean(f: WalkedFile, row: ContentFileRow | undefined): boolean {
  return row !== undefined && row.size === f.size && row.mtimeMs === f.mtimeMs;
}

export class TreeState {
  private files = new Map<string, WalkedFile>();
  private indexed = new Map<string, ContentFileRow>();
  private dirty = new Set<string>();
  private generation: string | null | undefined = undefined;
  private fillStamp: string | null | undefined = undefined;
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private pending = new Set<string>();
  private needWalk = true;
  private watching: boolean;
  private rules: IgnoreRules;
  private scope: WalkScope = NO_SCOPE;
  private excluded: string | undefined = undefined;

  constructor(
    private readonly root: string,
    watch: boolean,
  ) {
    this.watching = watch;
    this.rules = new IgnoreRules(root);
  }

  /** The tree as it is now, against the index the reader holds; `excludePaths` as the config's [index] exclude_paths. */
  look(reader: ContentIndexReader, excludePaths: string[] = []): TreeSnapshot {
    const generation = reader.generation();
    // A fill changes rows (deferred files become trigram-indexed) but no answer: rows reload, the generation stays.
    const fillStamp = reader.fillStamp();
    const excluded = JSON.stringify(excludePaths);
    if (generation !== this.generation || fillStamp !== this.fillStamp || excluded !== this.excluded) {
      this.generation = generation;
      this.fillStamp = fillStamp;
      this.excluded = excluded;
      this.indexed = new Map(reader.files().map((f) => [f.path, f]));
      this.scope = walkScopeOf(this.root, reader.buildFolders(this.root), excludePaths);
      this.needWalk = true;
    }
    if (!this.watching || this.needWalk) this.walk();
    else this.applyPending();
    return { files: this.files, indexed: this.indexed, dirty: this.dirty, generation, watching: this.watching };
  }

  close(): void {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  private walk(): void {
    this.needWalk = false;
    this.pending.clear();
    this.rules = new IgnoreRules(this.root);
    const walked = walkProjectFiles(this.root, { rules: this.rules, scope: this.scope, onFolder: (rel) => this.watchFolder(rel) });
    this.files = new Map(walked.map((f) => [f.path, f]));
    this.dirty = new Set(walked.filter((f) => !isClean(f, this.indexed.get(f.path))).map((f) => f.path));
  }

  private watchFolder(rel: string): void {
    if (!this.watching || this.watchers.has(rel)) return;
    if (this.watchers.size >= MAX_WATCHED_FOLDERS) return this.stopWatching();
    try {
      const w = fs.watch(rel ? path.join(this.root, rel) : this.root, { persistent: false }, (_event, name) => {
        if (name === null) this.needWalk = true;
        else this.pending.add(rel ? `${rel}/${name}` : String(name));
      });
      w.on('error', () => this.stopWatching());
      this.watchers.set(rel, w);
    } catch {
      this.stopWatching();
    }
  }

  private stopWatching(): void {
    this.watching = false;
    this.close();
  }

  /** Re-check the paths watchers reported: files changed, added or removed, folders added or removed. */
  private applyPending(): void {
    const paths = [...this.pending];
    this.pending.clear();
    for (const rel of paths) {
      if (isIgnoreFileName(path.posix.basename(rel))) {
        this.walk();
        return;
      }
      let st: fs.Stats | null = null;
      try {
        st = fs.lstatSync(path.join(this.root, rel));
      } catch {
        st = null;
      }
      // A file some build reads is listed even where hidden or ignored.
      if (st?.isDirectory() && this.rules.includes(rel, true)) {
        for (const f of walkProjectFiles(this.root, { start: rel, rules: this.rules, scope: this.scope, onFolder: (d) => this.watchFolder(d) })) this.put(f);
      } else if (st?.isDirectory() && keptUnder(this.scope, rel).length > 0) {
        for (const f of keptFilesUnder(this.root, rel, this.scope, (d) => this.watchFolder(d))) this.put(f);
      } else if (st?.isFile() && scopeAdmits(this.scope, rel) && (this.rules.includes(rel, false) || this.scope.keptSet.has(rel))) {
        this.put({ path: rel, size: st.size, mtimeMs: st.mtimeMs });
      } else {
        this.remove(rel);
      }
    }
  }

  private put(f: WalkedFile): void {
    this.files.set(f.path, f);
    if (isClean(f, this.indexed.get(f.path))) this.dirty.delete(f.path);
    else this.dirty.add(f.path);
  }

  private remove(rel: string): void {
    const prefix = rel + '/';
    for (const p of [...this.files.keys()]) {
      if (p === rel || p.startsWith(prefix)) {
        this.files.delete(p);
        this.dirty.delete(p);
      }
    }
    for (const [d, w] of [...this.watchers]) {
      if (d === rel || d.startsWith(prefix)) {
        w.close();
        this.watchers.delete(d);
      }
    }
  }
}

const states = new Map<string, TreeState>();

/** The state of `root` this process keeps (watched), or a fresh one walked for one look. */
export function treeStateFor(root: string, keep: boolean): TreeState {
  if (!keep) return new TreeState(root, false);
  let s = states.get(root);
  if (!s) states.set(root, (s = new TreeState(root, true)));
  return s;
}

/** A digest of the stale files among `paths`: it changes when one of them changes on disk. */
export function dirtyDigest(snapshot: TreeSnapshot, inScope: (p: string) => boolean): string {
  const h = createHash('sha1');
  for (const p of [...snapshot.dirty].filter(inScope).sort()) {
    const f = snapshot.files.get(p);
    h.update(`${p}\0${f?.size}\0${f?.mtimeMs}\n`);
  }
  return h.digest('hex');
}
