// What masking a file asks of its build's macros, recorded: another build's macros answer alike when they differ only
// in names the text does not hold and its expansions did not read; a differing definition, blanking or enum value of a
// name it asked about does not. The answers keep nothing of the masking's own scope (the build's blanking, the names'
// flags keyed by slices of the masked text).
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { MacroRecord } from '../../src/preprocessor/api.js';
import { BuildMacroTable } from '../../src/preprocessor/build-macro-table.js';
import { findInvocations } from '../../src/preprocessor/macro-invocations.js';
import { blankableMacros, blankMacroUses } from '../../src/indexer/blank-macros.js';
import { enumMacroKey } from '../../src/indexer/enum-macro-key.js';
import { answersHold, blankAnswer, maskAnswers, RecordingTable, RecordingValues, sameBlankAnswer, type MacrosNow } from '../../src/indexer/mask-questions.js';

const def = (name: string, value: string, params: string | null = null): MacroRecord => ({ name, params, value, functionLike: params !== null, file: '/p/m.h', line: 1, expandedValue: /^\d+$/.test(value) ? value : null, docstring: '' });

const TEXT = 'WEAK void run(void) { CALL(go); }\nenum { N = COUNT };\n';

function macros(records: MacroRecord[]): MacrosNow {
  const table = new BuildMacroTable(records);
  return { table, blankable: blankableMacros(records), conditional: undefined, values: table.values };
}

/** The answers masking TEXT records against `records`. */
function recorded(records: MacroRecord[]) {
  const now = macros(records);
  const table = new RecordingTable(now.table);
  const values = new RecordingValues(now.values);
  const blanked = blankMacroUses(TEXT, now.blankable);
  findInvocations(blanked, '/p/a.c', table);
  enumMacroKey(blanked, values);
  return maskAnswers(TEXT, table, values, now.blankable, undefined);
}

const BASE = [def('WEAK', ''), def('CALL', 'helper_##f()', '(f)'), def('COUNT', '3')];

describe('mask questions', () => {
  it('hold for macros that differ only in names the masking did not ask about', () => {
    const answers = recorded(BASE);
    expect(answersHold(answers, macros(BASE))).toBe(true);
    expect(answersHold(answers, macros([...BASE, def('UNUSED_ELSEWHERE', '7')]))).toBe(true);
  });

  it('fail for a name the text holds, its expansion read, its blanking or an enum value', () => {
    const answers = recorded(BASE);
    // A definition the expansion reads (`helper_go` after the paste), which the text itself never names.
    expect(answersHold(answers, macros([...BASE, def('helper_go', 'other')]))).toBe(false);
    expect(answersHold(answers, macros([def('WEAK', '__attribute__((weak))'), BASE[1], BASE[2]]))).toBe(true);
    expect(answersHold(answers, macros([def('WEAK', 'static'), BASE[1], BASE[2]]))).toBe(false);
    expect(answersHold(answers, macros([BASE[0], def('CALL', 'other_##f()', '(f)'), BASE[2]]))).toBe(false);
    expect(answersHold(answers, macros([BASE[0], BASE[1], def('COUNT', '4')]))).toBe(false);
    expect(answersHold(answers, macros([...BASE, def('run', 'x')]))).toBe(false);
  });

  it("keep nothing of the masking's scope alive: the build's blanking goes while the answers are kept", async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const now = macros(BASE);
    let blankable: MacrosNow['blankable'] | undefined = blankableMacros(BASE);
    const blanking = new WeakRef(blankable);
    const table = new RecordingTable(now.table);
    const values = new RecordingValues(now.values);
    enumMacroKey(blankMacroUses(TEXT, blankable), values);
    table.definedIn('WEAK', '/p/m.h');
    const answers = maskAnswers(TEXT, table, values, blankable, undefined);
    blankable = undefined;
    // A WeakRef's target lives to the end of the job that made it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(answers.checks.length).toBeGreaterThanOrEqual(2);
    expect(blanking.deref()).toBeUndefined();
    expect(answersHold(answers, now)).toBe(true);
  });

  it("check a name's blanking against the recorded answer as comparing their texts does", () => {
    const replacements = [undefined, '', ' ', 'x   ', '\u0001', 'a\u0000b'];
    const glues = [undefined, '|', 'const|', '\u0001'];
    const blankings = replacements.flatMap((r) => glues.flatMap((g) => [false, true].map((f) => ({ objectLike: new Map(r === undefined ? [] : [['N', r]]), unwrapped: new Map(g === undefined ? [] : [['N', g]]), functionLike: new Set(f ? ['N'] : []) }))));
    for (const then of blankings) {
      const recorded = blankAnswer(then, 'N');
      for (const now of blankings) expect(sameBlankAnswer(now, 'N', recorded)).toBe(blankAnswer(now, 'N') === recorded);
    }
  });
});
