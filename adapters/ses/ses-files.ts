// The files of an Embedded Studio project, each with the levels whose properties it sees (solution, project, its
// folders, itself): those listed by name, and a dynamic folder's files as the IDE lists them (under its `path`,
// matching its `filter` and not its `exclude` patterns, into sub-folders when `recurse` is Yes).
import path from 'node:path';
import { listEntries } from '../shared/detect-inputs.js';
import { fnmatchToRegex } from '../shared/fnmatch.js';
import type { SesNode } from './read-emproject.js';
import { splitList } from './ses-properties.js';
import { sesPath, type SesPlace } from './ses-units.js';

export interface SesFile {
  /** Absolute. */
  path: string;
  /** As the project writes it (or the dynamic folder's path and the name found), for messages. */
  written: string;
  /** Outermost first, the file's own node last. */
  levels: SesNode[];
}

/** Every file of project `p` (a file outside this machine's reach is noted in `place.foreign`). */
export function projectFiles(solution: SesNode, p: SesNode, place: SesPlace): SesFile[] {
  const out: SesFile[] = [];
  const walk = (node: SesNode, levels: SesNode[]) => {
    for (const child of node.children) {
      if (child.kind === 'file' && child.fileName) {
        const abs = sesPath(place, child.fileName);
        if (abs) out.push({ path: abs, written: child.fileName, levels: [...levels, child] });
      } else if (child.kind === 'folder') {
        if (child.dynamic) out.push(...dynamicFiles(child, [...levels, child], place));
        walk(child, [...levels, child]);
      }
    }
  };
  walk(p, [solution, p]);
  return out;
}

/** A file a dynamic folder lists: its own node holds no settings. */
const listedNode = (name: string): SesNode => ({ kind: 'file', name, settings: new Map(), children: [] });

function dynamicFiles(folder: SesNode, levels: SesNode[], place: SesPlace): SesFile[] {
  const rule = folder.dynamic!;
  const dir = sesPath(place, rule.path || '.');
  if (!dir) return [];
  const patterns = (text: string) => splitList(text).map((p) => fnmatchToRegex(p, { wildcardsCrossSlash: false }));
  const include = patterns(rule.filter);
  const exclude = patterns(rule.exclude);
  const out: SesFile[] = [];
  const list = (at: string, depth: number) => {
    for (const e of (listEntries(at) ?? []).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(at, e.name);
      if (e.isDirectory()) {
        if (rule.recurse && depth < 16 && !exclude.some((r) => r.test(e.name))) list(abs, depth + 1);
      } else if ((include.length === 0 || include.some((r) => r.test(e.name))) && !exclude.some((r) => r.test(e.name))) {
        const written = path.join(rule.path, path.relative(dir, abs)).replace(/\\/g, '/');
        out.push({ path: abs, written, levels: [...levels, listedNode(e.name)] });
      }
    }
  };
  list(dir, 0);
  return out;
}
