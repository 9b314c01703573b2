// Sources that sit in a build's own source folders (the folders holding its project units) but that no
// build compiles: reported by `check` as information. Vendor folders, build folders and subfolders are not read.
import fs from 'node:fs';
import path from 'node:path';
import type { BuildDescription } from '../../adapters/contract.js';
import { isUnderAny, isVendorFile, storedPath } from '../indexer/vendor-paths.js';
import type { ProjectConfig } from '../project/config.js';
import { isCFamilySource } from '../model/source-suffixes.js';

export interface UncoveredSource {
  variant: string;
  image: string;
  /** Root-relative path. */
  file: string;
  line: null;
  message: string;
  /** The command that makes a build compile it, when the file looks newer than the build's compile database. */
  fix: string | null;
}

/** Folders inside the root that hold project (not vendor, not generated) units of the build. */
function sourceFolders(root: string, config: ProjectConfig, build: BuildDescription): string[] {
  const rules = { root, vendorPaths: config.vendorPaths, projectPaths: config.projectPaths };
  const folders = new Set<string>();
  for (const u of build.units) {
    const rel = path.relative(root, u.file);
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    if (isVendorFile(u.file, rules) || u.file.startsWith(build.buildDir + path.sep) || isUnderAny(root, u.file, config.excludePaths)) continue;
    folders.add(path.dirname(u.file));
  }
  return [...folders].sort();
}

export function uncoveredInBuildFolders(root: string, config: ProjectConfig, builds: BuildDescription[], compiled: Iterable<string>): UncoveredSource[] {
  const covered = new Set(compiled);
  const seen = new Set<string>();
  const out: UncoveredSource[] = [];
  for (const b of builds) {
    const dbTime = b.compileCommands ? fs.statSync(b.compileCommands, { throwIfNoEntry: false })?.mtimeMs ?? null : null;
    for (const folder of sourceFolders(root, config, b)) {
      let names: string[];
      try {
        names = fs.readdirSync(folder);
      } catch {
        continue;
      }
      for (const name of names.sort()) {
        const file = path.join(folder, name);
        if (!isCFamilySource(name) || covered.has(file) || seen.has(file)) continue;
        const st = fs.statSync(file, { throwIfNoEntry: false });
        if (!st?.isFile()) continue;
        seen.add(file);
        const fresh = dbTime !== null && st.mtimeMs > dbTime;
        out.push({
          variant: b.variant,
          image: b.image,
          file: storedPath(root, file),
          line: null,
          message: fresh
            ? `newer than the compile database of build ${b.variant}/${b.image} and compiled by no build: if it belongs to the build, add it to the build files`
            : `in a source folder of build ${b.variant}/${b.image}, but compiled by no build`,
          fix: fresh ? '`fw-context index --build`' : null,
        });
      }
    }
  }
  return out;
}
