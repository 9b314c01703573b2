// Writes a file whole or not at all: the data goes to a temporary file beside it, renamed over the old one, so a
// reader (or a run killed half way) never sees it cut. For the caches and snapshots kept beside the index.
import fs from 'node:fs';
import path from 'node:path';

/** Replaces `file` with `data` (its folder made when missing); false, with no temporary file left, when it could not. */
export function replaceFile(file: string, data: string | Uint8Array): boolean {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
    return true;
  } catch {
    fs.rmSync(tmp, { force: true });
    return false;
  }
}
