// Test helper: deletes a project's index database and its WAL and shared-memory files (the state files beside them
// stay), so that the next run indexes the tree from scratch and reuses what the state folder keeps.
import fs from 'node:fs';
import path from 'node:path';
import { indexPath } from '../../src/project/config.js';

/** Removes the index files of the project at `root`. */
export function removeIndexFiles(root: string): void {
  const dir = path.dirname(indexPath(root));
  const base = path.basename(indexPath(root));
  for (const f of fs.readdirSync(dir)) if (f.startsWith(base)) fs.rmSync(path.join(dir, f));
}
