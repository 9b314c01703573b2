// A fixture case copied, configured and indexed once for a describe block, and whether a variant's index defines
// a name: what the adapter tests ask of the builds a fixture's flags select.
import { afterAll, beforeAll } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { copyFixture, removeFixture } from './fixture-helper.js';

export interface IndexedFixture {
  /** The copy's folder (set once the block's beforeAll ran). */
  readonly root: string;
  /** Whether `variant`'s index (its `image`, where it has several) holds a definition or declaration named `name`. */
  defined(name: string, variant: string, image?: string): boolean;
}

/** Registers the copy, its index run and its removal on the enclosing describe block. */
export function indexedFixture(name: string): IndexedFixture {
  let root = '';
  beforeAll(async () => {
    root = copyFixture(name);
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
  });
  afterAll(() => removeFixture(root));
  return {
    get root() {
      return root;
    },
    defined: (symbol, variant, image) =>
      (withProject(root, (ctx) => lookupSymbol(ctx, { name: symbol, variant, ...(image ? { image } : {}) })) as Record<string, unknown>[]).filter((x) => 'kind' in x).length > 0,
  };
}
