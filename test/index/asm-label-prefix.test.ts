// A macro expansion in code uses the compiler's implicit macros where no #define of the build applies: glibc's
// __ASMNAME2(__USER_LABEL_PREFIX__, cname) stringizes the empty prefix, as gcc -E shows it.
import { beforeAll, describe, expect, it } from 'vitest';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('a declaration whose assembler name a glibc-style __REDIRECT writes', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-label-prefix'])).root;
  });

  it('has the signature the compiler reads: the user label prefix expanded (empty) before it is stringized', () => {
    const fn = withProject(root, (ctx) => listSymbols(ctx, { file: 'include/redirect.h' }).symbols).find((s) => s.name === 'open_file');
    expect(fn?.signature).toBe('extern int open_file (const char *path) __asm__ ("" "open_file64")');
  });
});
