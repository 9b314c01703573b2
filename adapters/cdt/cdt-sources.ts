// The sources a CDT configuration compiles, as CDT's managed build picks them: every C, C++ and assembler file under
// its source entries, through the project's linked files and folders, less each entry's exclusions (paths or
// patterns relative to the entry) and the configurations' own build folders. Each file keeps its path inside the
// project, which the folder and file settings of `.cproject` are keyed by.
import path from 'node:path';
import { isAssemblerSource, isCFamilySource } from '../../src/model/source-suffixes.js';
import { listEntries } from '../shared/detect-inputs.js';
import { fnmatchToRegex } from '../shared/fnmatch.js';
import type { LinkedResource } from './read-dot-project.js';

export interface CdtSource {
  /** Absolute path. */
  file: string;
  /** Path inside the project (`/`-separated), through links as the IDE shows it. */
  inProject: string;
}

const MAX_FILES = 20_000;

/** The project's tree as the IDE shows it: its folder's entries, with linked files and folders put at their names. */
class ProjectTree {
  constructor(
    private readonly projectDir: string,
    private readonly links: readonly LinkedResource[],
    private readonly skipped: ReadonlySet<string>,
  ) {}

  /** The files below `inProject` (a folder path inside the project; '' the root), walked depth-first. */
  *files(inProject: string): Generator<CdtSource> {
    const seen = new Set<string>();
    const stack = [inProject];
    while (stack.length) {
      const dir = stack.pop()!;
      for (const child of this.children(dir)) {
        const key = child.inProject;
        if (seen.has(key)) continue;
        seen.add(key);
        if (child.folder) stack.push(key);
        else yield { file: child.file, inProject: key };
      }
    }
  }

  /** A folder's children: its real entries (where it is a real or linked folder) and the links placed in it. */
  private children(dir: string): { inProject: string; file: string; folder: boolean }[] {
    const out: { inProject: string; file: string; folder: boolean }[] = [];
    const join = (name: string) => (dir ? `${dir}/${name}` : name);
    for (const link of this.links) {
      const parent = path.posix.dirname(link.name);
      if (parent !== (dir || '.')) {
        // A link below folders the project does not declare (SW4STM32's `Drivers/CMSIS/system_x.c`): the IDE shows them as virtual folders.
        const implied = this.impliedFolder(link.name, dir);
        if (implied) out.push({ inProject: implied, file: '', folder: true });
        continue;
      }
      if (link.kind === 'file' && link.location) out.push({ inProject: link.name, file: link.location, folder: false });
      else if (link.kind !== 'file') out.push({ inProject: link.name, file: link.location ?? '', folder: true });
    }
    const real = this.location(dir);
    if (real === undefined) return out;
    for (const e of listEntries(real) ?? []) {
      if (e.name.startsWith('.') || (!dir && this.skipped.has(e.name))) continue;
      if (e.isDirectory()) out.push({ inProject: join(e.name), file: path.join(real, e.name), folder: true });
      else if (e.isFile() || e.isSymbolicLink()) out.push({ inProject: join(e.name), file: path.join(real, e.name), folder: false });
    }
    return out;
  }

  /** The folder directly inside `dir` that a link deeper below it passes through (`Drivers` of `Drivers/CMSIS/x.c` at the top), if any. */
  private impliedFolder(linkName: string, dir: string): string | undefined {
    const prefix = dir ? `${dir}/` : '';
    if (!linkName.startsWith(prefix)) return undefined;
    const rest = linkName.slice(prefix.length).split('/');
    return rest.length > 1 ? `${prefix}${rest[0]}` : undefined;
  }

  /** Where a folder inside the project lives: below the deepest link holding it, else in the project's folder. */
  private location(dir: string): string | undefined {
    let best: LinkedResource | undefined;
    for (const link of this.links) {
      if (link.kind === 'file' || !(dir === link.name || dir.startsWith(`${link.name}/`))) continue;
      if (!best || link.name.length > best.name.length) best = link;
    }
    if (!best) return path.join(this.projectDir, ...dir.split('/').filter(Boolean));
    if (!best.location) return undefined;
    return path.join(best.location, ...dir.slice(best.name.length).split('/').filter(Boolean));
  }
}

/** Whether a path relative to its entry is left out by one of the entry's exclusions (a path, its folder, or a pattern). */
function excludedBy(patterns: readonly RegExp[], plain: readonly string[], rel: string): boolean {
  return plain.some((p) => rel === p || rel.startsWith(`${p}/`)) || patterns.some((re) => re.test(rel));
}

/**
 * The compiled sources of the given entries (each `name` a folder inside the project, '' the whole project),
 * without the folders named in `skipped` at the project's top (its configurations' build folders). At most
 * MAX_FILES; `truncated` says when more were there.
 */
export function cdtSources(projectDir: string, links: readonly LinkedResource[], entries: readonly { name: string; excluding: string[] }[], skipped: ReadonlySet<string>): { sources: CdtSource[]; truncated: boolean } {
  const tree = new ProjectTree(projectDir, links, skipped);
  const byFile = new Map<string, CdtSource>();
  for (const entry of entries) {
    const base = entry.name.replace(/^\/+|\/+$/g, '');
    // Written relative to the entry, some IDEs with leading slashes (`//board/ports`).
    const excluding = entry.excluding.map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean);
    const plain = excluding.filter((p) => !/[*?[]/.test(p));
    const patterns = excluding.filter((p) => /[*?[]/.test(p)).map((p) => fnmatchToRegex(p.replace(/\*\*\/?/g, '*'), { wildcardsCrossSlash: true }));
    for (const src of tree.files(base)) {
      if (!isCFamilySource(src.file) && !isAssemblerSource(src.file)) continue;
      const rel = base ? src.inProject.slice(base.length + 1) : src.inProject;
      if (excludedBy(patterns, plain, rel) || byFile.has(src.inProject)) continue;
      byFile.set(src.inProject, src);
      if (byFile.size >= MAX_FILES) return { sources: [...byFile.values()], truncated: true };
    }
  }
  return { sources: [...byFile.values()].sort((a, b) => (a.inProject < b.inProject ? -1 : a.inProject > b.inProject ? 1 : 0)), truncated: false };
}
