// PlatformIO's source filter: `+<pattern>`/`-<pattern>` in order over Python-glob matches below src_dir (a
// matched folder means every file in it). A literal part of a pattern is probed by its own path, never by listing
// its parent: `+<../variants/x>` depends on that folder, not on every entry beside the project. Leaves out symlink
// loops and Windows separators.
import fs from 'node:fs';
import path from 'node:path';
import { fnmatchToRegex } from '../shared/fnmatch.js';
import { listEntries, pathKind } from '../shared/detect-inputs.js';

export const SRC_BUILD_EXTS = new Set(['.c', '.cc', '.cpp', '.cxx', '.S', '.spp', '.SPP', '.sx', '.s', '.asm', '.ASM', '.ino']);

const listing = new Map<string, fs.Dirent[] | null>();
const kinds = new Map<string, string>();

function readDir(dir: string): fs.Dirent[] | null {
  let r = listing.get(dir);
  if (r === undefined) {
    r = listEntries(dir);
    listing.set(dir, r);
  }
  return r;
}

/** Forget cached listings (call at the start of a detect run). */
export function clearListingCache(): void {
  listing.clear();
  kinds.clear();
}

/** The kind of a path a pattern names literally ('file', 'dir', 'other', 'none'; symlinks followed), checked once. */
function probedKind(p: string): string {
  let k = kinds.get(p);
  if (k === undefined) kinds.set(p, (k = pathKind(p)));
  return k;
}

/** Whether entry `e` of a listed folder is a folder (a symlink to one too). */
function entryIsDir(dir: string, e: fs.Dirent): boolean {
  return e.isDirectory() || (e.isSymbolicLink() && readDir(path.join(dir, e.name)) !== null);
}

const hasMagic = (s: string) => /[*?[]/.test(s);

function descendants(dir: string, out: string[], includeHidden: boolean): void {
  for (const e of readDir(dir) ?? []) {
    if (!includeHidden && e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    const isDir = entryIsDir(dir, e);
    out.push(isDir ? p + path.sep : p);
    if (isDir) descendants(p, out, includeHidden);
  }
}

const byName = (a: fs.Dirent, b: fs.Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Every file below `dir` (absolute, in name order; hidden entries left out), from this run's listings. */
export function filesBelow(dir: string): string[] {
  const out: string[] = [];
  for (const e of [...(readDir(dir) ?? [])].sort(byName)) {
    if (e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (entryIsDir(dir, e)) out.push(...filesBelow(p));
    else out.push(p);
  }
  return out;
}

/** The names of `dir`'s sub-folders (symlinks to folders too), in order, hidden ones left out. */
export function foldersIn(dir: string): string[] {
  return (readDir(dir) ?? []).filter((e) => !e.name.startsWith('.') && entryIsDir(dir, e)).map((e) => e.name).sort();
}

/** Python `glob.glob(join(base, pattern), recursive=True)`; folders come back with a trailing separator. */
export function expandGlob(base: string, pattern: string): string[] {
  const abs = path.isAbsolute(pattern);
  const parts = pattern.split(/[/\\]/);
  let current = [abs ? path.sep : base];
  if (abs) parts.shift();
  const dirOnly = parts.length > 1 && parts[parts.length - 1] === '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part === '' || part === '.') continue;
    const last = i === parts.length - 1 || (dirOnly && i === parts.length - 2);
    const next: string[] = [];
    for (const c of current) {
      const dir = c.endsWith(path.sep) ? c.slice(0, -1) || path.sep : c;
      if (part === '**') {
        next.push(dir + path.sep);
        const all: string[] = [];
        descendants(dir, all, false);
        for (const d of all) if (last || d.endsWith(path.sep)) next.push(d);
      } else if (hasMagic(part)) {
        const re = fnmatchToRegex(part, { wildcardsCrossSlash: false });
        for (const e of readDir(dir) ?? []) {
          if (e.name.startsWith('.') && !part.startsWith('.')) continue;
          if (!re.test(e.name)) continue;
          const p = path.join(dir, e.name);
          next.push(entryIsDir(dir, e) ? p + path.sep : p);
        }
      } else {
        const p = path.join(dir, part);
        const kind = probedKind(p);
        if (kind !== 'none') next.push(kind === 'dir' ? p + path.sep : p);
      }
    }
    current = [...new Set(next)];
  }
  return dirOnly ? current.filter((c) => c.endsWith(path.sep)) : current;
}

/** Files (relative to srcDir, `/`-separated, sorted) the filter selects. */
export function matchSrcFiles(srcDir: string, filter: string, exts: Set<string> = SRC_BUILD_EXTS): string[] {
  const matches = new Set<string>();
  for (const m of filter.matchAll(/([+-])<([^>]+)>/g)) {
    const [, action, pattern] = m;
    const items = new Set<string>();
    for (const hit of expandGlob(srcDir, pattern)) {
      if (hit.endsWith(path.sep)) {
        const all: string[] = [];
        descendants(hit.slice(0, -1), all, true);
        for (const f of all) if (!f.endsWith(path.sep)) items.add(f);
      } else items.add(hit);
    }
    for (const item of items) {
      const rel = path.relative(srcDir, item).split(path.sep).join('/');
      if (exts.size && !exts.has(path.extname(item))) continue;
      if (action === '+') matches.add(rel);
      else matches.delete(rel);
    }
  }
  return [...matches].sort();
}
