// Copies a fixture case from fixtures/adapters/ into a fresh temp folder and replaces the `@FIXTURE_ROOT@`
// placeholder in its text files with that folder, so generated build files hold real absolute paths.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/adapters');
export const PLACEHOLDER = '@FIXTURE_ROOT@';

function replaceIn(dir: string, root: string): void {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) replaceIn(p, root);
    else if (e.isFile()) {
      const buf = fs.readFileSync(p);
      if (buf.includes(0)) continue; // binary
      const text = buf.toString('utf8');
      if (text.includes(PLACEHOLDER)) fs.writeFileSync(p, text.split(PLACEHOLDER).join(root));
    }
  }
}

/** A temp copy of `fixtures/adapters/<caseName>` with placeholders filled in; returns its absolute root. */
export function copyFixture(caseName: string): string {
  const src = path.join(FIXTURES_DIR, caseName);
  if (!fs.existsSync(src)) throw new Error(`no fixture ${src}`);
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `fwctx-${caseName}-`)));
  fs.cpSync(src, root, { recursive: true });
  replaceIn(root, root);
  return root;
}

export function removeFixture(root: string): void {
  if (root.startsWith(fs.realpathSync(os.tmpdir()))) fs.rmSync(root, { recursive: true, force: true });
}

/** Path relative to the fixture root, with `/` separators (for assertions). */
export function rel(root: string, p: string | undefined): string | undefined {
  return p === undefined ? undefined : path.relative(root, p).split(path.sep).join('/');
}
