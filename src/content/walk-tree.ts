// Lists the project's searchable files the way ripgrep does by default: hidden entries skipped, symlinks
// not followed, .gitignore / .git/info/exclude inside a git work tree, .ignore and .rgignore everywhere.
// Leaves out what ripgrep also leaves out by default (global git excludes are not read), and what the walk
// scope leaves out: build folders but for the files builds read, excluded paths, object files (walk-scope.ts).
// The files some build reads are listed even where hidden or ignored.
import fs from 'node:fs';
import path from 'node:path';
import type IgnoreFactory from 'ignore';
import type { Ignore } from 'ignore';
import { requirePackage } from '../model/require-package.js';
import { isObjectFile, keptUnder, NO_SCOPE, scopeAdmits, skippedFolderOf, type WalkScope } from './walk-scope.js';

export interface WalkedFile {
  /** Project-relative POSIX path. */
  path: string;
  size: number;
  mtimeMs: number;
}

const IGNORE_FILES_ALWAYS = ['.ignore', '.rgignore'];

/** True when `root` sits in a git work tree (a .git entry in it or above): only then is .gitignore read. */
export function insideGitRepo(root: string): boolean {
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

/** Names whose change changes what the walk lists. */
export function isIgnoreFileName(name: string): boolean {
  return name === '.gitignore' || name === 'exclude' || IGNORE_FILES_ALWAYS.includes(name);
}

function readRules(absDir: string, names: string[], present?: ReadonlySet<string>): Ignore | null {
  let text = '';
  for (const n of names) {
    if (present && !present.has(n)) continue;
    try {
      text += fs.readFileSync(path.join(absDir, n), 'utf8') + '\n';
    } catch {
      /* no such ignore file */
    }
  }
  // The rule matcher loads when a folder has rules: a tree with no ignore file (and every read-only command) needs none.
  return text.trim() ? (requirePackage('ignore') as typeof IgnoreFactory)({ allowRelativePaths: true }).add(text) : null;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** The ignore rules of a project, read once per folder. */
export class IgnoreRules {
  private readonly names: string[];
  private readonly exclude: Ignore | null;
  private readonly byFolder = new Map<string, Ignore | null>();
  /** Names of the ignore files a folder holds, from its listing (folders not listed are read by name). */
  private readonly listed = new Map<string, ReadonlySet<string>>();

  constructor(private readonly root: string) {
    const useGit = insideGitRepo(root);
    this.names = useGit ? ['.gitignore', ...IGNORE_FILES_ALWAYS] : IGNORE_FILES_ALWAYS;
    this.exclude = useGit ? readRules(path.join(root, '.git', 'info'), ['exclude']) : null;
  }

  /** Rules of one folder ('' for the root). */
  folder(rel: string): Ignore | null {
    let r = this.byFolder.get(rel);
    if (r === undefined) {
      r = readRules(rel ? path.join(this.root, rel) : this.root, this.names, this.listed.get(rel));
      this.byFolder.set(rel, r);
    }
    return r;
  }

  /** A folder's listing, just read: only the ignore files it names are read (no failed read per file name). */
  noteListing(rel: string, entries: fs.Dirent[]): void {
    if (this.byFolder.has(rel)) return;
    // Most folders hold none: they share one empty set (no array or set made per folder). Each name starts with a dot.
    let present: Set<string> | undefined;
    for (const e of entries) if (e.name.charCodeAt(0) === 46 && this.names.includes(e.name)) (present ??= new Set()).add(e.name);
    this.listed.set(rel, present ?? NO_NAMES);
  }

  /** Ignored by the rules of the folders above it: the deepest folder with a verdict decides (as in git). */
  ignoredBy(folders: string[], rel: string, isDir: boolean): boolean {
    for (let i = folders.length - 1; i >= -1; i--) {
      const dir = i >= 0 ? folders[i] : '';
      const rules = i >= 0 ? this.folder(dir) : this.exclude;
      if (!rules) continue;
      const sub = dir ? rel.slice(dir.length + 1) : rel;
      const verdict = rules.test(isDir ? sub + '/' : sub);
      if (verdict.ignored) return true;
      if (verdict.unignored) return false;
    }
    return false;
  }

  /** Would a walk list this path? (No hidden part, no ignored folder above it, not ignored itself.) */
  includes(rel: string, isDir: boolean): boolean {
    const parts = rel.split('/');
    if (parts.some((p) => p.startsWith('.'))) return false;
    const folders = [''];
    for (let k = 1; k < parts.length; k++) {
      const dir = parts.slice(0, k).join('/');
      if (this.ignoredBy(folders, dir, true)) return false;
      folders.push(dir);
    }
    return !this.ignoredBy(folders, rel, isDir);
  }
}

export interface WalkOptions {
  /** Folder (project-relative) to start from; '' for the whole project. */
  start?: string;
  /** Called for every folder entered (to watch it, for example). */
  onFolder?: (rel: string) => void;
  rules?: IgnoreRules;
  /** Size and mtime of a file (by absolute path) already stat'ed by the caller: not stat'ed again. */
  known?: (file: string) => { size: number; mtimeMs: number } | undefined;
  /** Build folders and excluded paths not walked, and the files in build folders still listed (default: none). */
  scope?: WalkScope;
}

/** Adds the file at `rel` (project-relative) to `out` with its size and mtime; nothing when it vanished. */
function addFile(root: string, rel: string, out: WalkedFile[], options: WalkOptions, abs = path.join(root, rel)): void {
  try {
    const st = options.known?.(abs) ?? fs.statSync(abs);
    out.push({ path: rel, size: st.size, mtimeMs: st.mtimeMs });
  } catch {
    /* vanished while walking, or never there */
  }
}

/**
 * Kept files under `rel` ('' for all) not `listed` yet: a skipped build folder's, or those the walk passed by as
 * hidden or ignored. Their folders are reported to onFolder (a watcher then sees a generated header rewritten).
 */
function addKept(root: string, rel: string, scope: WalkScope, out: WalkedFile[], options: WalkOptions, listed?: ReadonlySet<string>): void {
  const folders = new Set<string>();
  for (const p of keptUnder(scope, rel)) {
    if (isObjectFile(p) || listed?.has(p)) continue;
    const before = out.length;
    addFile(root, p, out, options);
    if (out.length > before) folders.add(path.posix.dirname(p));
  }
  for (const f of folders) options.onFolder?.(f === '.' ? '' : f);
}

/** The kept files under `rel` alone (a folder the walk passes by as hidden or ignored), sorted by path. */
export function keptFilesUnder(root: string, rel: string, scope: WalkScope, onFolder?: (rel: string) => void): WalkedFile[] {
  const out: WalkedFile[] = [];
  addKept(root, rel, scope, out, { onFolder });
  return out;
}

/** Every searchable file under root (or under options.start), sorted by path. */
export function walkProjectFiles(root: string, options: WalkOptions = {}): WalkedFile[] {
  const rules = options.rules ?? new IgnoreRules(root);
  const scope = options.scope ?? NO_SCOPE;
  const out: WalkedFile[] = [];
  const start = options.start ?? '';
  const folders = [''];
  if (start) {
    const parts = start.split('/');
    for (let k = 1; k < parts.length; k++) folders.push(parts.slice(0, k).join('/'));
  }
  const visit = (rel: string) => {
    if (rel && skippedFolderOf(scope, rel) !== undefined) return addKept(root, rel, scope, out, options);
    const abs = rel ? path.join(root, rel) : root;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    options.onFolder?.(rel);
    rules.noteListing(rel, entries);
    if (rel) folders.push(rel);
    const dir = abs.endsWith(path.sep) ? abs : abs + path.sep;
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!rules.ignoredBy(folders, childRel, true)) visit(childRel);
      } else if (e.isFile() && scopeAdmits(scope, childRel) && !rules.ignoredBy(folders, childRel, false)) {
        addFile(root, childRel, out, options, dir + e.name);
      }
    }
    if (rel) folders.pop();
  };
  visit(start);
  if (scope.kept.length) {
    // The kept files the walk listed already (a set of those alone, not of every file walked).
    const listed = new Set<string>();
    for (const f of out) if (scope.keptSet.has(f.path)) listed.add(f.path);
    addKept(root, start, scope, out, options, listed);
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
