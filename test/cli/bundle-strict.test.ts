// The bin's CommonJS bundles (status-cli.cjs, main-cli.cjs) run strict, as the ES modules they are made of do:
// their function's body opens with the 'use strict' directive (rolldown's CommonJS output adds none of its own).
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { assertCliBuilt, CLI } from '../helpers/fixture-project.js';

describe('the command bundles', () => {
  for (const name of ['status-cli', 'main-cli']) {
    it(`${name}.cjs runs its code in strict mode`, () => {
      assertCliBuilt();
      const source = fs.readFileSync(path.join(path.dirname(CLI), `${name}.cjs`), 'latin1');
      expect(source).toMatch(/^\(function \([\w, ]+\) \{"use strict";\n/);
      // The directive holds for the whole body: `this` of a plain call is undefined, not the global object.
      const probe = `${source.slice(0, source.indexOf('\n') + 1)}return (function () { return this; })();\n})`;
      const fn = vm.runInThisContext(probe) as () => unknown;
      expect(fn()).toBeUndefined();
    });
  }
});
