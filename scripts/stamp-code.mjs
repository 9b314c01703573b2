// Stamps the build's adapter code: writes dist/adapters/code-fingerprint.txt, the sha1 of every module the build
// adapters run (dist/adapters, dist/linker, dist/src/model: each path relative to dist, then its bytes), which the
// detection cache keys its answers by (adapters/detection-cache.ts) instead of walking those folders and hashing
// each module's size and mtime on every run. Written after tsc, so it is no older than the modules it covers;
// a later compile rewrites them and the stamp, older then, is not used. Run by `npm run build`.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const DIST = path.resolve('dist');
const h = createHash('sha1');
const walk = (dir) => {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.[cm]?[jt]s$/.test(e.name) && !e.name.endsWith('.d.ts')) h.update(`${path.relative(DIST, p).split(path.sep).join('/')}\0`).update(fs.readFileSync(p)).update('\0');
  }
};
for (const dir of ['adapters', 'linker', 'src/model']) walk(path.join(DIST, dir));
fs.writeFileSync(path.join(DIST, 'adapters', 'code-fingerprint.txt'), `${h.digest('hex')}\n`);
