// A header included several times by one unit with a macro #undef'd and defined anew before each inclusion (a
// template header: CMSIS-DSP's arm_boolean_distance_template.h): each read defines its own function, all indexed as
// the compiler's object has them, and the calls each read's expansion makes are found.
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexPath } from '../../src/project/config.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture, tempDir } from '../helpers/fixture-project.js';

const functions = (root: string) =>
  withProject(root, (ctx) => listSymbols(ctx, { kind: 'function' }).symbols)
    .filter((s) => s.file === 'include/count_template.h')
    .map((s) => `${s.line} ${s.name}${s.is_definition ? ' def' : ''}`)
    .sort();

describe('a template header read once per variant', () => {
  let root: string;

  beforeAll(async () => {
    ({ root } = await indexedFixture(['index', 'template-header-reads']));
  });

  it('indexes the function each read declares and defines', () => {
    expect(functions(root)).toEqual([
      '5 count_bits_ones',
      '5 count_bits_parity',
      '5 count_bits_zeros',
      '7 count_bits_ones def',
      '7 count_bits_parity def',
      '7 count_bits_zeros def',
    ]);
  });

  it('finds the calls each read makes', () => {
    const db = new Database(indexPath(root), { readonly: true });
    const called = db.prepare("SELECT DISTINCT r.name FROM refs r JOIN parse_chunks rc ON rc.chunk_id = r.chunk_id JOIN parsed_files p ON p.id = rc.parsed_id JOIN files f ON f.id = p.file_id WHERE f.path = 'include/count_template.h' ORDER BY r.name").all() as { name: string }[];
    db.close();
    expect(called.map((r) => r.name)).toEqual(expect.arrayContaining(['ones', 'parity', 'zeros']));
  });

  it.runIf(hasTool('gcc') && hasTool('nm'))('agrees with the compiler: the unit defines the three functions', () => {
    const obj = path.join(tempDir(), 'count.o');
    execFileSync('gcc', ['-std=gnu11', '-c', `-I${path.join(root, 'include')}`, path.join(root, 'src', 'count.c'), '-o', obj]);
    const defined = execFileSync('nm', ['--defined-only', obj], { encoding: 'utf8' }).split('\n').filter((l) => / T /.test(l)).map((l) => l.split(' ').pop());
    expect(defined.sort()).toEqual(['count_bits_ones', 'count_bits_parity', 'count_bits_zeros']);
  });
});
