// Copies a fixture repo to a folder and writes the folder's real path where generated files hold the
// `@FIXTURE_ROOT@` placeholder, so fixtures never depend on where the project was cloned.
import fs from 'node:fs';
import path from 'node:path';

export const FIXTURE_PLACEHOLDER = '@FIXTURE_ROOT@';

export function copyFixture(source: string, destination: string): string {
  fs.mkdirSync(destination, { recursive: true });
  const root = fs.realpathSync(destination);
  fs.cpSync(source, root, { recursive: true });
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const buf = fs.readFileSync(p);
        if (buf.includes(FIXTURE_PLACEHOLDER)) fs.writeFileSync(p, buf.toString('utf8').split(FIXTURE_PLACEHOLDER).join(root));
      }
    }
  };
  walk(root);
  return root;
}

/** Absolute path of a fixture folder shipped with the project (`fixtures/<area>/<case>`). */
export function fixturePath(...parts: string[]): string {
  const here = path.dirname(new URL(import.meta.url).pathname);
  // src/project → project root; dist/src/project → project root.
  let root = path.resolve(here, '..', '..');
  if (path.basename(root) === 'dist') root = path.dirname(root);
  return path.join(root, 'fixtures', ...parts);
}
