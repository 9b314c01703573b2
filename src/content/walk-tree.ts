// Lists the project's searchable files the way ripgrep does by default: hidden entries skipped, symlinks
// not followed, .gitignore / .git/info/exclude inside a git work tree, .ignore and .rgignore everywhere.
// Leaves out what ripgrep also leaves out by default (global git excludes are not read).
import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

export interface WalkedFile {
  /** Project-relative POSIX path. */
  path: string;
  size: number;
  mtimeMs: number;
}

/** Ignore rules of one folder: the folder's path relative to the root ('' for the root) and its matcher. */
interface FolderRules {
  dir: string;
  rules: Ignore;
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
  return name === '.gitignore' || IGNORE_FILES_ALWAYS.includes(name);
}

function readRules(absDir: string, names: string[]): Ignore | null {
  let text = '';
  for (const n of names) {
    try {
      text += fs.readFileSync(path.join(absDir, n), 'utf8') + '\n';
    } catch {
      /* no such ignore file */
    }
  }
  return text.trim() ? ignore({ allowRelativePaths: true }).add(text) : null;
}

/** Ignored by the rules in force: the deepest folder with a verdict on the path decides (as in git). */
function isIgnored(stack: FolderRules[], rel: string, isDir: boolean): boolean {
  for (let i = stack.length - 1; i >= 0; i--) {
    const { dir, rules } = stack[i];
    const sub = dir ? rel.slice(dir.length + 1) : rel;
    const verdict = rules.test(isDir ? sub + '/' : sub);
    if (verdict.ignored) return true;
    if (verdict.unignored) return false;
  }
  return false;
}

export interface WalkOptions {
  /** Folder (project-relative) to start from; '' for the whole project. */
  start?: string;
  /** Called for every folder entered (to watch it, for example). */
  onFolder?: (rel: string) => void;
}

/** Every searchable file under root, sorted by path. */
export function walkProjectFiles(root: string, options: WalkOptions = {}): WalkedFile[] {
  const useGit = insideGitRepo(root);
  const names = useGit ? ['.gitignore', ...IGNORE_FILES_ALWAYS] : IGNORE_FILES_ALWAYS;
  const out: WalkedFile[] = [];
  const stack: FolderRules[] = [];
  if (useGit) {
    const exclude = readRules(path.join(root, '.git', 'info'), ['exclude']);
    if (exclude) stack.push({ dir: '', rules: exclude });
  }
  // Rules of the folders above the start folder apply to it too.
  const start = options.start ?? '';
  const parts = start ? start.split('/') : [];
  for (let i = 0; i < parts.length; i++) {
    const rel = parts.slice(0, i).join('/');
    const rules = readRules(path.join(root, rel), names);
    if (rules) stack.push({ dir: rel, rules });
  }
  const visit = (rel: string) => {
    const abs = rel ? path.join(root, rel) : root;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    options.onFolder?.(rel);
    const rules = readRules(abs, names);
    if (rules) stack.push({ dir: rel, rules });
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!isIgnored(stack, childRel, true)) visit(childRel);
      } else if (e.isFile() && !isIgnored(stack, childRel, false)) {
        try {
          const st = fs.statSync(path.join(abs, e.name));
          out.push({ path: childRel, size: st.size, mtimeMs: st.mtimeMs });
        } catch {
          /* vanished while walking */
        }
      }
    }
    if (rules) stack.pop();
  };
  visit(start);
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
