// No symbol without a name: every fixture project is indexed and every symbol of every build is
// checked; a declaration whose name the parser cannot read (a macro-written one) is skipped and counted.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSymbols } from '../../src/parser/extract-symbols.js';
import { openProject } from '../../src/query/project-context.js';
import { indexedFixture, PROJECT_ROOT } from '../helpers/fixture-project.js';

/** Fixture cases that are firmware projects (they hold a build description the adapters detect). */
function projectFixtures(): string[][] {
  const out: string[][] = [];
  for (const area of ['adapters', 'index', 'relevance']) {
    const dir = path.join(PROJECT_ROOT, 'fixtures', area);
    if (!fs.existsSync(dir)) continue;
    for (const c of fs.readdirSync(dir).sort()) if (fs.statSync(path.join(dir, c)).isDirectory()) out.push([area, c]);
  }
  return out;
}

describe('no nameless symbols', () => {
  it('a macro-written declaration is skipped and its line counted', () => {
    const text = [
      'static portTASK_FUNCTION_PROTO( prvIdleTask, pvParameters ) ;',
      'static K_THREAD_STACK_ARRAY_DEFINE(stacks, 4, 512);',
      'int ok_after(void);',
    ].join('\n');
    const ex = extractSymbols(text, { relPath: 'tasks.c', language: 'c' });
    expect(ex.symbols.map((s) => s.name)).toEqual(['ok_after']);
    expect(ex.nameless).toEqual([1, 2]);
  });

  it.each(projectFixtures())('every symbol of every build of fixtures/%s/%s has a name', async (...parts) => {
    const { root } = await indexedFixture(parts);
    const ctx = openProject(root);
    try {
      for (const build of ctx.reader?.builds() ?? []) {
        const { rows } = ctx.reader!.listSymbols({ buildId: build.id }, { limit: 1_000_000, offset: 0 });
        const nameless = rows.filter((r) => !r.name.trim() || !r.qualified_name.trim());
        expect(nameless, `${build.variant}/${build.image}`).toEqual([]);
      }
    } finally {
      ctx.close();
    }
  });
});
