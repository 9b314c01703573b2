// Aggregates whose body is only a field-list macro (fixtures/index/macro-field-lists, after Mbed TLS's
// ssl_tls13_keys.h): the structs, unions and fields the compiler sees are symbols, and the declarations after them
// keep their kind, where the masked parse lost them to error recovery around the bare invocation.
import { beforeAll, describe, expect, it } from 'vitest';
import type { IndexResult } from '../../src/indexer/index-project.js';
import { getFileMap } from '../../src/query/get-file-map.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { searchBodies } from '../../src/query/search-bodies.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

let root: string;
let indexed: IndexResult;
const lookup = (name: string) => answerRows(withProject(root, (ctx) => lookupSymbol(ctx, { name }))).filter((r) => r.file === 'include/labels.h');

beforeAll(async () => {
  ({ root, result: indexed } = await indexedFixture(['index', 'macro-field-lists']));
});

describe('structs and unions whose body is a field-list macro', () => {
  it('two in a row are both indexed at their lines', () => {
    expect(lookup('labels_union')).toEqual([expect.objectContaining({ kind: 'union', line: 5, end_line: 7 })]);
    expect(lookup('labels_struct')).toEqual([expect.objectContaining({ kind: 'struct', line: 8, end_line: 10 })]);
  });

  it('the extern declaration after them is a variable declaration, not a field', () => {
    expect(lookup('labels')).toEqual([expect.objectContaining({ kind: 'varglobal', line: 12, column: 35, is_definition: false, signature: 'extern const struct labels_struct labels' })]);
    expect(lookup('use_labels')).toEqual([expect.objectContaining({ kind: 'function', line: 13, is_definition: false })]);
  });

  it('the fields the macro writes are fields of each aggregate, at the invocation', () => {
    const fields = ['finished', 'key'].flatMap(lookup).map((r) => [r.qualified_name, r.kind, r.line, r.column, r.signature]);
    expect(fields).toEqual([
      ['labels_union::finished', 'field', 6, 5, 'const unsigned char finished[sizeof("finished") - 1]'],
      ['labels_struct::finished', 'field', 9, 5, 'const unsigned char finished[sizeof("finished") - 1]'],
      ['labels_union::key', 'field', 6, 5, 'const unsigned char key[sizeof("key") - 1]'],
      ['labels_struct::key', 'field', 9, 5, 'const unsigned char key[sizeof("key") - 1]'],
    ]);
    const union = lookup('labels_union')[0];
    expect(lookup('finished').find((r) => r.qualified_name === 'labels_union::finished')?.parent_id).toBe(union.id);
  });

  it('one such aggregate alone has its fields too', () => {
    expect(lookup('label_lengths')).toEqual([expect.objectContaining({ kind: 'struct', line: 19 })]);
    const fields = ['finished_len', 'key_len'].flatMap(lookup).map((r) => [r.qualified_name, r.kind, r.line]);
    expect(fields).toEqual([
      ['label_lengths::finished_len', 'field', 20],
      ['label_lengths::key_len', 'field', 20],
    ]);
  });

  it('a definition read from the expanded text keeps its body and docstring as written', () => {
    const fn = lookup('key_label_ok');
    expect(fn).toEqual([expect.objectContaining({ kind: 'function', line: 17, is_definition: true, docstring: 'Checks the key label.' })]);
    const bodies = answerRows(withProject(root, (ctx) => searchBodies(ctx, { query: 'LABEL_CHECK' })));
    expect(bodies).toEqual([expect.objectContaining({ name: 'key_label_ok', file: 'include/labels.h', match_lines: [{ line: 17, text: expect.stringContaining('return LABEL_CHECK(key);') }] })]);
  });

  it('the header reports no syntax error', () => {
    expect(indexed.builds.flatMap((b) => b.diagnostics).filter((d) => d.file.endsWith('labels.h'))).toEqual([]);
    const map = withProject(root, (ctx) => getFileMap(ctx, { filePath: 'include/labels.h' }));
    expect(JSON.stringify(map)).not.toContain('syntax error');
  });
});
