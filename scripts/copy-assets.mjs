// Copies the non-TypeScript assets the compiled code loads at run time (tree-sitter .scm queries) into dist/.
import { cpSync, mkdirSync, chmodSync, existsSync } from 'node:fs';

mkdirSync('dist/src/parser/queries', { recursive: true });
cpSync('src/parser/queries', 'dist/src/parser/queries', { recursive: true });
for (const entry of ['dist/src/cli/main.js', 'dist/src/cli/bin.cjs']) if (existsSync(entry)) chmodSync(entry, 0o755);
