// Stamps the build's adapter code: writes dist/adapters/code-fingerprint.txt, the sha1 of every module the build
// adapters run (adapterCodeModules: each path relative to dist, then its bytes), which the detection cache keys its
// answers by (adapters/detection-cache.ts) instead of walking those folders and hashing each module's size and mtime
// on every run. Written after tsc, so it is no older than the modules it covers; a later compile rewrites them and
// the stamp, older then, is not used. Run by `npm run build`.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { adapterCodeModules } from '../dist/adapters/detection-cache.js';

const DIST = path.resolve('dist');
const h = createHash('sha1');
for (const p of adapterCodeModules(path.join(DIST, 'adapters'))) {
  h.update(`${path.relative(DIST, p).split(path.sep).join('/')}\0`).update(fs.readFileSync(p)).update('\0');
}
fs.writeFileSync(path.join(DIST, 'adapters', 'code-fingerprint.txt'), `${h.digest('hex')}\n`);
