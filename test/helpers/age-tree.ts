// Test helper: moves the mtimes of a fixture tree back in time, so that a search or walk that treats recently
// changed folders as changed (coarse file-system clocks) sees them as settled.
import fs from 'node:fs';
import path from 'node:path';

/** Sets the mtimes of every folder and file under `dir` (but the state folder and links) `seconds` back: older than any racy window. */
export function ageTree(dir: string, seconds = 3600): void {
  const t = new Date(Date.now() - seconds * 1000);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.name === '.fw-context' || e.isSymbolicLink()) continue;
    if (e.isDirectory()) ageTree(p, seconds);
    fs.utimesSync(p, t, t);
  }
  fs.utimesSync(dir, t, t);
}
