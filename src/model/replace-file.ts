// Writes a file whole or not at all: the data goes to a temporary file beside it, renamed over the old one, so a
// reader (or a run killed half way) never sees it cut. For the caches and snapshots kept beside the index.
import fs from 'node:fs';
import path from 'node:path';

/** Writes `tmp`, making its folder only when it is missing (a run writes ~100 files into folders that are there). */
function writeMakingFolder(tmp: string, data: string | Uint8Array): void {
  try {
    fs.writeFileSync(tmp, data);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    fs.mkdirSync(path.dirname(tmp), { recursive: true });
    fs.writeFileSync(tmp, data);
  }
}

/** Replaces `file` with `data` (its folder made when missing); false, with no temporary file left, when it could not. */
export function replaceFile(file: string, data: string | Uint8Array): boolean {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeMakingFolder(tmp, data);
    fs.renameSync(tmp, file);
    return true;
  } catch {
    fs.rmSync(tmp, { force: true });
    return false;
  }
}
