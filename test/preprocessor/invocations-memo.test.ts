// A file's invocations found with one build's table are taken for another build's only when the text is the same and
// the new table answers every question the finding asked alike: a name that becomes a macro, or a definition whose
// text changes, has the invocations found again.
import { describe, expect, it } from 'vitest';
import type { MacroRecord } from '../../src/preprocessor/api.js';
import { BuildMacroTable } from '../../src/preprocessor/build-macro-table.js';
import { findInvocations } from '../../src/preprocessor/macro-invocations.js';
import { InvocationsMemo, TableQuestions } from '../../src/preprocessor/invocations-memo.js';
import { lookupIn } from '../../src/preprocessor/macro-lookup.js';

const FILE = '/p/config.h';
const USER = '/p/f.c';
const TEXT = 'void f(void) {\n  YIELD;\n  helper(LIMIT);\n  CALL(2);\n}\n';

function table(defs: [string, string | null, string][]): BuildMacroTable {
  const records: MacroRecord[] = defs.map(([name, params, value], i) => ({ name, params, value, functionLike: params !== null, file: FILE, line: i + 1, expandedValue: null, docstring: '' }) as MacroRecord);
  return new BuildMacroTable(records);
}

const BASE: [string, string | null, string][] = [
  ['YIELD', null, 'vPortYield()'],
  ['LIMIT', null, '(40 * 2)'],
  ['CALL', '(x)', 'helper(x)'],
];

/** The memo's answer for `t` after a finding with the base table was kept. */
function afterBase(t: BuildMacroTable, text = TEXT): { kept: ReturnType<typeof findInvocations>; found: ReturnType<typeof findInvocations> | undefined } {
  const memo = new InvocationsMemo();
  const base = table(BASE);
  const questions = new TableQuestions(base);
  const kept = findInvocations(TEXT, USER, base, undefined, false, false, undefined, undefined, questions);
  memo.keep(USER, 'h1', questions, kept);
  return { kept, found: memo.find(USER, text === TEXT ? 'h1' : 'h2', t, lookupIn(t, USER, undefined)) };
}

describe('InvocationsMemo', () => {
  it('records the same finding as one asked without questions', () => {
    const base = table(BASE);
    expect(findInvocations(TEXT, USER, base, undefined, false, false, undefined, undefined, new TableQuestions(base))).toEqual(findInvocations(TEXT, USER, base));
  });

  it('gives the kept finding to a table with the same definitions (other objects, other lines)', () => {
    const { kept, found } = afterBase(table([['UNRELATED', null, '1'], ...BASE]));
    expect(found).toBe(kept);
    expect(kept.invocations.map((i) => i.name)).toEqual(['YIELD', 'CALL']);
  });

  it('finds again where a name of the text became a macro', () => {
    const { found } = afterBase(table([...BASE, ['helper', '(x)', 'other(x)']]));
    expect(found).toBeUndefined();
  });

  it('finds again where a definition looked up reads otherwise', () => {
    expect(afterBase(table([['YIELD', null, 'taskYIELD()'], ...BASE.slice(1)])).found).toBeUndefined();
    expect(afterBase(table([...BASE.slice(0, 2), ['CALL', '(y)', 'helper(y)']])).found).toBeUndefined();
  });

  it('finds again for another text', () => {
    expect(afterBase(table(BASE), 'other').found).toBeUndefined();
  });
});
