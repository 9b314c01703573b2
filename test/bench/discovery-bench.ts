// The build search on a Zephyr-workspace-sized tree: ~40 k files in nested module folders, builds in an
// application folder, a sample and a symlinked scratch folder. Reports cold and warm (folder cache) times.
import fs from 'node:fs';
import path from 'node:path';
import { discoverBuildDirs } from '../../adapters/shared/discover-build-dirs.js';

/** Writes the tree under `root`: `modules` × `dirsPerModule` folders of `filesPerDir` files, plus three builds. */
export function generateWorkspace(root: string, opts = { modules: 40, dirsPerModule: 50, filesPerDir: 20 }): { files: number; folders: number } {
  let files = 0;
  let folders = 0;
  for (let m = 0; m < opts.modules; m++) {
    for (let d = 0; d < opts.dirsPerModule; d++) {
      const dir = path.join(root, m < 4 ? 'zephyr' : 'modules', `m${m}`, `sub${d % 5}`, `d${d}`);
      fs.mkdirSync(dir, { recursive: true });
      folders++;
      for (let f = 0; f < opts.filesPerDir; f++) {
        fs.writeFileSync(path.join(dir, `f${f}.${f % 3 ? 'c' : 'h'}`), '');
        files++;
      }
    }
  }
  const build = (dir: string) => {
    fs.mkdirSync(path.join(dir, 'zephyr'), { recursive: true });
    for (const f of ['CMakeCache.txt', 'build.ninja', 'compile_commands.json']) fs.writeFileSync(path.join(dir, f), '');
  };
  build(path.join(root, 'app', 'build'));
  build(path.join(root, 'samples', 'x', 'build-nrf'));
  build(`${root}-scratch`);
  fs.symlinkSync(`${root}-scratch`, path.join(root, 'build-scratch'));
  return { files, folders };
}

export function discoveryBench(root: string): void {
  const { files, folders } = generateWorkspace(root);
  const cacheFile = path.join(root, '.fw-context', 'build-search.json');
  fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
  const cold = discoverBuildDirs(root, { cacheFile });
  const warm = [0, 1, 2, 3, 4].map(() => discoverBuildDirs(root, { cacheFile }).elapsedMs).sort((a, b) => a - b);
  const nocache = discoverBuildDirs(root, {});
  console.log(`\nbuild search over ${files} files in ${folders} folders (${cold.foldersSearched} searched, ${cold.dirs.length} build folders found):`);
  console.log(`  cold (no cache): ${nocache.elapsedMs.toFixed(1)} ms; first run writing the cache: ${cold.elapsedMs.toFixed(1)} ms`);
  console.log(`  warm (folder mtimes unchanged): median ${warm[2].toFixed(1)} ms, max ${warm[4].toFixed(1)} ms`);
  fs.rmSync(`${root}-scratch`, { recursive: true, force: true });
}
