// Ninja adapter for build folders with a build.ninja and no compile database: compile units and the link
// edge are recovered by parsing the manifest (parse-ninja.ts), as `ninja -t compdb` would list them.
// Folders with a compile_commands.json are left to the CMake/compile-database adapters. A manifest linking several
// programs has one image per program (image-links.ts).
import path from 'node:path';
import type { AdapterOptions, AdapterResult, BuildAdapter, BuildDescription } from '../contract.js';
import { applyLinkedUnits } from '../shared/linked-units.js';
import { defaultTargetObjects } from './default-closure.js';
import { linkedObjects } from './link-closure.js';
import { folderVariantName, isFile, relPath } from '../shared/fs-helpers.js';
import { dirsWith, discoveryFor, type DiscoveredDir } from '../shared/discover-build-dirs.js';
import { readCMakeCache } from '../shared/cmake-cache.js';
import { parseNinjaManifest } from './parse-ninja.js';
import { chooseLink, linkSourceOf, recoverFromManifest } from './recover-units.js';
import { guarded } from '../shared/guard.js';
import { folderImages } from '../shared/image-links.js';

export const ninjaAdapter: BuildAdapter = {
  name: 'ninja',
  detect(projectRoot: string, options: AdapterOptions): AdapterResult {
    const result: AdapterResult = { builds: [], diagnostics: [] };
    for (const found of dirsWith(discoveryFor(projectRoot, options), 'build.ninja')) {
      guarded(path.join(found.dir, 'build.ninja'), 'reading the ninja build', result.diagnostics, () => detectIn(found));
    }
    return result;

    function detectIn({ dir, shownAs }: DiscoveredDir): void {
      const file = path.join(dir, 'build.ninja');
      if (!isFile(file) || isFile(path.join(dir, 'compile_commands.json'))) return;
      const manifest = parseNinjaManifest(file);
      const recovered = recoverFromManifest(manifest);
      result.diagnostics.push(...manifest.diagnostics, ...recovered.diagnostics);
      if (recovered.units.length === 0) {
        if (manifest.edges.length > 0) {
          result.diagnostics.push({ severity: 'info', file, message: 'no C/C++ compile edges found in this ninja file; not a build of its own', fix: 'point [build] compile_commands at the real build folder if this is wrong' });
        }
        return;
      }
      const cache = readCMakeCache(path.join(dir, 'CMakeCache.txt'));
      const buildType = cache?.values.get('CMAKE_BUILD_TYPE');
      for (const { link, image, defaultImage, named } of folderImages(recovered.links, chooseLink(recovered.links), dir)) {
        const build: BuildDescription = {
          buildSystem: 'ninja',
          variant: folderVariantName(projectRoot, shownAs),
          image,
          imageType: 'app',
          defaultImage,
          description: `ninja build ${relPath(projectRoot, path.join(shownAs, 'build.ninja'))} (${recovered.units.length} compile edges${buildType ? `, ${buildType}` : ''}${link?.info.output ? `, links ${named ? relPath(dir, link.info.output) : path.basename(link.info.output)}` : ''})`,
          buildDir: dir,
          units: recovered.units,
          linkerScripts: link?.info.linkerScripts ?? [],
          linkArguments: link?.argv,
          linkSource: link ? linkSourceOf(link) : undefined,
          mapFile: link?.info.mapFile,
          elfFile: link?.info.output,
          provenance: 'read',
        };
        applyLinkedUnits(build, link ? { method: 'ninja-link-edge', source: file, objects: linkedObjects(manifest, link) } : defaultTargetObjects(file, manifest), result.diagnostics);
        result.builds.push(build);
      }
    }
  },
};
