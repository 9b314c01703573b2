// The find fixture indexed in a temp folder that is a git work tree (so .gitignore applies, as for ripgrep).
import fs from 'node:fs';
import path from 'node:path';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';

export async function indexedFindFixture(): Promise<string> {
  const root = copyFixtureToTemp('find', 'two-boards-cpp');
  fs.mkdirSync(path.join(root, '.git'));
  writeConfig(root, { ...DEFAULT_CONFIG });
  await indexProject({ root });
  return root;
}
