// The cache of lexed macro bodies is bounded by their tokens, not only by their number: builds that each expand
// long object-like macros (Mbed TLS's test certificates, 1 000-2 000 tokens each, defined again in every image) keep
// at most the budget's tokens between builds, and index the rows a run with an unbounded cache indexes.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { cachedBodyTokens, lexedBodyCache, MacroDef, parseDefine } from '../../src/preprocessor/macro-definition.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { tempDir } from '../helpers/fixture-project.js';
import { indexedCodeRows } from '../helpers/indexed-code-rows.js';

const BUILDS = 6;
const CERTS = 4;
/** Bytes of each certificate: its macro's body is twice as many tokens (each byte and its comma) and two braces. */
const CERT_BYTES = 300;
const CERT_TOKENS = 2 * CERT_BYTES + 1;

/** A header of long array-initializer macros written over continued lines, as Mbed TLS's test certificates are. */
function certsHeader(): string {
  const out: string[] = [];
  for (let c = 0; c < CERTS; c++) {
    const bytes = Array.from({ length: CERT_BYTES }, (_, k) => `0x${((k * 7 + c) & 0xff).toString(16).padStart(2, '0')}`);
    const lines: string[] = [];
    for (let k = 0; k < bytes.length; k += 12) lines.push(`    ${bytes.slice(k, k + 12).join(', ')}${k + 12 < bytes.length ? ',' : ''}`);
    out.push(`#define TEST_CERT${c}_DER {${' \\'}\n${lines.join(' \\\n')} \\\n}`);
  }
  return out.join('\n') + '\n';
}

/** BUILDS build folders compiling one unit that expands every certificate, each with its own -DBOARD. */
function writeProject(root: string): void {
  fs.mkdirSync(path.join(root, 'include'));
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'include', 'certs.h'), certsHeader());
  const uses = Array.from({ length: CERTS }, (_, c) => `const unsigned char cert${c}[] = TEST_CERT${c}_DER;`).join('\n');
  // A function of its own in each build: no two builds mask main.c to the same text, so none takes the macro
  // invocations another build found there (invocations-memo.ts) and each expands the certificates itself.
  const ownFunctions = Array.from({ length: BUILDS }, (_, b) => `#if BOARD == ${b}\nint board_${b}(void) { return cert2[${b}]; }\n#endif`).join('\n');
  fs.writeFileSync(path.join(root, 'src', 'main.c'), `#include "certs.h"\n${uses}\n#if BOARD > 2\nint late_board(void) { return cert0[BOARD]; }\n#endif\n${ownFunctions}\nint main(void) { return cert1[0]; }\n`);
  for (let b = 0; b < BUILDS; b++) {
    const dir = path.join(root, `build-${b}`);
    fs.mkdirSync(dir);
    const file = path.join(root, 'src', 'main.c');
    fs.writeFileSync(path.join(dir, 'compile_commands.json'), JSON.stringify([{ directory: dir, file, command: `cc -I${path.join(root, 'include')} -DBOARD=${b} -c ${file} -o main.o` }]));
  }
  writeConfig(root, DEFAULT_CONFIG);
}

/** Indexes the project, answering the cache's tokens as each build starts (what the builds before it left). */
async function tokensBetweenBuilds(root: string): Promise<number[]> {
  const seen: number[] = [];
  const result = await indexProject({ root, workers: 0, onProgress: (m) => { if (m.includes('preprocessing')) seen.push(lexedBodyCache().tokens); } });
  expect(result.builds.map((b) => b.error)).toEqual(Array(BUILDS).fill(undefined));
  return seen;
}

const saved = cachedBodyTokens.max;
afterEach(() => {
  cachedBodyTokens.max = saved;
});

describe('lexed macro bodies', () => {
  it('are kept up to the token budget, however many long bodies are expanded', () => {
    cachedBodyTokens.max = 3 * CERT_TOKENS;
    const defs: MacroDef[] = [];
    for (let k = 0; k < 20; k++) {
      defs.push(parseDefine(`LONG${k} {${Array.from({ length: CERT_BYTES }, (_, j) => j).join(', ')}}`, '/certs.h', k + 1).def!);
      expect(defs[k].body.length).toBe(CERT_TOKENS);
      expect(lexedBodyCache().tokens).toBeLessThanOrEqual(cachedBodyTokens.max);
    }
    // The last ones expanded are still cached (the same array again), the first relexed alike.
    expect(defs[19].body).toBe(defs[19].body);
    expect(defs[0].body.map((t) => t.v)).toEqual(defs[19].body.map((t) => t.v).map((v) => v.replace('LONG19', 'LONG0')));
    // A body past the budget alone is lexed, never kept.
    cachedBodyTokens.max = CERT_TOKENS - 1;
    const before = lexedBodyCache();
    const big = parseDefine(`BIG {${Array.from({ length: CERT_BYTES }, (_, j) => j).join(', ')}}`, '/certs.h', 30).def!;
    expect(big.body.length).toBe(CERT_TOKENS);
    expect(lexedBodyCache()).toEqual(before);
  });

  it('are kept up to 65 536 tokens and 8 192 bodies by default', () => {
    // Bodies of 301 tokens: 300 of them hold 90 300 tokens, past the default budget (the cache empties at it).
    let most = 0;
    for (let k = 0; k < 300; k++) {
      const def = parseDefine(`DEFAULT${k} {${Array.from({ length: 150 }, (_, j) => j).join(', ')}}`, '/defaults.h', k + 1).def!;
      expect(def.body.length).toBe(301);
      most = Math.max(most, lexedBodyCache().tokens);
    }
    expect(most).toBeGreaterThan(60_000);
    expect(most).toBeLessThanOrEqual(1 << 16);
    // Short bodies: at most 8 192 of them.
    let bodies = 0;
    for (let k = 0; k < 10_000; k++) {
      parseDefine(`SHORT${k} ${k}`, '/defaults.h', k + 1).def!.body;
      bodies = Math.max(bodies, lexedBodyCache().bodies);
    }
    expect(bodies).toBe(8_192);
  });

  it('held between builds stay within the budget, and the builds index the rows of an unbounded cache', async () => {
    const roots = [tempDir(), tempDir()];
    for (const root of roots) writeProject(root);
    cachedBodyTokens.max = Number.MAX_SAFE_INTEGER;
    const unbounded = await tokensBetweenBuilds(roots[0]);
    // Each build's table defines the certificates anew: without a budget their bodies pile up build after build.
    expect(unbounded[BUILDS - 1]).toBeGreaterThanOrEqual((BUILDS - 1) * CERTS * CERT_TOKENS);
    cachedBodyTokens.max = 2 * CERTS * CERT_TOKENS;
    const bounded = await tokensBetweenBuilds(roots[1]);
    for (const tokens of bounded) expect(tokens).toBeLessThanOrEqual(cachedBodyTokens.max);
    const a = indexedCodeRows(roots[0]);
    expect(a.symbols.length).toBeGreaterThan(CERTS);
    expect(indexedCodeRows(roots[1])).toEqual(a);
  });
});
